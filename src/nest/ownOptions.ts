/**
 * A frozen copy of `options` holding its own enumerable keys only, on a null prototype: every later
 * read of it (`options.granted`, a destructuring) sees what the app gave, never a key a polluted
 * Object.prototype adds. Nothing (`undefined`, `null`) gives an empty copy.
 * @internal
 */
export function ownOptions<T extends object>(options: T | null | undefined): T {
  return Object.freeze(Object.assign(Object.create(null) as T, options ?? {}));
}
