import { PermissionSet } from '../permissions/PermissionSet.js';
import { permissionProblem } from '../permissions/permissionProblem.js';

/**
 * The default mapping of a token's scopes to a caller's permissions: each scope that is a
 * permission (`domain:action` or `domain:*`) is granted; the others (`openid`, `offline_access`…)
 * carry no permission and are left out.
 */
export function scopesToPermissions(scopes: readonly string[]): PermissionSet {
  return PermissionSet.none().grant(
    ...scopes.filter((scope) => permissionProblem(scope, { allowWildcard: true }) === undefined),
  );
}
