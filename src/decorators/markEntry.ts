import type { EntryMark } from '../metadata/EntryOptions.js';
import { metadataKeys } from '../metadata/metadataKeys.js';
import { updateOwnMetadata } from '../metadata/updateOwnMetadata.js';

/** The decorator `@Resource`, `@ResourceTemplate` and `@Prompt` make: records the mark on the class or the method. */
export function markEntry(mark: EntryMark): ClassDecorator & MethodDecorator {
  return ((target: object, property?: string | symbol) => {
    if (property === undefined) {
      Reflect.defineMetadata(metadataKeys.classEntry, mark, target);
      return;
    }
    updateOwnMetadata<ReadonlyMap<string | symbol, EntryMark>>(
      metadataKeys.methodEntries,
      target.constructor,
      undefined,
      () => new Map(),
      (current) => new Map(current).set(property, mark),
    );
  }) as ClassDecorator & MethodDecorator;
}
