import { type AuthInfo, isJSONRPCRequest } from '@modelcontextprotocol/server';
import { PermissionSet } from '../permissions/PermissionSet.js';
import { checkAccess } from '../pipeline/checkAccess.js';
import type { ToolRegistry } from '../registry/ToolRegistry.js';
import { coreOf } from '../tools/createRegisteredTool.js';
import { isScopeToken, type ScopeGrants } from './ScopeGrants.js';

/** Why a call is refused with 403 `insufficient_scope`: the scopes to ask for, and the permissions they would add. */
export interface ScopeStepUp {
  /** The complete scope set to ask the authorization server for: the token's own, and those the call needs. */
  readonly scopes: readonly string[];
  /** The tool's permissions the token's scopes do not grant. */
  readonly missing: readonly string[];
}

/**
 * Whether a request is a `tools/call` that the token's scopes do not allow, but declared scopes would (RFC 6750
 * `insufficient_scope`, the MCP authorization spec's step-up): the tool exists, some of its permissions are missing,
 * a declared scope grants each of them, and with those the call would pass the toolsets' grants and the guards
 * (asked with the token's principal as the caller). Anything else goes on to be answered as usual.
 */
export async function scopeChallenge(
  registry: ToolRegistry,
  grants: ScopeGrants,
  body: unknown,
  info: AuthInfo,
): Promise<ScopeStepUp | undefined> {
  if (!isJSONRPCRequest(body) || body.method !== 'tools/call') return undefined;
  const name = (body.params as { name?: unknown } | undefined)?.name;
  if (typeof name !== 'string' || registry.isCallerView || !registry.has(name)) return undefined;
  const held = info.extra?.permissions;
  if (!(held instanceof PermissionSet)) return undefined;
  const tool = registry.get(name);
  const missing = tool.definition.permissions.filter((permission) => !held.allows(permission));
  if (missing.length === 0) return undefined;
  const needed = grants.scopesFor(missing);
  if (needed === undefined) return undefined;
  const stepped = held.grant(...grants.permissionsOf(needed).toJSON());
  const denial = await checkAccess(coreOf(tool))({ via: 'mcp', principal: info.extra?.principal }, stepped);
  if (denial !== undefined) return undefined;
  // The token's own scopes go into a header: only those that are OAuth scope tokens.
  return { scopes: [...new Set([...info.scopes.filter(isScopeToken), ...needed])], missing };
}
