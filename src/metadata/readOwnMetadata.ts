/** Reads own metadata, with a default when there is none. Never throws. */
export function readOwnMetadata<T>(key: symbol, target: object, property: string | symbol | undefined, fallback: T): T {
  const value = (
    property === undefined ? Reflect.getOwnMetadata(key, target) : Reflect.getOwnMetadata(key, target, property)
  ) as T | undefined;
  return value ?? fallback;
}
