import { metadataKeys } from '../metadata/metadataKeys.js';
import { updateOwnMetadata } from '../metadata/updateOwnMetadata.js';

/**
 * Marks the method that offers completions for an argument (of a prompt) or a variable (of a resource template) of
 * that name, for every prompt and template of the same class. It is given the value typed so far, the other arguments
 * chosen, and the context, and returns strings (at most 100 are sent). It runs only for a caller the entry's guards
 * and permissions allow.
 *
 * @example
 * @Complete('language')
 * languages(prefix: string) { return ['go', 'python', 'typescript'].filter((l) => l.startsWith(prefix)); }
 */
export function Complete(argument: string): MethodDecorator {
  return (target: object, property: string | symbol) => {
    updateOwnMetadata<ReadonlyMap<string, string | symbol>>(
      metadataKeys.completers,
      target.constructor,
      undefined,
      () => new Map(),
      (current) => new Map(current).set(argument, property),
    );
  };
}
