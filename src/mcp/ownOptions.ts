/**
 * A copy of `options` holding only its own enumerable keys, on a null prototype: read anywhere
 * downstream, a key the caller did not set is undefined, never a polluted `Object.prototype`'s.
 * @internal
 */
export function ownOptions<T extends object>(options: T): T {
  return Object.assign(Object.create(null) as T, options);
}
