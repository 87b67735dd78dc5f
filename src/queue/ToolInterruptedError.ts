import { ToolError } from '../errors/ToolError.js';

/**
 * A queued call's worker stopped while running it (killed, crashed, or shut down past its drain
 * limit), and the tool is not declared `idempotent: true`, so it was not run again: the call may or
 * may not have taken effect. Code `execution_failed`, not retryable: check before calling again.
 */
export class ToolInterruptedError extends ToolError {
  readonly code = 'execution_failed' as const;
  readonly retryable = false;

  constructor(readonly tool: string) {
    super(
      `${tool} was interrupted: the worker running it stopped before it finished, so the call may or may not have taken effect. ` +
        'It was not run again because the tool is not declared idempotent. Check whether it took effect before calling it again.',
    );
  }
}
