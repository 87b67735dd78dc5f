import { invalidInputText } from './invalidInputPayload.js';
import { redactIssues } from './redactIssues.js';
import { MAX_MESSAGE, redactAndClip, redactName, secretsSpanLines } from './redactSecrets.js';
import { ToolError } from './ToolError.js';
import type { ToolErrorPayload } from '../contracts/ToolErrorPayload.js';
import type { ValidationIssue } from '../contracts/ValidationIssue.js';

/**
 * The arguments do not match the tool's declaration. `issues` lists every problem, not just the first.
 *
 * Everything it shows is redacted when it is made, by the environment as it is then: a secret
 * leaving the environment later does not leave a thrown error able to show it, and a tool that
 * changes the array it passed changes nothing here.
 */
export class ToolValidationError extends ToolError {
  readonly code = 'invalid_input' as const;
  readonly retryable = true;
  /** Every issue, frozen, its message and path redacted (see `redactSecrets`). */
  readonly issues: readonly ValidationIssue[];
  #name: string;
  #message: string | undefined;
  protected static override readonly captureStack = false;

  constructor(
    readonly tool: string,
    issues: readonly ValidationIssue[],
  ) {
    super(undefined);
    // Paths too: a tool may throw this error naming anything, and a caller that sent a key holding a secret has it
    // already.
    this.issues = redactIssues(issues);
    this.#name = redactName(tool);
    // Issues joined can rebuild a secret that holds a line break; the whole message is then scanned, and must be by
    // this environment.
    if (secretsSpanLines()) this.#message = invalidInputText(this.#name, this.issues, true);
  }

  /**
   * Every issue and what to do; made when first read (unless the constructor made it): a kernel may read `issues`
   * alone.
   */
  override get message(): string {
    return (this.#message ??= invalidInputText(this.#name, this.issues, false));
  }

  /** A message set on the error, as on any Error, is redacted too. */
  override set message(text: string) {
    this.#message = redactAndClip(String(text), MAX_MESSAGE);
  }

  override toPayload(): ToolErrorPayload {
    return { code: this.code, message: this.message, retryable: this.retryable, issues: this.issues };
  }
}
