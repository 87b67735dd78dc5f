import type { CallOptions } from '../contracts/CallOptions.js';
import type { Denial } from '../contracts/Denial.js';
import type { InputValidation } from '../contracts/InputValidation.js';
import type { ToolCore } from '../contracts/ToolCore.js';
import type { ValidationIssue } from '../contracts/ValidationIssue.js';
import { runInCall, trackingCalls } from '../context/currentCall.js';
import { newCallId } from '../context/newCallId.js';
import { ApprovalDeniedError } from '../errors/ApprovalDeniedError.js';
import { OutputValidationError } from '../errors/OutputValidationError.js';
import { PermissionDeniedError } from '../errors/PermissionDeniedError.js';
import { ToolAbortedError } from '../errors/ToolAbortedError.js';
import { ToolUnavailableError } from '../errors/ToolUnavailableError.js';
import { ToolValidationError } from '../errors/ToolValidationError.js';
import { toToolError } from '../errors/toToolError.js';
import { AuditTrail } from './AuditTrail.js';
import { callObserved, capturingContent, traceCall } from './callChannel.js';
import { callTimeout } from './callTimeout.js';
import { checkAccess } from './checkAccess.js';
import { notJson } from './notJson.js';
import { PendingCall } from './PendingCall.js';
import { requestApproval } from './requestApproval.js';
import { then } from './then.js';
import { toJsonValue } from './toJsonValue.js';
import { withDeadline } from './withDeadline.js';

/** A tool's call pipeline: `call` resolves to the result or rejects with a ToolError. */
export interface CallPipeline {
  readonly call: (input: unknown, options?: CallOptions) => Promise<unknown>;
  /**
   * The same steps, for `dispatch`: resolves to the result, or to the issues when the input is
   * invalid, so that the commonest refusal builds no Error. Other failures reject as in `call`.
   */
  readonly attempt: (input: unknown, options: CallOptions) => Promise<unknown>;
}

/** A call made without options: one shared frozen object, not one per call. */
const NO_OPTIONS: CallOptions = Object.freeze({});

/** What `attempt` resolves to when the input is invalid. */
export class InvalidInput {
  constructor(readonly issues: readonly ValidationIssue[]) {}
}

/**
 * The call pipeline, composed in this one place:
 * availability → guards → validation → approval → interceptors → handler → output check.
 *
 * - Each step answers at once, or with a promise only when it has to wait (an async guard or
 *   constraint, an approval, a time limit): with nothing asynchronous configured the steps up to
 *   the handler run synchronously. There is one pipeline, not a fast and a slow one.
 * - The guards' answer for the toolset's grant depends only on configuration, so it is computed
 *   once; the caller's permissions and the other guards are asked on every call.
 * - A time limit or a caller's signal covers the guards and validation and then, afresh, the
 *   interceptors and the handler. A person's approval is not cut by the tool's limit: it has its own.
 * - Every call is published on the `hermes-tools:call` channel when someone subscribes.
 */
