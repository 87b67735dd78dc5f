import type { PermissionSet } from '../permissions/PermissionSet.js';

/** Who a `forCaller` view acts for. */
export interface CallerIdentity {
  /** Carried to guards, approvers and `ctx.caller`, never interpreted. */
  readonly caller: unknown;
  /** The caller's own grant; the toolsets' grants stay the ceiling. */
  readonly permissions?: PermissionSet;
}
