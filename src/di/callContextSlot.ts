import type { ToolContext } from '../context/ToolContext.js';

let current: ToolContext | undefined;

/**
 * Runs a synchronous container resolution with `ctx` as the ToolContext to inject. Resolution is
 * synchronous, so one slot is enough: no other call can interleave with it.
 */
export function resolveWithContext<T>(ctx: ToolContext, resolve: () => T): T {
  const previous = current;
  current = ctx;
  try {
    return resolve();
  } finally {
    current = previous;
  }
}

/** The context being injected, or undefined outside a call-scoped resolution. */
export function currentContext(): ToolContext | undefined {
  return current;
}
