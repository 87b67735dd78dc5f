import { ToolError } from './ToolError.js';

/** The caller's signal aborted the call. */
export class ToolAbortedError extends ToolError {
  readonly code = 'aborted' as const;
  readonly retryable = false;
  protected static override readonly captureStack = false;

  constructor(readonly tool: string) {
    super(`${tool} was cancelled by the caller before it finished.`);
  }
}
