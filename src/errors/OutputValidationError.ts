import { ToolError } from './ToolError.js';
import type { ToolErrorPayload } from './ToolErrorPayload.js';
import type { ValidationIssue } from './ValidationIssue.js';

/** The tool returned something its declared `output` does not allow. A bug in the tool, not in the call. */
export class OutputValidationError extends ToolError {
  readonly code = 'invalid_output' as const;
  readonly retryable = false;

  constructor(readonly tool: string, readonly issues: readonly ValidationIssue[]) {
    super(
      `${tool} returned a result that does not match its declared output:\n` +
        issues.map((i) => `- ${i.message}`).join('\n') +
        '\nThis is a fault in the tool; calling it again with the same arguments will fail the same way.',
    );
  }

  override toPayload(): ToolErrorPayload {
    return { ...super.toPayload(), issues: this.issues };
  }
}
