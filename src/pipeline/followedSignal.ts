import type { CallOptions } from '../contracts/CallOptions.js';

/**
 * The key of an internal call option: a signal the call follows rather than races. Its abort
 * reaches the tool's `ctx.signal` (linked only when the tool first reads it) and an approval's
 * wait, and the call then ends as aborted once its handler settles; the handler is not cut off.
 * For a kernel that never answers a cancelled request (MCP), where ending the call at once gains
 * nothing and listening on every request's signal costs more than the rest of the call. Not
 * part of the public API: a symbol, so no caller's options can set it by accident.
 */
export const FOLLOWED_SIGNAL: unique symbol = Symbol('hermes-tools followed signal');

/** CallOptions with the internal followed signal. */
export interface FollowingCallOptions extends CallOptions {
  readonly [FOLLOWED_SIGNAL]?: AbortSignal;
}

/** The signal a call follows, if any. */
export function followedSignal(options: CallOptions): AbortSignal | undefined {
  return (options as FollowingCallOptions)[FOLLOWED_SIGNAL];
}
