import type { ToolErrorPayload } from '../contracts/ToolErrorPayload.js';
import { MAX_REASON, redactAndClip } from './redactSecrets.js';
import { ToolError } from './ToolError.js';

/** The call needed a human's approval and did not get it: refused, timed out, or nobody could be asked. Nothing ran. */
export class ApprovalDeniedError extends ToolError {
  readonly code = 'approval_denied' as const;
  readonly retryable = false;
  /** Why, redacted: an approver's reason is written by code that may quote anything. */
  readonly reason: string;
  protected static override readonly captureStack = false;

  constructor(
    readonly tool: string,
    reason: string,
    /** Who refused, when the approver said (for the audit trail; not sent to the model). */
    readonly by?: string,
  ) {
    const redacted = redactAndClip(String(reason), MAX_REASON);
    super(`${tool} was not approved: ${redacted}. Do not call it again unless the user asks you to.`);
    this.reason = redacted;
  }

  override toPayload(): ToolErrorPayload {
    return { ...super.toPayload(), reason: this.reason };
  }
}
