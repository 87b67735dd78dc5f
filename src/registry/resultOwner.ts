import { callerKey } from './callerKey.js';

/**
 * The key under which a kernel names who owns what a call leaves behind (a result cut to fit),
 * set on the caller it makes. Not part of the public API: a symbol, so no caller's own data can set it.
 */
export const RESULT_OWNER: unique symbol = Symbol('hermes-tools result owner');

/**
 * Who owns the results a caller's calls leave behind: the owner its kernel named (MCP: the
 * authenticated principal, else the session, else the connection), else the caller itself,
 * by {@link callerKey}.
 */
export function resultOwnerOf(caller: unknown): string {
  const named =
    typeof caller === 'object' && caller !== null && Object.hasOwn(caller, RESULT_OWNER)
      ? (caller as { [RESULT_OWNER]: unknown })[RESULT_OWNER]
      : undefined;
  return typeof named === 'string' ? `owner:${named}` : callerKey(caller);
}
