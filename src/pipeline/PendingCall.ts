import { CallContext, type RunQuestion } from '../context/CallContext.js';
import { askQuestion } from './askQuestion.js';
import { relayedLogger } from './relayedLogger.js';
import type { CallOptions } from '../contracts/CallOptions.js';
import type { ToolCore } from '../contracts/ToolCore.js';
import type { AuditTrail } from './AuditTrail.js';
import { followedSignal } from './followedSignal.js';
import { onAbort } from '../internal/onAbort.js';
import { ToolAbortedError } from '../errors/ToolAbortedError.js';
import { withDeadline } from './withDeadline.js';

/**
 * One call on its way through the pipeline: its options, its time limit, its audit trail, and its
 * context, made only when a step needs it (a refused call never does).
 */
export class PendingCall {
  #context: CallContext | undefined;
  /** The caller's signal, which the call races. */
  readonly signal: AbortSignal | undefined;
  /** The signal the call follows rather than races (see FOLLOWED_SIGNAL). */
  readonly followed: AbortSignal | undefined;
  /** Whether the call runs under a time limit or a caller's signal. */
  readonly bounded: boolean;

  constructor(
    private readonly core: ToolCore,
    readonly options: CallOptions,
    readonly timeoutMs: number | undefined,
    readonly trail: AuditTrail | undefined,
  ) {
    this.signal = options.signal;
    this.followed = followedSignal(options);
    this.bounded = timeoutMs !== undefined || this.signal !== undefined;
  }

  get context(): CallContext {
    const { options } = this;
    return (this.#context ??= new CallContext(
      this.core.definition,
      options.callId,
      options.caller,
      options.permissions,
      options.onLog === undefined
        ? this.core.logger
        : relayedLogger(this.core.logger, options.onLog, this.core.definition.name, options.logLevel),
      options.onProgress,
      options.trace,
      this.#link(),
      options.ask ?? this.core.questions?.ask,
      this.#runQuestion(),
    ));
  }

  /**
   * How the context asks: through the tool's question guards, into the audit trail, and with the module's default time
   * to answer, when it has them.
   */
  #runQuestion(): RunQuestion {
    const guards = this.core.questionGuards;
    const trail = this.trail;
    const timeoutMs = this.core.questions?.timeoutMs;
    if (guards === undefined && trail === undefined && timeoutMs === undefined) return askQuestion;
    return (ctx, ask, question) => askQuestion(ctx, ask, question, guards, trail, timeoutMs);
  }

  /**
   * How the context's controller follows the call's followed signal: aborted with a ToolAbortedError when it aborts.
   */
  #link(): ((controller: AbortController) => (() => void) | undefined) | undefined {
    const followed = this.followed;
    if (followed === undefined) return undefined;
    const name = this.core.definition.name;
    return (controller) => {
      const abort = (): void => controller.abort(new ToolAbortedError(name));
      if (!followed.aborted) return onAbort(followed, abort);
      abort();
      return undefined;
    };
  }

  /** `pending`, cut by the call's time limit and signal: a slow guard or async check cannot hold the call open. */
  within<T>(pending: Promise<T>): Promise<T> {
    return this.bounded
      ? (withDeadline(() => pending, this.context, this.timeoutMs, this.options.signal) as Promise<T>)
      : pending;
  }
}
