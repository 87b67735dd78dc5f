import { PermissionSet } from '../permissions/PermissionSet.js';
import type { McpCallerIdentity } from './McpCallerIdentity.js';

/**
 * What `mcp.caller(request)` returned, as an identity of its own keys, or an Error naming the hook
 * when it is not one: not an object, or `permissions` that are not a PermissionSet. The request is
 * then refused; a wrong answer never stands for "no restriction".
 * @internal
 */
export function readIdentity(returned: unknown): McpCallerIdentity | Error {
  if (typeof returned !== 'object' || returned === null) {
    return new Error(
      `mcp.caller(request) returned ${returned === null ? 'null' : typeof returned}; return { caller, permissions, principal }`,
    );
  }
  const own = (key: keyof McpCallerIdentity): unknown =>
    Object.hasOwn(returned, key) ? (returned as Record<string, unknown>)[key] : undefined;
  const permissions = own('permissions');
  if (permissions !== undefined && !(permissions instanceof PermissionSet)) {
    return new Error(
      'mcp.caller(request) returned permissions that are not a PermissionSet: build them with PermissionSet.none().grant(...), or leave them out',
    );
  }
  const principal = own('principal');
  // On a null prototype: a later read of a key left out finds nothing, whatever Object.prototype holds.
  return Object.freeze(
    Object.assign(Object.create(null) as McpCallerIdentity, {
      caller: own('caller'),
      ...(permissions !== undefined && { permissions }),
      ...(principal !== undefined && { principal: principal as string }),
    }),
  );
}
