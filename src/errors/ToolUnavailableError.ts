import { ToolError } from './ToolError.js';

/** A requirement declared with `@Requires` is not met now. It names the requirement, never a value. */
export class ToolUnavailableError extends ToolError {
  readonly code = 'tool_unavailable' as const;
  readonly retryable = false;
  protected static override readonly captureStack = false;

  constructor(
    readonly tool: string,
    readonly reason: string,
  ) {
    super(`${tool} is unavailable: ${reason}. Use another tool, or ask the operator to provide it.`);
  }
}
