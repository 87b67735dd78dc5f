import type { CallOptions } from '../contracts/CallOptions.js';
import type { InputValidation } from '../contracts/InputValidation.js';
import type { ToolDefinition } from '../contracts/ToolDefinition.js';

/**
 * A tool ready to call: a kernel tool (`name`, `description`, `validateInput`, `execute`) plus its
 * definition. `execute` runs the whole pipeline: availability, guard, validation, interceptors,
 * handler, output check. Immutable: the `with…` wrappers return new tools.
 */
export interface RegisteredTool {
  readonly name: string;
  readonly description: string;
  readonly definition: ToolDefinition;
  /**
   * Checks arguments without calling the tool. An invalid input's issues are frozen plain objects, their messages
   * redacted as a refused call's are.
   */
  validateInput(input: unknown): Promise<InputValidation>;
  /** Calls the tool. Resolves to its result or rejects with a ToolError. */
  execute(input: unknown, options?: CallOptions): Promise<unknown>;
}
