import type { PermissionGrant } from '../contracts/PermissionGrant.js';
import { PermissionSet } from '../permissions/PermissionSet.js';

/**
 * A caller's grant as a job carries it: a PermissionSet's permissions (`["*"]` for all); for any
 * other grant, the tool's declared permissions it allows, which is all the worker's check reads.
 * Null when the call carries no grant of its own.
 */
export function describeGrant(
  grant: PermissionGrant | undefined,
  toolPermissions: readonly string[],
): readonly string[] | null {
  if (grant === undefined || grant === null) return null;
  if (grant instanceof PermissionSet) return grant.toJSON();
  return toolPermissions.filter((permission) => grant.allows(permission));
}
