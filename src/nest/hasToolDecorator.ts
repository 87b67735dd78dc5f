import { metadataKeys } from '../metadata/metadataKeys.js';

/** Whether a class has `@Tool`, `@Resource`, `@ResourceTemplate` or `@Prompt` on itself or on one of its methods. */
export function hasToolDecorator(type: Function): boolean {
  return (
    Reflect.getOwnMetadata(metadataKeys.classTool, type) !== undefined ||
    Reflect.getOwnMetadata(metadataKeys.methodTools, type) !== undefined ||
    Reflect.getOwnMetadata(metadataKeys.classEntry, type) !== undefined ||
    Reflect.getOwnMetadata(metadataKeys.methodEntries, type) !== undefined
  );
}
