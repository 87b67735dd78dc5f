/**
 * `object[key]` when the object holds the key as its own, else undefined: never a value inherited
 * from a prototype (a polluted Object.prototype must not name a caller, approve a call or set an
 * id). Undefined for a missing object too.
 */
export function ownValue<T extends object, K extends keyof T>(object: T | null | undefined, key: K): T[K] | undefined {
  return object !== undefined && object !== null && Object.hasOwn(object, key) ? object[key] : undefined;
}
