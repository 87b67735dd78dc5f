import type { ToolErrorCode } from '../contracts/ToolErrorCode.js';
import type { ToolErrorPayload } from '../contracts/ToolErrorPayload.js';
import type { ValidationIssue } from '../contracts/ValidationIssue.js';
import { ToolError } from '../errors/ToolError.js';

/**
 * The error a worker's outcome carried, raised again on the agent: the same code, message,
 * `retryable`, issues, permission and reason, so the agent's outcome is the one a local call gives.
 */
export class RemoteToolError extends ToolError {
  readonly code: ToolErrorCode;
  readonly retryable: boolean;
  readonly #payload: ToolErrorPayload;
  protected static override readonly captureStack = false;

  constructor(
    readonly tool: string,
    payload: ToolErrorPayload,
  ) {
    super(payload.message);
    this.code = payload.code;
    this.retryable = payload.retryable;
    this.#payload = payload;
  }

  /** The issues the worker found, when its error had any. */
  get issues(): readonly ValidationIssue[] | undefined {
    return this.#payload.issues;
  }

  override toPayload(): ToolErrorPayload {
    const { issues, permission, reason } = this.#payload;
    return {
      ...super.toPayload(),
      ...(issues !== undefined && { issues }),
      ...(permission !== undefined && { permission }),
      ...(reason !== undefined && { reason }),
    };
  }
}
