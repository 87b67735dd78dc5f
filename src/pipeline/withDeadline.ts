import type { CallContext } from '../context/CallContext.js';
import { ToolAbortedError } from '../errors/ToolAbortedError.js';
import { ToolTimeoutError } from '../errors/ToolTimeoutError.js';
import { onAbort } from '../internal/onAbort.js';

/**
 * Runs `run` until it settles, the time limit passes or the caller's signal aborts, whichever is
 * first. On timeout or abort the call's signal is aborted and the call settles at once: a handler
 * that ignores its signal cannot hold the call open, and its late result or error is dropped.
 * A result that arrives after the limit is a timeout too, even when the event loop was too busy
 * to fire the timer in time.
 */
export function withDeadline(
  run: () => Promise<unknown>,
  ctx: CallContext,
  timeoutMs: number | undefined,
  signal: AbortSignal | undefined,
): Promise<unknown> {
  if (timeoutMs === undefined && signal === undefined) return run();
  return new Promise((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    let removeAbort: (() => void) | undefined;
    let done = false;
    const startedAt = timeoutMs === undefined ? 0 : performance.now();
    const cleanup = (): boolean => {
      if (done) return false;
      done = true;
      if (timer !== undefined) clearTimeout(timer);
      removeAbort?.();
      return true;
    };
    const stop = (error: Error): void => {
      if (!cleanup()) return;
      ctx.abort(error);
      reject(error);
    };
    const late = (): boolean => timeoutMs !== undefined && performance.now() - startedAt >= timeoutMs;
    if (timeoutMs !== undefined) timer = setTimeout(() => stop(new ToolTimeoutError(ctx.tool, timeoutMs)), timeoutMs);
    if (signal !== undefined) removeAbort = onAbort(signal, () => stop(new ToolAbortedError(ctx.tool)));
    let running: Promise<unknown>;
    try {
      running = run();
    } catch (error) {
      running = Promise.reject(error);
    }
    running.then(
      (value) => {
        if (late()) return stop(new ToolTimeoutError(ctx.tool, timeoutMs!));
        if (cleanup()) resolve(value);
      },
      (error: unknown) => {
        if (late()) return stop(new ToolTimeoutError(ctx.tool, timeoutMs!));
        if (cleanup()) reject(error);
      },
    );
  });
}
