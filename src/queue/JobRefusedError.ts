import type { ToolErrorPayload } from '../contracts/ToolErrorPayload.js';
import { ToolError } from '../errors/ToolError.js';

/**
 * A worker refused a queued job before running anything: with a signing key, the job was
 * unsigned, altered, signed with another key, too old, or its id had run before (a replay).
 * Code `permission_denied`, not retryable; `reason` says which. The agent's call ends with it (as a
 * RemoteToolError of the same code and reason), and the worker logs it.
 */
export class JobRefusedError extends ToolError {
  readonly code = 'permission_denied' as const;
  readonly retryable = false;
  protected static override readonly captureStack = false;

  constructor(
    readonly tool: string,
    readonly reason: string,
  ) {
    const advice = 'Check that the agent (queuedToolset) and its workers (toolWorker) share a signingKey.';
    super(`${tool} was refused by the queue's worker: ${reason}. Nothing ran. ${advice}`);
  }

  override toPayload(): ToolErrorPayload {
    return { ...super.toPayload(), reason: this.reason };
  }
}
