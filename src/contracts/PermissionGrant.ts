/**
 * What a call or a guard needs of a grant: which of a tool's permissions it lacks. A
 * `PermissionSet` is one; the type is structural so that contracts import nothing.
 */
export interface PermissionGrant {
  /** Whether `permission` (an exact `domain:action`) is granted. */
  allows(permission: string): boolean;
  /** The first of `required` that is not granted, in the order given, or undefined. */
  firstMissing(required: readonly string[]): string | undefined;
}
