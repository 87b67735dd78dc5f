import { updateOwnMetadata } from '../metadata/updateOwnMetadata.js';

/**
 * A decorator for class or method that adds `items` to a list under `key`. Decorators apply
 * bottom-up, so each group is put in front: the list reads in source order, top to bottom.
 */
export function classOrMethodList<T>(key: symbol, items: readonly T[]): ClassDecorator & MethodDecorator {
  return ((target: object, property?: string | symbol) => {
    updateOwnMetadata<readonly T[]>(
      key,
      target,
      property,
      () => [],
      (current) => [...items, ...current],
    );
  }) as ClassDecorator & MethodDecorator;
}
