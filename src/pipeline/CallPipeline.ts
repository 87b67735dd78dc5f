import type { CallOptions } from '../contracts/CallOptions.js';
import { askQuestion } from './askQuestion.js';
import type { InputValidation } from '../contracts/InputValidation.js';
import type { ToolCore } from '../contracts/ToolCore.js';
import type { ValidationIssue } from '../contracts/ValidationIssue.js';
import { CallContext } from '../context/CallContext.js';
import { trackingCalls } from '../context/currentCall.js';
import { newCallId } from '../context/newCallId.js';
import { ToolValidationError } from '../errors/ToolValidationError.js';
import { toToolError } from '../errors/toToolError.js';
import { admitCall } from './admitCall.js';
import { approveCall } from './approveCall.js';
import type { AuditTrail } from './AuditTrail.js';
import { admits, type CallPlan, planCall } from './CallPlan.js';
import { callObserved, traceCall } from './callChannel.js';
import { callTimeout } from './callTimeout.js';
import { type AccessCheck, checkAccess } from './checkAccess.js';
import { InvalidInput } from './InvalidInput.js';
import { PendingCall } from './PendingCall.js';
import { runHandler } from './runHandler.js';
import { rejectLater } from '../internal/rejectLater.js';
import { callMessage, watchCall } from './watchCall.js';
import { NO_OPTIONS, withCallId, withCallOptions } from './withCallOptions.js';

/** What an invalid input leaves the chain as: `call`'s rejection, or `dispatch`'s InvalidInput. */
type OnInvalid = (issues: readonly ValidationIssue[]) => unknown;

const NO_CHANGES = Object.freeze({});
const asInvalidInput: OnInvalid = (issues) => new InvalidInput(issues);

/**
 * The call pipeline of one tool, composed in this one place, as one chain of steps:
 * admission (`admitCall`: availability, the caller's signal, the guards) → validation → acceptance →
 * approval (`approveCall`) → interceptors and handler, then the output check (`runHandler`), the whole
 * watched, when someone watches, by the audit record and the call channel (`watchCall`).
 *
 * - The tool's {@link CallPlan} says which steps its calls take; each step answers at once, or
 *   with a promise only when it has to wait (an async guard or constraint, an approval, a time limit).
 * - An invalid input leaves the chain at validation as its issues, a value; `call`'s edge makes them
 *   a ToolValidationError, `attempt`'s an InvalidInput, so `dispatch`'s commonest refusal builds no Error.
 * - A time limit or a caller's signal covers admission and validation and then, afresh, the
 *   interceptors and the handler. A person's approval is not cut by the tool's limit: it has its own.
 *
 * test/pipelineForms.test.ts runs the same cases through every combination of steps.
 */
export class CallPipeline {
  readonly #core: ToolCore;
  readonly #name: string;
  readonly #plan: CallPlan;
  readonly #access: AccessCheck;
  readonly #refuseInvalid: OnInvalid;
  /** A handler's or interceptor's failure, as the ToolError the caller gets. */
  readonly #failed: (error: unknown) => never;
  /**
   * The chain of a call without options to a tool whose plan takes no step but validation and the handler: those two,
   * with a context of its own. Whatever else comes up (an invalid input, an async check, a context read through
   * `runInCall`) goes on from acceptance, as in every other call.
   */
  readonly #bare: (input: unknown, callId: string | undefined) => Promise<unknown>;

  /**
   * Resolves to the result, or rejects with a ToolError: the tool's `execute`. A closure made per tool, as is `#bare`,
   * each kept small: V8 inlines a call site's callees up to a budget of bytecode, counted per function whole, and the
   * handler's chain should still fit (bench/NOTES.md, unused features).
   */
  readonly call: (input: unknown, given: CallOptions | undefined) => Promise<unknown>;

  constructor(core: ToolCore) {
    const { definition, validate, invoke, logger } = core;
    const name = definition.name;
    this.#core = core;
    this.#name = name;
    this.#plan = planCall(core);
    this.#access = checkAccess(core);
    // Returned rejected, not thrown: unwinding a throw through the steps costs more than the error.
    this.#refuseInvalid = (issues) => rejectLater(new ToolValidationError(name, issues));
    const failed = (error: unknown): never => {
      throw toToolError(name, error);
    };
    this.#failed = failed;
    const bare = (input: unknown, callId: string | undefined): Promise<unknown> => {
      const validation = validate(input);
      if (validation instanceof Promise || !validation.ok || trackingCalls())
        return this.#accepting(validation, callId);
      const ctx = new CallContext(
        definition,
        callId,
        undefined,
        undefined,
        logger,
        undefined,
        undefined,
        undefined,
        undefined,
        askQuestion,
      );
      return invoke(validation.value, ctx).then(undefined, failed);
    };
    this.#bare = bare;
    this.call = this.#plan.bare
      ? (input, given) => {
          if (given !== undefined) return this.#call(input, given);
          return callObserved() ? this.#tracedBare(input) : bare(input, undefined);
        }
      : (input, given) => this.#call(input, given);
  }

