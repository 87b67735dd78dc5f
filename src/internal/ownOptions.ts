/** Options read as own keys: a null-prototype copy of the known keys given, and the given keys not known. */
export interface OwnOptions<T> {
  /** The known keys `given` holds as its own, and only those: reading any other finds nothing, not a prototype's. */
  readonly options: Partial<T>;
  /** The keys `given` holds that are not known, for the caller to refuse. */
  readonly unknown: readonly string[];
  /** What to say about them (`unknown option "grnated" (known: name, tools, …)`), or undefined when there are none. */
  readonly problem: string | undefined;
}

/**
 * The options `given` holds as its own, of the `known` keys, copied onto an object without a
 * prototype: a polluted Object.prototype (or options inherited on purpose) never sets an option.
 * A missing `given` is no options; a value that is not an object is the caller's to refuse.
 */
export function ownOptions<T extends object>(
  given: T | null | undefined,
  known: readonly (keyof T & string)[],
): OwnOptions<T> {
  const options = Object.create(null) as Record<string, unknown>;
  if (given === undefined || given === null || (typeof given !== 'object' && typeof given !== 'function')) {
    return { options: options as Partial<T>, unknown: [], problem: undefined };
  }
  for (const key of known) if (Object.hasOwn(given, key)) options[key] = (given as Record<string, unknown>)[key];
  const unknown = Object.keys(given).filter((key) => !(known as readonly string[]).includes(key));
  const problem =
    unknown.length === 0
      ? undefined
      : `unknown option${unknown.length > 1 ? 's' : ''} ${unknown
          .slice(0, 10)
          .map((key) => JSON.stringify(key.slice(0, 64)))
          .join(', ')}${unknown.length > 10 ? ` and ${unknown.length - 10} more` : ''} (known: ${known.join(', ')})`;
  return { options: options as Partial<T>, unknown, problem };
}

/**
 * A frozen copy of `options` holding its own enumerable keys only, on a null prototype: every later read of it (a
 * destructuring, `options.granted`) sees what the caller gave, never a key a polluted Object.prototype adds. Nothing
 * (`undefined`, `null`) gives an empty copy. For options passed on whole, whose keys another part checks.
 */
export function ownCopy<T extends object>(options: T | null | undefined): T {
  return Object.freeze(Object.assign(Object.create(null) as T, options ?? {}));
}
