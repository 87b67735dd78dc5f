import { redactIssues } from './redactIssues.js';
import { ToolError } from './ToolError.js';
import type { ToolErrorPayload } from '../contracts/ToolErrorPayload.js';
import type { ValidationIssue } from '../contracts/ValidationIssue.js';

/**
 * The tool returned something its declared `output` does not allow, or something that cannot be
 * sent as JSON (`declared` false: the tool declares no output). A bug in the tool, not in the call.
 * The messages describe the mismatch without quoting the result, which may hold anything.
 */
export class OutputValidationError extends ToolError {
  readonly code = 'invalid_output' as const;
  readonly retryable = false;
  readonly issues: readonly ValidationIssue[];

  /**
   * @param declared Whether the tool declares an output (the result does not match it) or not (it cannot be sent as
   * JSON).
   * @param what What is wrong, when it is neither: `content parts that cannot be sent`.
   */
  constructor(
    readonly tool: string,
    issues: readonly ValidationIssue[],
    declared = true,
    what?: string,
  ) {
    super(
      `${tool} returned a result that ${what ?? (declared ? 'does not match its declared output' : 'cannot be sent as JSON')}:\n` +
        issues.map((i) => `- ${i.message}`).join('\n') +
        '\nThis is a fault in the tool; calling it again with the same arguments will fail the same way.',
    );
    this.issues = redactIssues(issues);
  }

  override toPayload(): ToolErrorPayload {
    return { ...super.toPayload(), issues: this.issues };
  }
}
