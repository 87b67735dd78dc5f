/**
 * A map that holds at most `max` entries, forgetting the least recently used one to take a new one. For caches whose
 * keys can come from outside the process (a remote server's schemas, patterns and names): however many distinct keys
 * arrive, what is kept stays bounded. @internal
 */
export class BoundedCache<K, V> {
  readonly #entries = new Map<K, V>();

  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1)
      throw new RangeError(`BoundedCache: max must be a whole number ≥ 1, not ${max}`);
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The value kept for `key`, now the most recently used; undefined when none is kept. */
  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value === undefined) return undefined;
    // Moved to the end: Map keeps insertion order, so the first key is always the least recently used.
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  /** Keeps `value` for `key`, forgetting the least recently used entry when the cache is full. */
  set(key: K, value: V): void {
    this.#entries.delete(key);
    if (this.#entries.size >= this.max) this.#entries.delete(this.#entries.keys().next().value as K);
    this.#entries.set(key, value);
  }

  /** The value kept for `key`, or the one `make` returns, kept. */
  getOrMake(key: K, make: () => V): V {
    let value = this.get(key);
    if (value === undefined) {
      value = make();
      this.set(key, value);
    }
    return value;
  }
}
