import type { AuditDestination } from '../pipeline/AuditTrail.js';

/** Options of a ToolRegistry built by hand. The container's registry gets them from `toolsModule`. */
export interface ToolRegistryOptions {
  /** Where the audit records of calls to names no tool has go. */
  readonly audit?: AuditDestination;
}
