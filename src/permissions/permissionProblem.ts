const SEGMENT = /^[a-z][a-z0-9_.-]*$/i;

/**
 * Checks a permission string. Returns why it is malformed, or undefined when it is well formed.
 * A permission is `domain:action`; a grant may use `domain:*` for every action of one domain.
 */
export function permissionProblem(permission: unknown, options: { allowWildcard: boolean }): string | undefined {
  if (typeof permission !== 'string') return `a permission must be a string, got ${typeof permission}`;
  const parts = permission.split(':');
  if (parts.length !== 2) {
    if (permission === '*')
      return '"*" is not allowed: grant everything with PermissionSet.all(), or one domain with "domain:*"';
    return `"${permission}" is not of the form "domain:action" (for example "fs:read")`;
  }
  const [domain, action] = parts as [string, string];
  if (domain === '*') {
    return `"${permission}" is not allowed: wildcards cover one domain's actions ("fs:*"), never one action across domains`;
  }
  if (!SEGMENT.test(domain))
    return `"${permission}" has an invalid domain "${domain}" (letters, digits, "_", "." and "-", starting with a letter)`;
  if (action === '*') {
    return options.allowWildcard
      ? undefined
      : `"${permission}" is a wildcard; a tool declares the exact actions it needs`;
  }
  if (!SEGMENT.test(action))
    return `"${permission}" has an invalid action "${action}" (letters, digits, "_", "." and "-", starting with a letter)`;
  return undefined;
}