export function createCallPipeline(core: ToolCore): CallPipeline {
  const { definition, validate, invoke, checkOutput, logger, approval } = core;
  const name = definition.name;
  const access = checkAccess(core);

  const admit = (call: PendingCall): void | Promise<void> => {
    const reason = core.unavailable();
    if (reason !== undefined) throw new ToolUnavailableError(name, reason);
    if (call.signal?.aborted) throw new ToolAbortedError(name);
    const denial = access(call.options.caller, call.options.permissions);
    return denial instanceof Promise ? call.within(denial).then((answer) => allow(answer, call)) : allow(denial, call);
  };
  const allow = (denial: Denial | undefined, call: PendingCall): void => {
    const trail = call.trail;
    if (denial !== undefined) {
      if (trail !== undefined) {
        trail.access = 'denied';
        trail.reason = denial.reason ?? `the "${denial.permission}" permission was not granted`;
      }
      throw new PermissionDeniedError(name, denial);
    }
    if (trail !== undefined) trail.access = 'allowed';
  };

  const check = (input: unknown, call: PendingCall): InputValidation | Promise<InputValidation> => {
    const validation = validate(input);
    return validation instanceof Promise ? call.within(validation) : validation;
  };

  const approve = (value: unknown, call: PendingCall): Promise<void> => {
    const trail = call.trail;
    const ctx = call.context;
    return requestApproval(approval!.approve ?? call.options.approve, approval!.timeoutMs, {
      definition,
      input: value,
      caller: call.options.caller,
      callId: ctx.callId,
      signal: call.signal,
      logger,
    }).then(
      ({ by }) => {
        if (trail !== undefined) trail.approval = { approved: true, ...(by !== undefined && { by }) };
      },
      (error: unknown) => {
        if (trail !== undefined && error instanceof ApprovalDeniedError)
          trail.approval = { approved: false, reason: error.reason, ...(error.by !== undefined && { by: error.by }) };
        ctx.settle();
        throw toToolError(name, error);
      },
    );
  };

  const output = (result: unknown): unknown => {
    if (checkOutput === undefined) return result;
    const json = toJsonValue(result);
    if (!json.ok) throw notJson(name, json.reason, true);
    const issues = checkOutput(json.value);
    if (issues !== undefined) throw new OutputValidationError(name, issues);
    return result;
  };

  const handle = (value: unknown, call: PendingCall): Promise<unknown> => {
    const ctx = call.context;
    let running: Promise<unknown>;
    // The common case (no limit, no signal, nothing reading the injected context) calls straight through.
    if (!call.bounded && !trackingCalls()) {
      try {
        running = invoke(value, ctx);
      } catch (error) {
        running = Promise.reject(error);
      }
    } else {
      running = withDeadline(() => runInCall(ctx, () => invoke(value, ctx)), ctx, call.timeoutMs, call.signal);
    }
    return running.then(
      (result) => {
        ctx.settle();
        return output(result);
      },
      (error: unknown) => {
        ctx.settle();
        throw toToolError(name, error);
      },
    );
  };

  const proceed = (value: unknown, call: PendingCall): Promise<unknown> => (approval === undefined ? handle(value, call) : approve(value, call).then(() => handle(value, call)));

  type Invalid = (issues: readonly ValidationIssue[]) => unknown;
  const decide = (validation: InputValidation, call: PendingCall, invalid: Invalid): unknown => (validation.ok ? proceed(validation.value, call) : invalid(validation.issues));
  const validated = (input: unknown, call: PendingCall, invalid: Invalid): unknown => then(check(input, call), (validation) => decide(validation, call, invalid));

  /** The steps in order; `invalid` says what an invalid input becomes: a rejected ToolValidationError, or a value. */
  const run = (input: unknown, options: CallOptions, trail: AuditTrail | undefined, invalid: Invalid): unknown => {
    try {
      const call = new PendingCall(core, options, callTimeout(options.timeoutMs, core.timeoutMs), trail);
      const admitted = admit(call);
      if (admitted !== undefined) return admitted.then(() => validated(input, call, invalid));
      // `validated`, written out for a call that did not wait: no closure per step.
      const validation = check(input, call);
      return validation instanceof Promise ? validation.then((answer) => decide(answer, call, invalid)) : decide(validation, call, invalid);
    } catch (error) {
      return Promise.reject(error);
    }
  };
  // Returned rejected, not thrown: unwinding a throw through the steps costs more than the error.
  const reject = (issues: readonly ValidationIssue[]): Promise<never> => Promise.reject(new ToolValidationError(name, issues));
  const asValue = (issues: readonly ValidationIssue[]): InvalidInput => new InvalidInput(issues);
  const settled = (result: unknown): Promise<unknown> => (result instanceof Promise ? result : Promise.resolve(result));

  const identity = core.identity;
  const audit = core.audit;
  const observed = (input: unknown, options: CallOptions): Promise<unknown> => {
    const callId = options.callId ?? newCallId();
    const traced = { ...options, callId };
    const trail =
      audit === undefined
        ? undefined
        : new AuditTrail(audit, { tool: name, toolset: definition.toolset, callId, caller: options.caller, permissions: definition.permissions }, input);
    const running = (): Promise<unknown> => settled(run(input, traced, trail, reject));
    const traced$ = !callObserved()
      ? running()
      : traceCall(
          { tool: name, toolset: definition.toolset, definition, callId, caller: options.caller, trace: options.trace, ...(capturingContent() && { arguments: input }) },
          running,
        );
    if (trail === undefined) return traced$;
    return traced$.then(
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
  const bind = (given: CallOptions): CallOptions => (identity === undefined ? given : { ...given, caller: identity.caller, permissions: identity.permissions });
  return {
    call: (input, given = NO_OPTIONS) => {
      const options = bind(given);
      if (audit !== undefined || callObserved()) return observed(input, options);
      return settled(run(input, options, undefined, reject));
    },
    attempt: (input, given) => {
      const options = bind(given);
      // Audit records and channel subscribers are given the error itself.
      if (audit !== undefined || callObserved()) return observed(input, options);
      return settled(run(input, options, undefined, asValue));
    },
  };
}
