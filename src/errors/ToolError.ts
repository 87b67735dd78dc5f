import { constructWithoutStack } from './constructWithoutStack.js';
import { MAX_MESSAGE, redactAndClip } from './redactSecrets.js';
import type { ToolErrorCode } from '../contracts/ToolErrorCode.js';
import type { ToolErrorPayload } from '../contracts/ToolErrorPayload.js';

/**
 * The base of every error hermes-tools throws on purpose. `code` is stable, `message` is written
 * for whoever reads it next (an operator or a model) and says what to do, and `retryable` says
 * whether calling again, with different arguments or later, can help.
 */
export abstract class ToolError extends Error {
  abstract readonly code: ToolErrorCode;
  abstract readonly retryable: boolean;

  /**
   * Whether instances capture a stack trace. The errors that answer a caller's mistake (bad input,
   * an unknown name, a denial…) are expected, frequent, never shown with a stack, and capturing one
   * is most of their cost; the ones that report a fault keep theirs. Either way, no process-wide
   * setting is touched (see `constructWithoutStack`).
   */
  protected static readonly captureStack: boolean = true;

  /**
   * The message is redacted here (see `redactSecrets`), so whatever a tool puts in an error it
   * throws, a secret from the environment never reaches a model, a client or a log line.
   */
  // biome-ignore lint/correctness/noUnreachableSuper: a stackless instance is made by another realm's Error
  constructor(message: string | undefined, options?: { cause?: unknown }) {
    // undefined: the subclass makes its message when first read, and redacts it then.
    const text = message === undefined ? undefined : redactAndClip(String(message), MAX_MESSAGE);
    if (!(new.target as unknown as typeof ToolError).captureStack) {
      const error = constructWithoutStack(text, options, new.target) as ToolError;
      error.name = new.target.name;
      // biome-ignore lint/correctness/noConstructorReturn: the subclass's constructor goes on with it as `this`
      return error;
    }
    super(text, options);
    this.name = new.target.name;
  }

  /** The JSON-safe form: code, message, retryable and the fields of the subclass. */
  toPayload(): ToolErrorPayload {
    return { code: this.code, message: this.message, retryable: this.retryable };
  }

  /** `JSON.stringify` gives the payload (see `toPayload`), never the stack. */
  toJSON(): ToolErrorPayload {
    return this.toPayload();
  }
}
