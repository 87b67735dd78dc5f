/** The own keys of an options object that are known, and the names of the others. */
export interface OwnOptions {
  /** A null-prototype copy holding only the known keys the object owns. */
  readonly values: Readonly<Record<string, unknown>>;
  /** Own keys that are not known, to be refused. */
  readonly unknown: readonly string[];
}

/**
 * Reads an options object by its own keys only: a key inherited from a prototype (a polluted
 * Object.prototype) is never read. Anything but a plain object reads as none.
 * @internal
 */
export function ownOptions(given: unknown, known: readonly string[]): OwnOptions {
  const values: Record<string, unknown> = Object.create(null);
  const unknown: string[] = [];
  if (typeof given !== 'object' || given === null) return { values, unknown };
  for (const key of Object.keys(given)) {
    if (known.includes(key)) values[key] = (given as Record<string, unknown>)[key];
    else unknown.push(key);
  }
  return { values, unknown };
}
