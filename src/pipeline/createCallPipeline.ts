import { CallContext } from '../context/CallContext.js';
import { runInCall } from '../context/currentCall.js';
import { OutputValidationError } from '../errors/OutputValidationError.js';
import { PermissionDeniedError } from '../errors/PermissionDeniedError.js';
import { ToolAbortedError } from '../errors/ToolAbortedError.js';
import { ToolUnavailableError } from '../errors/ToolUnavailableError.js';
import { ToolValidationError } from '../errors/ToolValidationError.js';
import { toToolError } from '../errors/toToolError.js';
import type { CallOptions } from '../tools/CallOptions.js';
import type { InputValidation } from '../tools/InputValidation.js';
import type { ToolCore } from '../tools/ToolCore.js';
import { callTimeout } from './callTimeout.js';
import { newCallId } from './newCallId.js';
import { notJson } from './notJson.js';
import { toJsonValue } from './toJsonValue.js';
import { withDeadline } from './withDeadline.js';

/**
 * The call pipeline, composed in this one place:
 * availability → guard → validation → interceptors → handler → output check.
 * The guard's answer depends only on configuration, so it is computed here, once. A time limit
 * or a caller's signal covers validation as well as the handler: an async constraint that never
 * settles ends the call as surely as a handler that never returns.
 */
export function createCallPipeline(core: ToolCore): (input: unknown, options?: CallOptions) => Promise<unknown> {
  const { definition, validate, invoke, checkOutput, logger } = core;
  const name = definition.name;
  const missing = firstMissingPermission(core);

  const validated = async (input: unknown): Promise<unknown> => {
    let validation = validate(input);
    if (validation instanceof Promise) validation = await validation;
    if (!validation.ok) throw new ToolValidationError(name, validation.issues);
    return (validation as Extract<InputValidation, { ok: true }>).value;
  };
  const run = (value: unknown, ctx: CallContext): Promise<unknown> => runInCall(ctx, () => invoke(value, ctx));

  return async (input, options = {}) => {
    const timeoutMs = callTimeout(options.timeoutMs, core.timeoutMs);
    const reason = core.unavailable();
    if (reason !== undefined) throw new ToolUnavailableError(name, reason);
    if (missing !== undefined) throw new PermissionDeniedError(name, missing);
    const signal = options.signal;
    if (signal?.aborted) throw new ToolAbortedError(name);
    const context = (): CallContext => new CallContext(name, definition.toolset, options.callId ?? newCallId(), options.caller, logger, options.onProgress);
    let result: unknown;
    if (timeoutMs === undefined && signal === undefined) {
      // Nothing can interrupt the call: validate before making its context, which a refusal never needs.
      const value = await validated(input);
      const ctx = context();
      try {
        result = await run(value, ctx);
      } catch (error) {
        throw toToolError(name, error);
      } finally {
        ctx.settle();
      }
    } else {
      const ctx = context();
      try {
        result = await withDeadline(async () => run(await validated(input), ctx), ctx, timeoutMs, signal);
      } catch (error) {
        throw toToolError(name, error);
      } finally {
        ctx.settle();
      }
    }
    if (checkOutput !== undefined) {
      const json = toJsonValue(result);
      if (!json.ok) throw notJson(name, json.reason, true);
      const issues = checkOutput(json.value);
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
