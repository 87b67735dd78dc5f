import type { ResultStore } from '../contracts/ResultStore.js';
import type { AuditDestination } from '../pipeline/AuditTrail.js';

/** Options of a ToolRegistry built by hand. The container's registry gets them from `toolsModule`. */
export interface ToolRegistryOptions {
  /** Where the audit records of calls to names no tool has go. */
  readonly audit?: AuditDestination;
  /** Where results over their budget are kept, when result budgets are on. */
  readonly results?: ResultStore;
}
