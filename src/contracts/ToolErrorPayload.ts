import type { ToolErrorCode } from './ToolErrorCode.js';
import type { ValidationIssue } from './ValidationIssue.js';

/** The JSON form of a {@link ToolError}: what crosses the API boundary. Never a stack, never a cause. */
export interface ToolErrorPayload {
  readonly code: ToolErrorCode;
  readonly message: string;
  readonly retryable: boolean;
  readonly issues?: readonly ValidationIssue[];
  readonly permission?: string;
  /** A guard's or an approver's reason for refusing. */
  readonly reason?: string;
}
