/**
 * Where the 2026-era approvals that have answered are remembered, so that a `requestState` approves one call only.
 * Every replica that may receive a client's retry (the replicas sharing one `requestStateKey`) needs the same store:
 * with one per process, a state sent again to another replica approves again until it expires (5 minutes).
 * `MemorySpentApprovals` (`hermes-tools/mcp`) keeps them in the process; `RedisSpentApprovals`
 * (`hermes-tools/queue`) shares them through Redis. A store that fails refuses the approval (fails closed).
 */
export interface SpentApprovalStore {
  /** Whether the state `id` has answered already (within its lifetime). */
  isSpent(id: string): Promise<boolean>;
  /**
   * Marks the state `id` spent for `ttlMs` milliseconds, atomically: resolves `true` when it was not spent yet, `false`
   * when it was. Of two retries racing with one state, exactly one gets `true`.
   */
  spend(id: string, ttlMs: number): Promise<boolean>;
}
