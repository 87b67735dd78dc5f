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
    // Time spent waiting for a person (ctx.ask) does not count: the limit is paused while any question is open.
    let pausedFor = 0;
    let pauses = 0;
    let pausedAt = 0;
    const spent = (): number => performance.now() - startedAt - pausedFor;
    const cleanup = (): boolean => {
      if (done) return false;
      done = true;
      if (timer !== undefined) clearTimeout(timer);
      removeAbort?.();
      ctx.holdDeadlineWith(undefined);
      return true;
    };
    const stop = (error: Error): void => {
      if (!cleanup()) return;
      ctx.abort(error);
      reject(error);
    };
    const late = (): boolean => timeoutMs !== undefined && pauses === 0 && spent() >= timeoutMs;
    const arm = (ms: number): void => {
      timer = setTimeout(() => stop(new ToolTimeoutError(ctx.tool, timeoutMs!)), ms);
    };
    if (timeoutMs !== undefined) {
      arm(timeoutMs);
      ctx.holdDeadlineWith(() => {
        if (done) return () => undefined;
        if (pauses++ === 0) {
          pausedAt = performance.now();
          clearTimeout(timer);
        }
        let resumed = false;
        return () => {
          if (resumed || done) return;
          resumed = true;
          if (--pauses > 0) return;
          pausedFor += performance.now() - pausedAt;
          arm(Math.max(0, timeoutMs - spent()));
        };
      });
    }
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
