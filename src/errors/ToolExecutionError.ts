import { ToolError } from './ToolError.js';

/** The handler (or an interceptor) threw. `cause` is exactly what was thrown, whatever it was. */
export class ToolExecutionError extends ToolError {
  readonly code = 'execution_failed' as const;
  readonly retryable = false;

  constructor(
    readonly tool: string,
    detail: string,
    options: { cause: unknown },
  ) {
    super(`${tool} failed: ${detail}`, options);
  }
}
