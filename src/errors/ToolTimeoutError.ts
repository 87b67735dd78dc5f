import { ToolError } from './ToolError.js';

/** The call ran past its time limit; its signal was aborted and its result, if any comes, is dropped. */
export class ToolTimeoutError extends ToolError {
  readonly code = 'timeout' as const;
  readonly retryable = true;
  protected static override readonly captureStack = false;

  constructor(
    readonly tool: string,
    readonly timeoutMs: number,
  ) {
    super(`${tool} did not finish within ${timeoutMs} ms and was stopped. Try again, or with a smaller request.`);
  }
}
