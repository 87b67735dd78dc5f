import { randomBytes } from 'node:crypto';
import type { ResultStore, StoredResult } from '../contracts/ResultStore.js';

/** Bounds of a MemoryResultStore. */
export interface MemoryResultStoreOptions {
  /** Most results kept; the oldest go first. Default 100. */
  readonly maxEntries?: number;
  /** Most characters kept, over all results; the oldest go first. Default 50,000,000. */
  readonly maxChars?: number;
  /** How long a result can be read, in milliseconds. Default 10 minutes. */
  readonly ttlMs?: number;
  /** The clock, for tests. Default `Date.now`. */
  readonly now?: () => number;
}

/** The default ResultStore: in this process's memory, bounded by entries, by size and by age. */
export class MemoryResultStore implements ResultStore {
  readonly #entries = new Map<string, { readonly result: StoredResult; readonly expires: number }>();
  readonly #maxEntries: number;
  readonly #maxChars: number;
  readonly #ttlMs: number;
  readonly #now: () => number;
  #chars = 0;

  constructor(options: MemoryResultStoreOptions = {}) {
    this.#maxEntries = options.maxEntries ?? 100;
    this.#maxChars = options.maxChars ?? 50_000_000;
    this.#ttlMs = options.ttlMs ?? 10 * 60_000;
    this.#now = options.now ?? Date.now;
  }

  /** How many results are kept now. */
  get size(): number {
    return this.#entries.size;
  }

  /** Keeps `result` under a new unguessable id, dropping the oldest results past the bounds. */
  save(result: StoredResult): string {
    const id = `res_${randomBytes(12).toString('base64url')}`;
    this.#entries.set(id, { result, expires: this.#now() + this.#ttlMs });
    this.#chars += result.text.length;
    // Map iteration is insertion order: the first entries are the oldest.
    for (const [oldest, entry] of this.#entries) {
      if (this.#entries.size <= this.#maxEntries && this.#chars <= this.#maxChars) break;
      if (oldest === id) break;
      this.#drop(oldest, entry.result);
    }
    return id;
  }

  /** The result kept under `id`, unless it is unknown or expired. */
  load(id: string): StoredResult | undefined {
    const entry = this.#entries.get(id);
    if (entry === undefined) return undefined;
    if (entry.expires <= this.#now()) {
      this.#drop(id, entry.result);
      return undefined;
    }
    return entry.result;
  }

  #drop(id: string, result: StoredResult): void {
    this.#entries.delete(id);
    this.#chars -= result.text.length;
  }
}
