import type { Newable } from './Newable.js';

/** A result over its budget, kept whole so that the caller that produced it can read the rest. */
export interface StoredResult {
  /** The whole result, as JSON text. */
  readonly text: string;
  /** The tool that produced it, and the permissions it declares: a reader must hold them too. */
  readonly tool: string;
  readonly toolPermissions: readonly string[];
  /** Who produced it: the caller's identity (a stable key of `CallOptions.caller`). */
  readonly owner: string;
  /** Whether the call carried the caller's own permissions, which a reader must then carry too. */
  readonly restricted: boolean;
}

/**
 * Where results over budget are kept. The default keeps them in memory, bounded; implement it
 * over Redis (or anything) to share them between replicas. Ids are the store's to choose: make
 * them unguessable.
 */
export interface ResultStore {
  /** Keeps a result and returns the id it can be read by. */
  save(result: StoredResult): string | Promise<string>;
  /** The result, or undefined when it is unknown or expired. */
  load(id: string): StoredResult | undefined | Promise<StoredResult | undefined>;
}

/**
 * `toolsModule({ results })`: result budgets, on by default (`results: false` turns them off). Results over budget are
 * cut and `results.read` is added.
 */
export interface ResultBudgetOptions {
  /**
   * The default budget: characters of serialised JSON a call's result may take in an outcome. Default 100,000. `@Tool({
   * maxResultChars })` overrides it.
   */
  readonly maxChars?: number;
  /**
   * Where whole results are kept: an instance or an injectable class. Default: in memory, 100 results, 50 MB, 10
   * minutes.
   */
  readonly store?: ResultStore | Newable<ResultStore>;
}
