import type { SpentApprovalStore } from '../contracts/SpentApprovalStore.js';
import { ownOptions } from '../internal/ownOptions.js';

/** Options of {@link MemorySpentApprovals}. */
export interface MemorySpentApprovalsOptions {
  /**
   * The most states remembered while they are valid (5 minutes each). Past it, a new answer is refused (the call ends
   * `approval_denied`) rather than an unexpired state forgotten. Default 100,000.
   */
  readonly maxEntries?: number;
}

/**
 * The spent 2026-era approvals of this process: the default of every MCP endpoint. Enough for one process; replicas
 * that share a `requestStateKey` need a shared store (`RedisSpentApprovals` from `hermes-tools/queue`).
 */
export class MemorySpentApprovals implements SpentApprovalStore {
  /** The ids of the states that answered, with when they expire (ms): in the order they were spent. */
  readonly #spent = new Map<string, number>();
  readonly #max: number;

  constructor(options: MemorySpentApprovalsOptions = {}) {
    const { options: own, problem } = ownOptions(options, ['maxEntries']);
    if (problem !== undefined) throw new TypeError(`MemorySpentApprovals: ${problem}`);
    const max = own.maxEntries;
    if (max !== undefined && !(Number.isSafeInteger(max) && max >= 1))
      throw new TypeError(`MemorySpentApprovals: maxEntries must be a whole number of at least 1, got ${String(max)}`);
    this.#max = max ?? 100_000;
  }

  async isSpent(id: string): Promise<boolean> {
    return this.#has(id);
  }

  async spend(id: string, ttlMs: number): Promise<boolean> {
    if (this.#has(id)) return false;
    const now = Date.now();
    // Only the expired are forgotten: a state still valid is never dropped to make room, or it could answer again.
    for (const [spentId, until] of this.#spent) {
      if (until > now) break;
      this.#spent.delete(spentId);
    }
    if (this.#spent.size >= this.#max)
      throw new Error(
        `MemorySpentApprovals: ${this.#max} approvals answered within their lifetime already; this one is refused (maxEntries)`,
      );
    this.#spent.set(id, now + ttlMs);
    return true;
  }

  #has(id: string): boolean {
    const until = this.#spent.get(id);
    return until !== undefined && until > Date.now();
  }
}
