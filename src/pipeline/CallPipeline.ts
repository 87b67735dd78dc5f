import type { CallOptions } from '../contracts/CallOptions.js';
import type { Denial } from '../contracts/Denial.js';
import type { InputValidation } from '../contracts/InputValidation.js';
import type { ToolCore } from '../contracts/ToolCore.js';
import { CallContext } from '../context/CallContext.js';
import { runInCall, trackingCalls } from '../context/currentCall.js';
import { newCallId } from '../context/newCallId.js';
import { ApprovalDeniedError } from '../errors/ApprovalDeniedError.js';
import { OutputValidationError } from '../errors/OutputValidationError.js';
import { PermissionDeniedError } from '../errors/PermissionDeniedError.js';
import { ToolAbortedError } from '../errors/ToolAbortedError.js';
import { ToolUnavailableError } from '../errors/ToolUnavailableError.js';
import { ToolValidationError } from '../errors/ToolValidationError.js';
import type { ValidationIssue } from '../contracts/ValidationIssue.js';
import { toToolError } from '../errors/toToolError.js';
import { AuditTrail } from './AuditTrail.js';
import { callObserved, capturingContent, traceCall } from './callChannel.js';
import { callTimeout } from './callTimeout.js';
import { alwaysAvailable } from './alwaysAvailable.js';
import { type AccessCheck, admitsEveryCaller, checkAccess } from './checkAccess.js';
import { InvalidInput } from './InvalidInput.js';
import { notJson } from './notJson.js';
import { PendingCall } from './PendingCall.js';
import { rejectLater } from './rejectLater.js';
import { requestApproval } from './requestApproval.js';
import { toJsonValue } from './toJsonValue.js';
import { unverifiedClaims } from './unverifiedClaims.js';
import { withCallOptions } from './withCallOptions.js';
import { withDeadline } from './withDeadline.js';

/**
 * A call made without options: one shared frozen object, not one per call, that owns every option
 * (each undefined), so that no step reads one from a polluted Object.prototype.
 */
const NO_OPTIONS: CallOptions = Object.freeze(withCallOptions(Object.freeze({}), {}));
const NO_CHANGES = Object.freeze({});

/**
 * The input issues behind each ToolValidationError the pipeline makes, with the options of the
 * call that made it: a watched `attempt` turns its own (not one a handler rethrows from a call of
 * its own) back into the InvalidInput an unwatched one resolves to, for the same payload.
 */
const invalidCalls = new WeakMap<object, { readonly options: CallOptions; readonly issues: readonly ValidationIssue[] }>();

/**
 * What the steps do with an invalid input: reject with a ToolValidationError (`call`), resolve to
 * an InvalidInput (`dispatch`), or reject and remember its issues, for a watched `attempt` (only it
 * pays for the WeakMap entry).
 */
const REJECT = 0;
const AS_VALUE = 1;
const REMEMBER = 2;
type Invalid = typeof REJECT | typeof AS_VALUE | typeof REMEMBER;

/**
 * The call pipeline of one tool, composed in this one place:
 * availability → guards → validation → (accepted) → approval → interceptors → handler → output check.
 *
 * - Each step answers at once, or with a promise only when it has to wait (an async guard or
 *   constraint, an approval, a time limit): with nothing asynchronous configured the steps up to
 *   the handler run synchronously. There is one pipeline, not a fast and a slow one: a tool whose
 *   steps before validation can refuse nothing (see `#open`) runs the same steps without them, and
 *   a call with no options to a tool that needs nothing around its handler (see `#direct`) runs
 *   validation, the interceptors and the handler alone. test/pipelineForms.test.ts runs the same
 *   cases through every form and compares how they end.
 * - The guards' answer for the toolset's grant depends only on configuration, so it is computed
 *   once; the caller's permissions and the other guards are asked on every call.
 * - A time limit or a caller's signal covers the guards and validation and then, afresh, the
 *   interceptors and the handler. A person's approval is not cut by the tool's limit: it has its own.
 * - Every call is published on the `hermes-tools:call` channel when someone subscribes.
 *
 * The steps are methods, shared by every tool, rather than closures made per tool: a registry of
 * thousands of tools holds one small object each.
 */
