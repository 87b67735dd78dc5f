import { ToolError } from './ToolError.js';
import type { ToolErrorPayload } from '../contracts/ToolErrorPayload.js';

/** The call needed a human's approval and did not get it: refused, timed out, or nobody could be asked. Nothing ran. */
export class ApprovalDeniedError extends ToolError {
  readonly code = 'approval_denied' as const;
  readonly retryable = false;
  protected static override readonly captureStack = false;

  constructor(
    readonly tool: string,
    readonly reason: string,
  ) {
    super(`${tool} was not approved: ${reason}. Do not call it again unless the user asks you to.`);
  }

  override toPayload(): ToolErrorPayload {
    return { ...super.toPayload(), reason: this.reason };
  }
}
