import type { Logger } from '../context/Logger.js';
import type { ValidationIssue } from '../errors/ValidationIssue.js';
import type { PermissionSet } from '../permissions/PermissionSet.js';
import type { Invoke } from '../pipeline/composeMiddleware.js';
import type { InputValidation } from './InputValidation.js';
import type { ToolDefinition } from './ToolDefinition.js';

/** The parts a RegisteredTool's pipeline is composed from. Internal: users see RegisteredTool. */
export interface ToolCore {
  readonly definition: ToolDefinition;
  /** Every grant the call must pass, the registry's toolset grant and any `withPermissions`. */
  readonly guards: readonly PermissionSet[];
  /** Why the tool is unavailable now, or undefined when it is available. */
  readonly unavailable: () => string | undefined;
  readonly validate: (input: unknown) => InputValidation | Promise<InputValidation>;
  /** Interceptors and handler, composed. */
  readonly invoke: Invoke;
  /** Issues with a result in its JSON form, or undefined when it matches the declared output. */
  readonly checkOutput: ((result: unknown) => readonly ValidationIssue[] | undefined) | undefined;
  readonly timeoutMs: number | undefined;
  readonly logger: Logger;
}
