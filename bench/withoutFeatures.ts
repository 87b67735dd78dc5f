// "A build without the features a call does not use": the same tool's own steps (validation, its
// interceptors and handler) composed by hand from its compiled core, without availability, guards,
// approvals, time limits, the call channel, audit or caller views. `tool.execute` against this is
// what those features cost a call that uses none of them.
import { CallContext } from '../src/context/CallContext.js';
import type { InputValidation } from '../src/contracts/InputValidation.js';
import { ToolValidationError } from '../src/errors/ToolValidationError.js';
import { toToolError } from '../src/errors/toToolError.js';
import { coreOf } from '../src/tools/createRegisteredTool.js';
import type { RegisteredTool } from '../src/tools/RegisteredTool.js';

export function withoutFeatures(tool: RegisteredTool): (input: unknown) => Promise<unknown> {
  const { definition, validate, invoke, logger, checkOutput } = coreOf(tool);
  if (checkOutput !== undefined)
    throw new Error('withoutFeatures: a tool with a declared output is not supported here');
  const name = definition.name;
  const failed = (error: unknown): never => {
    throw toToolError(name, error);
  };
  return (input) => {
    const validation = validate(input) as InputValidation;
    if (!validation.ok) return Promise.reject(new ToolValidationError(name, validation.issues));
    // The least a call needs: a context for the interceptors and the handler, and a failure turned into a ToolError
    // (with no progress listener, nothing needs settling).
    return invoke(
      validation.value,
      new CallContext(definition, undefined, undefined, undefined, logger, undefined),
    ).then(undefined, failed);
  };
}
