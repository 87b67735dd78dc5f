import type { LogLine } from '../contracts/LogLine.js';
import { onAbort } from '../internal/onAbort.js';
import type { LogRelay } from './LogRelay.js';
import type { ProgressRelay } from './ProgressRelay.js';

/**
 * The request of the round a 2026 call is in: where its progress reports and log lines go, and whose cancellation
 * ends it. A call that waits for an answer goes on in the retry's round: its reports go on that request's stream, and
 * the first request's end (its response sent, its connection closed) no longer reaches it.
 */
export class RoundRequest {
  readonly #controller = new AbortController();
  #unlink: (() => void) | undefined;

  constructor(
    private relay: ProgressRelay | undefined,
    private logs: LogRelay | undefined,
    signal: AbortSignal,
  ) {
    this.#follow(signal);
  }

  /** The signal the call follows: aborted when the request of its current round is. */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** The call's `onProgress`. */
  readonly progress = (progress: number, total?: number, message?: string): void =>
    this.relay?.report(progress, total, message);

  /** The call's `onLog`. */
  readonly line = (line: LogLine): void => this.logs?.line(line);

  /** The round ends: its request no longer reaches the call, and what it was sent is flushed before it is answered. */
  async close(): Promise<void> {
    this.#unlink?.();
    this.#unlink = undefined;
    if (this.relay !== undefined) await this.relay.close();
    if (this.logs !== undefined) await this.logs.close();
  }

  /** The next round's request takes the call from here on. */
  switchTo(relay: ProgressRelay | undefined, logs: LogRelay | undefined, signal: AbortSignal): void {
    this.relay = relay;
    this.logs = logs;
    this.#follow(signal);
  }

  #follow(signal: AbortSignal): void {
    this.#unlink?.();
    const abort = (): void => this.#controller.abort(signal.reason);
    if (signal.aborted) {
      this.#unlink = undefined;
      abort();
    } else this.#unlink = onAbort(signal, abort);
  }
}
