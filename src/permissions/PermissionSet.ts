import { ToolDefinitionError } from '../errors/ToolDefinitionError.js';
import { permissionProblem } from './parsePermission.js';

/**
 * An immutable set of granted permissions. `fs:*` grants every action of `fs`; nothing grants
 * across domains except {@link PermissionSet.all}. Malformed permissions are refused at construction.
 *
 * @example
 * const granted = PermissionSet.none().grant('fs:read', 'net:http');
 * granted.allows('fs:read'); // true
 */
export class PermissionSet {
  readonly #granted: ReadonlySet<string>;
  readonly #all: boolean;

  constructor(permissions: Iterable<string> = [], all = false) {
    const granted = new Set<string>();
    const problems: string[] = [];
    for (const permission of permissions) {
      const problem = permissionProblem(permission, { allowWildcard: true });
      if (problem) problems.push(`PermissionSet: ${problem}`);
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
