import { CallContext } from '../context/CallContext.js';
import { OutputValidationError } from '../errors/OutputValidationError.js';
import { PermissionDeniedError } from '../errors/PermissionDeniedError.js';
import { ToolAbortedError } from '../errors/ToolAbortedError.js';
import { ToolUnavailableError } from '../errors/ToolUnavailableError.js';
import { ToolValidationError } from '../errors/ToolValidationError.js';
import { toToolError } from '../errors/toToolError.js';
import type { CallOptions } from '../tools/CallOptions.js';
import type { InputValidation } from '../tools/InputValidation.js';
import type { ToolCore } from '../tools/ToolCore.js';
import { newCallId } from './newCallId.js';
import { withDeadline } from './withDeadline.js';

/**
 * The call pipeline, composed in this one place:
 * availability → guard → validation → interceptors → handler → output check.
 * The guard's answer depends only on configuration, so it is computed here, once.
 */
export function createCallPipeline(core: ToolCore): (input: unknown, options?: CallOptions) => Promise<unknown> {
  const { definition, validate, invoke, checkOutput, logger } = core;
  const name = definition.name;
  const missing = firstMissingPermission(core);
  return async (input, options = {}) => {
    const reason = core.unavailable();
    if (reason !== undefined) throw new ToolUnavailableError(name, reason);
    if (missing !== undefined) throw new PermissionDeniedError(name, missing);
    if (options.signal?.aborted) throw new ToolAbortedError(name);
    let validation = validate(input);
    if (validation instanceof Promise) validation = await validation;
    if (!validation.ok) throw new ToolValidationError(name, validation.issues);
    const value = (validation as Extract<InputValidation, { ok: true }>).value;
    const ctx = new CallContext(name, definition.toolset, options.callId ?? newCallId(), options.caller, logger, options.onProgress);
    let result: unknown;
    try {
      result = await withDeadline(() => invoke(value, ctx), ctx, options.timeoutMs ?? core.timeoutMs, options.signal);
    } catch (error) {
      throw toToolError(name, error);
    }
    if (checkOutput !== undefined) {
      const issues = checkOutput(result);
      if (issues !== undefined) throw new OutputValidationError(name, issues);
    }
    return result;
  };
}

function firstMissingPermission(core: ToolCore): string | undefined {
  for (const permission of core.definition.permissions) {
    if (core.guards.some((granted) => !granted.allows(permission))) return permission;
  }
  return undefined;
}