export class CallPipeline {
  readonly #core: ToolCore;
  readonly #name: string;
  readonly #access: AccessCheck;
  /**
   * Whether the steps before validation can refuse or hold no call of this tool that brings no
   * signal, time limit or permissions: it requires nothing, every guard admits everyone, and it has
   * no time limit of its own. Such calls go straight to validation (`#run`'s compiled form).
   */
  readonly #open: boolean;
  /**
   * Whether a call that brings no options at all needs nothing but validation, the interceptors and
   * the handler: the tool is open, and has no approval, no declared output, no audit and no caller
   * identity. Such a call runs `#directCall`, the compiled form of the steps for it.
   */
  readonly #direct: boolean;
  /** A handler's or interceptor's failure, as the ToolError the caller gets: one function per tool, not a closure per call. */
  readonly #failed: (error: unknown) => never;

  constructor(core: ToolCore) {
    this.#core = core;
    const name = core.definition.name;
    this.#name = name;
    this.#access = checkAccess(core);
    this.#open = core.unavailable === alwaysAvailable && core.timeoutMs === undefined && admitsEveryCaller(core);
    this.#direct = this.#open && core.approval === undefined && core.checkOutput === undefined && core.audit === undefined && core.identity === undefined;
    this.#failed = (error) => {
      throw toToolError(name, error);
    };
  }

  /** Resolves to the result, or rejects with a ToolError. */
  call(input: unknown, given: CallOptions | undefined): Promise<unknown> {
    if (given === undefined && this.#direct && !callObserved()) return this.#directCall(input);
    const options = this.#bind(given ?? NO_OPTIONS, true);
    if (this.#core.audit !== undefined || callObserved()) return this.#observed(input, options, false);
    return settled(this.#run(input, options, undefined, REJECT));
  }

  /**
   * The same steps, for `dispatch`: resolves to the result, or to an InvalidInput when the input
   * is invalid, so that the commonest refusal builds no Error. Other failures reject as in `call`.
   */
  attempt(input: unknown, given: CallOptions): Promise<unknown> {
    // dispatch's options are its own copy of the caller's (see withCallOptions).
    const options = this.#bind(given, false);
    // Audit records and channel subscribers are given the error itself.
    if (this.#core.audit !== undefined || callObserved()) return this.#observed(input, options, true);
    return settled(this.#run(input, options, undefined, AS_VALUE));
  }

  /**
   * A call with no options to a tool that needs nothing before validation, nor after the handler
   * (see `#direct`): validation, a context, the interceptors and the handler, its failure made a
   * ToolError. Anything else (an invalid input, an async check, a call-scoped tool that reads its
   * context through `runInCall`) goes on through the steps from `#decide`, as every other call does.
   */
  #directCall(input: unknown): Promise<unknown> {
    const validation = this.#core.validate(input);
    if (validation instanceof Promise || !validation.ok || trackingCalls()) {
      const call = new PendingCall(this.#core, NO_OPTIONS, undefined, undefined);
      return settled(validation instanceof Promise ? validation.then((answer) => this.#decide(answer, call, REJECT)) : this.#decide(validation, call, REJECT));
    }
    const { definition, logger } = this.#core;
    return this.#start(validation.value, new CallContext(definition, undefined, undefined, undefined, logger, undefined)).then(undefined, this.#failed);
  }

  /**
   * A caller's view fixes who calls, whatever the options say. Otherwise, with `copy`, the caller's
   * options are copied, so that every step reads only keys they own: a polluted Object.prototype
   * must not name a call's caller, grant it permissions or approve it.
   */
  #bind(given: CallOptions, copy: boolean): CallOptions {
    const identity = this.#core.identity;
    if (identity !== undefined) return withCallOptions(given, { caller: identity.caller, permissions: identity.permissions });
    return copy && given !== NO_OPTIONS ? withCallOptions(given, NO_CHANGES) : given;
  }

  /** The steps in order; `invalid` says what an invalid input comes to. */
  #run(input: unknown, options: CallOptions, trail: AuditTrail | undefined, invalid: Invalid): unknown {
    try {
      // Availability, the caller's signal, the time limit and the guards would all pass: the same steps, without them.
      if (this.#open && trail === undefined && options.signal === undefined && options.timeoutMs === undefined && options.permissions === undefined) {
        return this.#validated(input, new PendingCall(this.#core, options, undefined, undefined), invalid);
      }
      const call = new PendingCall(this.#core, options, callTimeout(options.timeoutMs, this.#core.timeoutMs), trail);
      const admitted = this.#admit(call);
      if (admitted !== undefined) return admitted.then(() => this.#validated(input, call, invalid));
      return this.#validated(input, call, invalid);
    } catch (error) {
      return rejectLater(error);
    }
  }

  /** Availability, the caller's signal, then the guards. */
  #admit(call: PendingCall): void | Promise<void> {
    const reason = this.#core.unavailable();
    if (reason !== undefined) throw new ToolUnavailableError(this.#name, reason);
    if (call.signal?.aborted || call.followed?.aborted) throw new ToolAbortedError(this.#name);
    const denial = this.#access(call.options.caller, call.options.permissions);
    return denial instanceof Promise ? call.within(denial).then((answer) => this.#allow(answer, call)) : this.#allow(denial, call);
  }

  #allow(denial: Denial | undefined, call: PendingCall): void {
    const trail = call.trail;
    if (denial !== undefined) {
      if (trail !== undefined) {
        trail.access = 'denied';
        trail.reason = denial.reason ?? `the "${denial.permission}" permission was not granted`;
      }
      throw new PermissionDeniedError(this.#name, denial);
    }
    if (trail !== undefined) trail.access = 'allowed';
  }

  #validated(input: unknown, call: PendingCall, invalid: Invalid): unknown {
    const validation = this.#core.validate(input);
    return validation instanceof Promise ? call.within(validation).then((answer) => this.#decide(answer, call, invalid)) : this.#decide(validation, call, invalid);
  }

  #decide(validation: InputValidation, call: PendingCall, invalid: Invalid): unknown {
    if (validation.ok) {
      // Past here the call is not refused for who asked or what they sent: a kernel may act on that (the MCP server makes a task).
      // Called on its own, not as a method of the options: they are the pipeline's copy, not the caller's object.
      const onAccepted = call.options.onAccepted;
      const accepted = onAccepted?.();
      return accepted instanceof Promise ? accepted.then(() => this.#proceed(validation.value, call)) : this.#proceed(validation.value, call);
    }
    if (invalid === AS_VALUE) return new InvalidInput(validation.issues);
    const error = new ToolValidationError(this.#name, validation.issues);
    if (invalid === REMEMBER) invalidCalls.set(error, { options: call.options, issues: validation.issues });
    // Returned rejected, not thrown: unwinding a throw through the steps costs more than the error.
    return rejectLater(error);
  }

  #proceed(value: unknown, call: PendingCall): Promise<unknown> {
    return this.#core.approval === undefined ? this.#handle(value, call) : this.#approve(value, call);
  }

  #approve(value: unknown, call: PendingCall): Promise<unknown> {
    const { definition, approval, logger } = this.#core;
    const trail = call.trail;
    const ctx = call.context;
    return requestApproval(approval!.approve ?? call.options.approve, approval!.timeoutMs, {
      definition,
      input: value,
      caller: call.options.caller,
      callId: ctx.callId,
      // A followed signal reaches the wait through the context's own, linked to it.
      signal: call.signal ?? (call.followed === undefined ? undefined : ctx.signal),
      logger,
    }).then(
      ({ by }) => {
        if (trail !== undefined) trail.approval = { approved: true, ...(by !== undefined && { by }) };
        return this.#handle(value, call);
      },
      (error: unknown) => {
        if (trail !== undefined && error instanceof ApprovalDeniedError)
          trail.approval = { approved: false, reason: error.reason, ...(error.by !== undefined && { by: error.by }) };
        ctx.settle();
        throw toToolError(this.#name, error);
      },
    );
  }

  /** Interceptors and handler, then the output check. */
  #handle(value: unknown, call: PendingCall): Promise<unknown> {
    const invoke = this.#core.invoke;
    const ctx = call.context;
    let running: Promise<unknown>;
    // The common case (no limit, no signal, nothing reading the injected context) calls straight through.
    if (!call.bounded && !trackingCalls()) {
      running = this.#start(value, ctx);
    } else {
      running = withDeadline(() => runInCall(ctx, () => invoke(value, ctx)), ctx, call.timeoutMs, call.signal);
    }
    const followed = call.followed;
    // Settling only silences late progress reports and unlinks a followed signal: with neither and no output to check, a result passes as it is.
    if (followed === undefined && call.options.onProgress === undefined && this.#core.checkOutput === undefined) return running.then(undefined, this.#failed);
    return running.then(
      (result) => {
        ctx.settle();
        // A followed signal that aborted ends the call as aborted, as a raced one would have ended it, only later.
        if (followed?.aborted) throw new ToolAbortedError(this.#name);
        return this.#output(result);
      },
      (error: unknown) => {
        ctx.settle();
        if (followed?.aborted) throw new ToolAbortedError(this.#name);
        throw toToolError(this.#name, error);
      },
    );
  }

  /** The interceptors and the handler, a synchronous throw as a rejection. */
  #start(value: unknown, ctx: CallContext): Promise<unknown> {
    try {
      return this.#core.invoke(value, ctx);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  #output(result: unknown): unknown {
    const checkOutput = this.#core.checkOutput;
    if (checkOutput === undefined) return result;
    const json = toJsonValue(result);
    if (!json.ok) throw notJson(this.#name, json.reason, true);
    const issues = checkOutput(json.value);
    if (issues !== undefined) throw new OutputValidationError(this.#name, issues);
    return result;
  }

  /**
   * A call someone watches: an audit record, and the call channel's events, which are given the
   * error itself. With `asValue`, an invalid input then resolves to an InvalidInput, as in `#run`.
   */
  #observed(input: unknown, options: CallOptions, asValue: boolean): Promise<unknown> {
    const { definition, audit } = this.#core;
    const name = this.#name;
    const callId = options.callId ?? newCallId();
    const traced = withCallOptions(options, { callId });
    const trail =
      audit === undefined
        ? undefined
        : new AuditTrail(
            audit,
            { tool: name, toolset: definition.toolset, callId, caller: options.caller, permissions: definition.permissions },
            input,
            unverifiedClaims(options.signal),
          );
    const run = (): Promise<unknown> => settled(this.#run(input, traced, trail, asValue ? REMEMBER : REJECT));
    const running = !callObserved()
      ? run()
      : traceCall(
          { tool: name, toolset: definition.toolset, definition, callId, caller: options.caller, trace: options.trace, ...(capturingContent() && { arguments: input }) },
          run,
        );
    const finished =
      trail === undefined
        ? running
        : running.then(
            (result) => {
              trail.finish({ ok: true, result });
              return result;
            },
            (error: unknown) => {
              trail.finish({ ok: false, error });
              throw error;
            },
          );
    if (!asValue) return finished;
    return finished.catch((error: unknown) => {
      // WeakMap.get answers undefined for what is not an object.
      const invalid = invalidCalls.get(error as object);
      if (invalid?.options === traced) return new InvalidInput(invalid.issues);
      throw error;
    });
  }
}

function settled(result: unknown): Promise<unknown> {
  return result instanceof Promise ? result : Promise.resolve(result);
}
