import { redactIssues } from './redactIssues.js';
import { ToolError } from './ToolError.js';
import type { ToolErrorPayload } from '../contracts/ToolErrorPayload.js';
import type { ValidationIssue } from '../contracts/ValidationIssue.js';

/** The arguments do not match the tool's declaration. `issues` lists every problem, not just the first. */
export class ToolValidationError extends ToolError {
  readonly code = 'invalid_input' as const;
  readonly retryable = true;
  readonly issues: readonly ValidationIssue[];
  protected static override readonly captureStack = false;

  constructor(
    readonly tool: string,
    issues: readonly ValidationIssue[],
  ) {
    super(
      `Invalid arguments for ${tool} (${issues.length} ${issues.length === 1 ? 'problem' : 'problems'}):\n` +
        issues.map((i) => `- ${i.message}`).join('\n') +
        '\nFix every problem listed and call again.',
    );
    this.issues = redactIssues(issues, false);
  }

  override toPayload(): ToolErrorPayload {
    return { ...super.toPayload(), issues: this.issues };
  }
}
