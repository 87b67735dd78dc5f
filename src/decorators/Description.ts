import { metadataKeys } from '../metadata/metadataKeys.js';

/** Describes a DTO property to the model (its schema `description`). */
export function Description(text: string): PropertyDecorator {
  return (target, property) => Reflect.defineMetadata(metadataKeys.description, text, target, property);
}
