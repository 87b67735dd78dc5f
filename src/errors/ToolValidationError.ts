import { invalidInputMessage } from './invalidInputPayload.js';
import { redactIssues } from './redactIssues.js';
import { ToolError } from './ToolError.js';
import type { ToolErrorPayload } from '../contracts/ToolErrorPayload.js';
import type { ValidationIssue } from '../contracts/ValidationIssue.js';

/**
 * The arguments do not match the tool's declaration. `issues` lists every problem, not just the first.
 *
 * The issues given are copied and redacted when `issues` (or `message`, or `toPayload()`) is first
 * read, and that copy is what every later read sees: a refused call is common, and a kernel that
 * only counts or rethrows it never pays for the copy.
 */
export class ToolValidationError extends ToolError {
  readonly code = 'invalid_input' as const;
  readonly retryable = true;
  #given: readonly ValidationIssue[];
  #issues: readonly ValidationIssue[] | undefined;
  #message: string | undefined;
  protected static override readonly captureStack = false;

  static {
    // The message lists every issue; it is made when first read, since a kernel that reads `issues` (or `toPayload()`) may never need it.
    Object.defineProperty(ToolValidationError.prototype, 'message', {
      get(this: ToolValidationError): string {
        return (this.#message ??= invalidInputMessage(this.tool, this.issues));
      },
      set(this: ToolValidationError, text: string) {
        this.#message = String(text);
      },
      configurable: true,
    });
  }

  constructor(
    readonly tool: string,
    issues: readonly ValidationIssue[],
  ) {
    super(undefined);
    this.#given = issues;
  }

  /** Every issue, frozen, its message and path redacted (see `redactSecrets`). */
  get issues(): readonly ValidationIssue[] {
    if (this.#issues === undefined) {
      // Paths too: a tool may throw this error naming anything, and a caller that sent a key holding a secret has it already.
      this.#issues = redactIssues(this.#given);
      this.#given = this.#issues;
    }
    return this.#issues;
  }

  override toPayload(): ToolErrorPayload {
    return { code: this.code, message: this.message, retryable: this.retryable, issues: this.issues };
  }
}
