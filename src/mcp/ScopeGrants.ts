import { PermissionSet } from '../permissions/PermissionSet.js';
import { permissionProblem } from '../permissions/permissionProblem.js';

/** RFC 6749's scope-token: printable ASCII but space, `"` and `\`. */
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]{1,200}$/;

/** Whether `value` is an OAuth scope (RFC 6749 scope-token), safe inside a `WWW-Authenticate` parameter. */
export function isScopeToken(value: unknown): boolean {
  return typeof value === 'string' && SCOPE_TOKEN.test(value);
}

/**
 * `McpHttpAuth.scopes` read once: which OAuth scope grants which permissions. It maps a token's scopes to the
 * caller's permissions, tells which tools a caller could reach by asking for more scopes (listed, so that a client
 * can step up), and which scopes a call needs (the `insufficient_scope` challenge). Read as own keys, in declaration
 * order; a bad declaration is a TypeError at startup.
 */
export class ScopeGrants {
  /** Each scope with the permissions it grants, in declaration order. */
  readonly #grants: readonly (readonly [scope: string, permissions: readonly string[], granted: PermissionSet])[];
  /** Every permission some scope grants. */
  readonly reachable: PermissionSet;

  constructor(declared: unknown, where: string) {
    if (typeof declared !== 'object' || declared === null || Array.isArray(declared))
      throw new TypeError(
        `${where}: auth.scopes must be an object of scope → permissions, e.g. { 'notes:write': ['notes:write'] }`,
      );
    const grants: [string, string[], PermissionSet][] = [];
    for (const scope of Object.keys(declared)) {
      if (!isScopeToken(scope))
        throw new TypeError(
          `${where}: auth.scopes: "${scope.slice(0, 80)}" is not an OAuth scope (printable ASCII, no spaces, quotes or backslashes)`,
        );
      const permissions: unknown = (declared as Record<string, unknown>)[scope];
      if (!Array.isArray(permissions) || permissions.some((p) => typeof p !== 'string'))
        throw new TypeError(`${where}: auth.scopes["${scope}"] must be an array of permissions (strings)`);
      for (const permission of permissions as string[]) {
        const problem = permissionProblem(permission, { allowWildcard: true });
        if (problem !== undefined) throw new TypeError(`${where}: auth.scopes["${scope}"]: ${problem}`);
      }
      grants.push([scope, [...(permissions as string[])], PermissionSet.none().grant(...(permissions as string[]))]);
    }
    if (grants.length === 0) throw new TypeError(`${where}: auth.scopes declares no scope`);
    this.#grants = grants;
    this.reachable = PermissionSet.none().grant(...grants.flatMap(([, permissions]) => permissions));
  }

  /** The declared scopes, for `scopes_supported` and the 401's `scope`. */
  get scopes(): string[] {
    return this.#grants.map(([scope]) => scope);
  }

  /** The permissions a token's scopes grant: those of each declared scope it holds; an undeclared scope grants none. */
  permissionsOf(scopes: readonly string[]): PermissionSet {
    const held = new Set(scopes);
    return PermissionSet.none().grant(
      ...this.#grants.filter(([scope]) => held.has(scope)).flatMap(([, permissions]) => permissions),
    );
  }

  /**
   * The scopes that would grant every permission in `missing`, or undefined when one of them no scope grants. For
   * each, a scope already chosen if it grants it, else the narrowest that does (fewest wildcards, then fewest
   * permissions; declaration order breaks ties): a client steps up to no more than the call needs.
   */
  scopesFor(missing: readonly string[]): string[] | undefined {
    const needed = new Set<string>();
    for (const permission of missing) {
      const granting = this.#grants.filter(([, , granted]) => granted.allows(permission));
      if (granting.length === 0) return undefined;
      if (granting.some(([scope]) => needed.has(scope))) continue;
      let narrowest = granting[0]!;
      for (const grant of granting) if (breadth(grant[1]) < breadth(narrowest[1])) narrowest = grant;
      needed.add(narrowest[0]);
    }
    return [...needed];
  }
}

/** How much a scope grants, to compare: each wildcard counts more than any number of plain permissions. */
function breadth(permissions: readonly string[]): number {
  return permissions.reduce((sum, p) => sum + (p.includes('*') ? 1_000_000 : 1), 0);
}
