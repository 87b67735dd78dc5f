import type { Denial } from '../contracts/Denial.js';
import { MAX_REASON, redactAndClip } from './redactSecrets.js';
import { ToolError } from './ToolError.js';
import type { ToolErrorPayload } from '../contracts/ToolErrorPayload.js';

/** A declared permission was not granted, or a guard denied the call. Nothing ran. */
export class PermissionDeniedError extends ToolError {
  readonly code = 'permission_denied' as const;
  readonly retryable = false;
  readonly permission: string | undefined;
  readonly reason: string | undefined;
  protected static override readonly captureStack = false;

  constructor(
    readonly tool: string,
    denial: string | Denial,
  ) {
    const { permission, reason: given } =
      typeof denial === 'string' ? { permission: denial, reason: undefined } : denial;
    // A guard's reason is written by code that may quote anything: it leaves redacted, like every message.
    const reason = given === undefined ? undefined : redactAndClip(String(given), MAX_REASON);
    const what =
      permission !== undefined
        ? `${tool} requires the "${permission}" permission, which was not granted.`
        : `${tool} was refused: ${reason}.`;
    super(`${what}\nRetrying with different arguments will not help`);
    this.permission = permission;
    this.reason = reason;
  }

  override toPayload(): ToolErrorPayload {
    return {
      ...super.toPayload(),
      ...(this.permission !== undefined ? { permission: this.permission } : { reason: String(this.reason) }),
    };
  }
}
