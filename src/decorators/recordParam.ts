import { metadataKeys } from '../metadata/metadataKeys.js';
import type { ParamMetadata } from '../metadata/ParamMetadata.js';
import { updateOwnMetadata } from '../metadata/updateOwnMetadata.js';

/** Records what a parameter decorator says about parameter `index` of a method. */
export function recordParam(
  target: object,
  property: string | symbol | undefined,
  index: number,
  param: ParamMetadata,
): void {
  updateOwnMetadata<ReadonlyMap<number, ParamMetadata>>(
    metadataKeys.params,
    target,
    property ?? 'constructor',
    () => new Map(),
    (current) => new Map(current).set(index, param),
  );
}
