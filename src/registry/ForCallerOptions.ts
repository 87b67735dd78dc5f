/** Options of `forCaller`. */
export interface ForCallerOptions {
  /** How long guards may take to answer; a tool whose guards have not answered is left out. Default 10 seconds. */
  readonly timeoutMs?: number;
  /**
   * Stops waiting for guards: the tools still unanswered are left out (all of them when it has already aborted). Not an
   * AbortSignal: a TypeError.
   */
  readonly signal?: AbortSignal;
}
