import type { CallContext } from '../context/CallContext.js';
import { ToolAbortedError } from '../errors/ToolAbortedError.js';
import { ToolTimeoutError } from '../errors/ToolTimeoutError.js';

/**
 * Runs `run` until it settles, the time limit passes or the caller's signal aborts, whichever is
 * first. On timeout or abort the call's signal is aborted and the call settles at once: a handler
 * that ignores its signal cannot hold the call open, and its late result or error is dropped.
 */
export function withDeadline(run: () => Promise<unknown>, ctx: CallContext, timeoutMs: number | undefined, signal: AbortSignal | undefined): Promise<unknown> {
  if (timeoutMs === undefined && signal === undefined) return run();
  return new Promise((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const stop = (error: Error): void => {
      cleanup();
      ctx.abort(error);
      reject(error);
    };
    const onAbort = (): void => stop(new ToolAbortedError(ctx.tool));
    const cleanup = (): void => {
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    if (timeoutMs !== undefined) timer = setTimeout(() => stop(new ToolTimeoutError(ctx.tool, timeoutMs)), timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });
    run().then(
      (value) => {
        cleanup();
        resolve(value);
      },
      (error: unknown) => {
        cleanup();
        reject(error);
      },
    );
  });
}
