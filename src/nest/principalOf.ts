import type { McpCallerIdentity } from './McpCallerIdentity.js';

/**
 * Who owns what a request opens: the identity's `principal`, else its caller when it is a string or
 * a number, else the caller's `id` or `sub` when that is one; `undefined` for no caller (anonymous),
 * and an Error for a caller that cannot be told apart from another, whose sessions would be anyone's.
 * @internal
 */
export function principalOf(identity: McpCallerIdentity): string | undefined | Error {
  if (identity.principal !== undefined) {
    return typeof identity.principal === 'string'
      ? identity.principal
      : new Error('mcp.caller returned a principal that is not a string');
  }
  const { caller } = identity;
  if (caller === undefined || caller === null) return undefined;
  if (typeof caller === 'string' || typeof caller === 'number') return String(caller);
  if (typeof caller === 'object') {
    for (const key of ['id', 'sub'] as const) {
      const value = Object.hasOwn(caller, key) ? (caller as Record<string, unknown>)[key] : undefined;
      if (typeof value === 'string' || typeof value === 'number') return String(value);
    }
  }
  return new Error(
    'the MCP endpoint cannot tell who this caller is: mcp.caller(request) gave a caller that is not a string or a number and has no string id or sub; return { caller, permissions, principal } with a stable principal (the user id)',
  );
}