  #call(input: unknown, given: CallOptions | undefined): Promise<unknown> {
    const options = this.#bind(given ?? NO_OPTIONS, true);
    if (this.#plan.audited || callObserved()) return this.#watched(input, options, false);
    return this.#run(input, options, undefined, this.#refuseInvalid);
  }

  /**
   * The same chain, for `dispatch`: an invalid input resolves to an InvalidInput; other failures reject as in `call`.
   */
  attempt(input: unknown, given: CallOptions): Promise<unknown> {
    // dispatch's options are already its own copy of the caller's (see withCallOptions).
    const options = this.#bind(given, false);
    if (this.#plan.audited || callObserved()) return this.#watched(input, options, true);
    return this.#run(input, options, undefined, asInvalidInput);
  }

  /**
   * A caller's view fixes who calls, whatever the options say. Otherwise, with `copy`, the options
   * are copied so that every step reads only keys they own: a polluted Object.prototype must not
   * name a call's caller, grant it permissions or approve it.
   */
  #bind(given: CallOptions, copy: boolean): CallOptions {
    const identity = this.#core.identity;
    if (identity !== undefined)
      return withCallOptions(given, { caller: identity.caller, permissions: identity.permissions });
    return copy && given !== NO_OPTIONS ? withCallOptions(given, NO_CHANGES) : given;
  }

  /** The chain, from admission to the output check; a refusal comes back rejected. */
  #run(input: unknown, options: CallOptions, trail: AuditTrail | undefined, onInvalid: OnInvalid): Promise<unknown> {
    try {
      const call = new PendingCall(this.#core, options, callTimeout(options.timeoutMs, this.#core.timeoutMs), trail);
      const admitted = admits(this.#plan, options, trail) ? admitCall(this.#core, this.#access, call) : undefined;
      if (admitted !== undefined) return admitted.then(() => this.#validate(input, call, onInvalid));
      const validated = this.#validate(input, call, onInvalid);
      return validated instanceof Promise ? validated : Promise.resolve(validated);
    } catch (error) {
      return rejectLater(error);
    }
  }

  /** A bare call past validation that cannot go straight to the handler: on from acceptance, as every other call. */
  #accepting(validation: InputValidation | Promise<InputValidation>, callId: string | undefined): Promise<unknown> {
    const options = callId === undefined ? NO_OPTIONS : withCallId(NO_OPTIONS, callId);
    const call = new PendingCall(this.#core, options, undefined, undefined);
    if (validation instanceof Promise)
      return validation.then((answer) => this.#accept(answer, call, this.#refuseInvalid));
    const accepted = this.#accept(validation, call, this.#refuseInvalid);
    return accepted instanceof Promise ? accepted : Promise.resolve(accepted);
  }

  /**
   * The same two steps for a call someone watches (a tracer on the call channel): published around them as every call
   * is, under an id of its own, without the options and steps a call without options does not use.
   */
  #tracedBare(input: unknown): Promise<unknown> {
    const callId = newCallId();
    const message = callMessage(this.#core.definition, callId, undefined, undefined, input);
    return traceCall(message, () => this.#bare(input, callId));
  }

  #validate(input: unknown, call: PendingCall, onInvalid: OnInvalid): unknown {
    const validation = this.#core.validate(input);
    if (validation instanceof Promise)
      return call.within(validation).then((answer) => this.#accept(answer, call, onInvalid));
    return this.#accept(validation, call, onInvalid);
  }

  /**
   * Acceptance: past here the call is not refused for who asked or what they sent, and a kernel may act on that (the
   * MCP server makes a task).
   */
  #accept(validation: InputValidation, call: PendingCall, onInvalid: OnInvalid): unknown {
    if (!validation.ok) return onInvalid(validation.issues);
    // Called on its own, not as a method of the options: they are the pipeline's copy, not the caller's object.
    const onAccepted = call.options.onAccepted;
    const accepted = onAccepted?.();
    return accepted instanceof Promise
      ? accepted.then(() => this.#approve(validation.value, call))
      : this.#approve(validation.value, call);
  }

  #approve(value: unknown, call: PendingCall): Promise<unknown> {
    if (this.#core.approval === undefined) return runHandler(this.#core, call, value, this.#failed);
    return approveCall(this.#core, call, value).then(() => runHandler(this.#core, call, value, this.#failed));
  }

  /**
   * A watched call (see `watchCall`). With `asValue`, its own ToolValidationError then resolves to an InvalidInput, as
   * in `attempt`.
   */
  #watched(input: unknown, options: CallOptions, asValue: boolean): Promise<unknown> {
    let invalid: { readonly error: ToolValidationError; readonly issues: readonly ValidationIssue[] } | undefined;
    const onInvalid: OnInvalid = !asValue
      ? this.#refuseInvalid
      : (issues) => {
          invalid = { error: new ToolValidationError(this.#name, issues), issues };
          return rejectLater(invalid.error);
        };
    const finished = watchCall(this.#core, input, options, (traced, trail) =>
      this.#run(input, traced, trail, onInvalid),
    );
    if (!asValue) return finished;
    return finished.catch((error: unknown) => {
      if (invalid !== undefined && error === invalid.error) return new InvalidInput(invalid.issues);
      throw error;
    });
  }
}
