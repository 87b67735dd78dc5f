/** Per-call options of `call`, `dispatch` and `execute`. */
export interface CallOptions {
  /** Cancels the call: its context's signal is aborted and the call ends with ToolAbortedError. */
  readonly signal?: AbortSignal;
  /** Identifies the call in the context and the outcome; generated when absent. */
  readonly callId?: string;
  /** Time limit for this call, in milliseconds; overrides the tool's and the module's. */
  readonly timeoutMs?: number;
  /** Who is calling: carried to `ctx.caller`, never interpreted. */
  readonly caller?: unknown;
  /** Receives the tool's `ctx.progress(...)` reports. */
  readonly onProgress?: (progress: number, total?: number, message?: string) => void;
}
