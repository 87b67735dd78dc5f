import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import type { PermissionGrant } from '../contracts/PermissionGrant.js';
import type { ToolGuard } from '../contracts/ToolGuard.js';
import { ToolDefinitionError } from '../errors/ToolDefinitionError.js';
import { permissionProblem } from './permissionProblem.js';

/** The part of a guard request a PermissionSet reads: the tool's declared permissions. */
interface PermissionRequest {
  readonly tool: { readonly permissions: readonly string[] };
}

/**
 * An immutable set of granted permissions. `fs:*` grants every action of `fs`; nothing grants
 * across domains except {@link PermissionSet.all}. Malformed permissions are refused at construction.
 *
 * @example
 * const granted = PermissionSet.none().grant('fs:read', 'net:http');
 * granted.allows('fs:read'); // true
 */
export class PermissionSet implements PermissionGrant, ToolGuard {
  readonly #granted: ReadonlySet<string>;
  readonly #all: boolean;

  constructor(permissions: Iterable<string> = [], all = false) {
    const granted = new Set<string>();
    const problems: DefinitionProblem[] = [];
    for (const permission of permissions) {
      const problem = permissionProblem(permission, { allowWildcard: true });
      if (problem) problems.push({ where: 'PermissionSet', code: 'invalid_permission', message: problem });
      else granted.add(permission);
    }
    if (problems.length > 0) throw new ToolDefinitionError(problems);
    this.#granted = granted;
    this.#all = all;
    Object.freeze(this);
  }

  /** Grants nothing: the right default for an untrusted context. */
  static none(): PermissionSet {
    return NONE;
  }

  /** Grants everything, for a host that has decided it trusts its tools. */
  static all(): PermissionSet {
    return ALL;
  }

  /** A copy with more granted. The original is unchanged. */
  grant(...permissions: string[]): PermissionSet {
    return new PermissionSet([...this.#granted, ...permissions], this.#all);
  }

  /** Whether `permission` (an exact `domain:action`) is granted. */
  allows(permission: string): boolean {
    if (this.#all || this.#granted.has(permission)) return true;
    const colon = permission.indexOf(':');
    return colon > 0 && this.#granted.has(`${permission.slice(0, colon)}:*`);
  }

  /** The first of `required` that is not granted, in the order given, or undefined. */
  firstMissing(required: readonly string[]): string | undefined {
    for (const permission of required) if (!this.allows(permission)) return permission;
    return undefined;
  }

  /**
   * As a guard: allows a tool whose every declared permission is granted, and otherwise gives the
   * reason. Use it anywhere a guard goes (`@UseGuards(PermissionSet.none().grant('fs:read'))`).
   */
  canActivate(request: PermissionRequest): true | string {
    const missing = this.firstMissing(request.tool.permissions);
    return missing === undefined ? true : `it requires the "${missing}" permission, which was not granted`;
  }

  /** The granted permissions, `["*"]` for {@link PermissionSet.all}. */
  toJSON(): string[] {
    return this.#all ? ['*'] : [...this.#granted].sort();
  }

  toString(): string {
    return `PermissionSet(${this.toJSON().join(', ')})`;
  }
}

const NONE = new PermissionSet();
const ALL = new PermissionSet([], true);
