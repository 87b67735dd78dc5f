import { AsyncLocalStorage } from 'node:async_hooks';
import type { ToolContext } from '../contracts/ToolContext.js';

/**
 * The call a piece of code runs in, for the injected ToolContext. The storage is made only once
 * something injects ToolContext: AsyncLocalStorage slows every promise in the process on Node 20,
 * and a registry that never injects the context should not pay for it.
 */
let storage: AsyncLocalStorage<ToolContext> | undefined;

/** Turns call tracking on; from now on `runInCall` records the call. */
export function trackCalls(): void {
  storage ??= new AsyncLocalStorage<ToolContext>();
}

/** Whether call tracking is on (something injected ToolContext). */
export function trackingCalls(): boolean {
  return storage !== undefined;
}

/** Runs `fn` (and everything it awaits) as part of the call `ctx`. */
export function runInCall<T>(ctx: ToolContext, fn: () => T): T {
  return storage === undefined ? fn() : storage.run(ctx, fn);
}

/** The call the current code runs in, if any. */
export function currentCall(): ToolContext | undefined {
  return storage?.getStore();
}
