import { CallContext } from '../context/CallContext.js';
import type { Denial } from '../contracts/Denial.js';
import { runInCall, trackingCalls } from '../context/currentCall.js';
import { ApprovalDeniedError } from '../errors/ApprovalDeniedError.js';
import { OutputValidationError } from '../errors/OutputValidationError.js';
import { PermissionDeniedError } from '../errors/PermissionDeniedError.js';
import { ToolAbortedError } from '../errors/ToolAbortedError.js';
import { ToolUnavailableError } from '../errors/ToolUnavailableError.js';
import { ToolValidationError } from '../errors/ToolValidationError.js';
import { toToolError } from '../errors/toToolError.js';
import type { CallOptions } from '../contracts/CallOptions.js';
import type { InputValidation } from '../contracts/InputValidation.js';
import type { ToolCore } from '../contracts/ToolCore.js';
import { AuditTrail } from './AuditTrail.js';
import { callChannel, capturingContent, traceCall } from './callChannel.js';
import { callTimeout } from './callTimeout.js';
import { checkAccess } from './checkAccess.js';
import { newCallId } from './newCallId.js';
import { notJson } from './notJson.js';
import { requestApproval } from './requestApproval.js';
import { toJsonValue } from './toJsonValue.js';
import { withDeadline } from './withDeadline.js';

/**
 * The call pipeline, composed in this one place:
 * availability → guards → validation → approval → interceptors → handler → output check.
 *
 * - The guards' answer for the toolset's grant depends only on configuration, so it is computed
 *   once; the caller's permissions and the other guards are asked on every call.
 * - A time limit or a caller's signal covers validation and then, afresh, the interceptors and the
 *   handler. A person's approval is not cut by the tool's limit: it has its own.
 * - Every call is published on the `hermes-tools:call` channel when someone subscribes.
 */
export function createCallPipeline(core: ToolCore): (input: unknown, options?: CallOptions) => Promise<unknown> {
  const { definition, validate, invoke, checkOutput, logger, approval } = core;
  const name = definition.name;
  const access = checkAccess(core);

  const unwrap = (validation: InputValidation): unknown => {
    if (!validation.ok) throw new ToolValidationError(name, validation.issues);
    return validation.value;
  };
  const deadline = (run: () => Promise<unknown>, ctx: CallContext, timeoutMs: number | undefined, signal: AbortSignal | undefined): Promise<unknown> =>
    timeoutMs === undefined && signal === undefined ? run() : withDeadline(run, ctx, timeoutMs, signal);

  const newContext = (options: CallOptions): CallContext =>
    new CallContext(definition, options.callId ?? newCallId(), options.caller, options.permissions, logger, options.onProgress, options.trace);

  const callTool = async (input: unknown, options: CallOptions, trail?: AuditTrail): Promise<unknown> => {
    const timeoutMs = callTimeout(options.timeoutMs, core.timeoutMs);
    const reason = core.unavailable();
    if (reason !== undefined) throw new ToolUnavailableError(name, reason);
    const signal = options.signal;
    if (signal?.aborted) throw new ToolAbortedError(name);
    // The context is made when something needs it: a refusal (the common failure) never does.
    let made: CallContext | undefined;
    const context = (): CallContext => (made ??= newContext(options));

    // Guards and async validation run under the call's time limit and signal: neither can hold a call open.
    let denial = access(options.caller, options.permissions);
    if (denial instanceof Promise) {
      const pending = denial;
      denial = (await deadline(() => pending, context(), timeoutMs, signal)) as Denial | undefined;
    }
    if (denial !== undefined) {
      if (trail !== undefined) {
        trail.access = 'denied';
        trail.reason = denial.reason ?? `the "${denial.permission}" permission was not granted`;
      }
      throw new PermissionDeniedError(name, denial);
    }
    if (trail !== undefined) trail.access = 'allowed';
    const validation = validate(input);
    const value = validation instanceof Promise ? await deadline(() => validation.then(unwrap), context(), timeoutMs, signal) : unwrap(validation);

    const ctx = context();
    let result: unknown;
    try {
      if (approval !== undefined) {
        try {
          const { by } = await requestApproval(approval.approve ?? options.approve, approval.timeoutMs, {
            definition,
            input: value,
            caller: options.caller,
            callId: ctx.callId,
            signal,
            logger,
          });
          if (trail !== undefined) trail.approval = { approved: true, ...(by !== undefined && { by }) };
        } catch (error) {
          if (trail !== undefined && error instanceof ApprovalDeniedError)
            trail.approval = { approved: false, reason: error.reason, ...(error.by !== undefined && { by: error.by }) };
          throw error;
        }
      }
      // The common case (no limit, no signal, nothing reading the injected context) calls straight through.
      result = await (timeoutMs === undefined && signal === undefined && !trackingCalls()
        ? invoke(value, ctx)
        : deadline(() => runInCall(ctx, () => invoke(value, ctx)), ctx, timeoutMs, signal));
    } catch (error) {
      throw toToolError(name, error);
    } finally {
      ctx.settle();
    }
    if (checkOutput !== undefined) {
      const json = toJsonValue(result);
      if (!json.ok) throw notJson(name, json.reason, true);
      const issues = checkOutput(json.value);
      if (issues !== undefined) throw new OutputValidationError(name, issues);
    }
    return result;
  };

  const identity = core.identity;
  const audit = core.audit;
  return (input, given = {}) => {
    const options = identity === undefined ? given : { ...given, caller: identity.caller, permissions: identity.permissions };
    if (audit === undefined && !callChannel.hasSubscribers) return callTool(input, options);
    const callId = options.callId ?? newCallId();
    const traced = { ...options, callId };
    const trail =
      audit === undefined
        ? undefined
        : new AuditTrail(audit, { tool: name, toolset: definition.toolset, callId, caller: options.caller, permissions: definition.permissions }, input);
    const run = (): Promise<unknown> => callTool(input, traced, trail);
    const running = !callChannel.hasSubscribers
      ? run()
      : traceCall(
          { tool: name, toolset: definition.toolset, definition, callId, caller: options.caller, trace: options.trace, ...(capturingContent() && { arguments: input }) },
          run,
        );
    if (trail === undefined) return running;
    return running.then(
      (result) => {
        trail.finish({ ok: true, result });
        return result;
      },
      (error: unknown) => {
        trail.finish({ ok: false, error });
        throw error;
      },
    );
  };
}
