/**
 * The one writer every decorator uses: replaces the own metadata under `key` with
 * `update(current ?? initial())`. The stored value is never mutated in place.
 */
export function updateOwnMetadata<T>(
  key: symbol,
  target: object,
  property: string | symbol | undefined,
  initial: () => T,
  update: (current: T) => T,
): void {
  const current = (
    property === undefined ? Reflect.getOwnMetadata(key, target) : Reflect.getOwnMetadata(key, target, property)
  ) as T | undefined;
  const next = update(current ?? initial());
  if (property === undefined) Reflect.defineMetadata(key, next, target);
  else Reflect.defineMetadata(key, next, target, property);
}
