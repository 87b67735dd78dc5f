import type { DefinitionProblem } from '../../contracts/DefinitionProblem.js';
import { readDtoModel } from './readDtoModel.js';

/**
 * The problem of a DTO found through reflection (so this program emits decorator metadata) none of whose decorated
 * properties has the `design:type` TypeScript emits for each: its module ran before reflect-metadata was loaded, and
 * the types were dropped. Undefined when some property has its type, or none is decorated.
 */
export function loadOrderProblem(dto: Function): DefinitionProblem | undefined {
  const { properties } = readDtoModel(dto).model;
  if (properties.length === 0 || properties.some((p) => p.designType !== undefined)) return undefined;
  return {
    where: dto.name,
    code: 'missing_metadata',
    message:
      'has no design:type metadata on any property, though this program emits it: its module was loaded before ' +
      "reflect-metadata, which drops them. Import 'reflect-metadata' first, before any decorated class is loaded " +
      '(the first import of the entry file)',
  };
}
