import type { ToolDefinition } from '../contracts/ToolDefinition.js';
import type { Logger } from '../contracts/Logger.js';
import type { AskedQuestion, AskFunction, Question, QuestionAnswer } from '../contracts/Question.js';
import type { PermissionGrant } from '../contracts/PermissionGrant.js';
import type { ToolContext } from '../contracts/ToolContext.js';
import { newCallId } from './newCallId.js';

/** How a context's question is put (the pipeline's `askQuestion`): given so that a context allocates nothing for it. */
export type RunQuestion = (
  ctx: CallContext,
  ask: AskFunction | undefined,
  question: Question,
) => Promise<QuestionAnswer>;

const NO_RESUME = (): void => undefined;
const NONE: readonly AskedQuestion[] = Object.freeze([]);

export type ProgressListener = (progress: number, total?: number, message?: string) => void;

/**
 * The ToolContext of one call. Its AbortController is made on first use of `signal`, and its id on
 * first read of `callId`, so a call whose tool never looks at them pays nothing for them; an abort
 * before that is still seen.
 */
export class CallContext implements ToolContext {
  #controller: AbortController | undefined;
  #callId: string | undefined;
  #settled = false;
  /**
   * Links the context's controller to a signal the call follows, when `signal` is first read; returns how to unlink it.
   */
  readonly #link: ((controller: AbortController) => (() => void) | undefined) | undefined;
  #unlink: (() => void) | undefined;
  /** Set by the call's deadline while it runs: pauses it, and returns how to resume it. */
  #pauseDeadline: (() => () => void) | undefined;
  #questions: AskedQuestion[] | undefined;

  readonly tool: string;
  readonly toolset: string;

  constructor(
    readonly definition: ToolDefinition,
    callId: string | undefined,
    readonly caller: unknown,
    readonly permissions: PermissionGrant | undefined,
    readonly logger: Logger,
    private readonly onProgress: ProgressListener | undefined,
    readonly trace: Readonly<Record<string, string>> | undefined = undefined,
    link: ((controller: AbortController) => (() => void) | undefined) | undefined = undefined,
    private readonly askFunction: AskFunction | undefined = undefined,
    private readonly runQuestion: RunQuestion | undefined = undefined,
  ) {
    this.tool = definition.name;
    this.toolset = definition.toolset;
    this.#callId = callId;
    this.#link = link;
  }

  get callId(): string {
    return (this.#callId ??= newCallId());
  }

  get signal(): AbortSignal {
    return (this.#controller ??= this.#newController()).signal;
  }

  #newController(): AbortController {
    const controller = new AbortController();
    if (this.#link !== undefined && !this.#settled) this.#unlink = this.#link(controller);
    return controller;
  }

  progress(progress: number, total?: number, message?: string): void {
    // After the call settled its caller has its answer; a late report would arrive after the result.
    if (this.onProgress === undefined || this.#settled) return;
    try {
      this.onProgress(progress, total, message);
    } catch (error) {
      // A failing progress listener is the caller's problem and must not fail the tool: logged, not thrown.
      this.logger.warn('a progress listener threw; the report was dropped', {
        tool: this.tool,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }

  /** The call's deadline says how to pause it (while a person is asked); cleared once the call settles. @internal */
  holdDeadlineWith(pause: (() => () => void) | undefined): void {
    this.#pauseDeadline = pause;
  }

  /** Pauses the call's time limit, if it has one, until the function returned is called. @internal */
  pauseDeadline(): () => void {
    return this.#pauseDeadline?.() ?? NO_RESUME;
  }

  ask(question: Question): Promise<QuestionAnswer> {
    // Every context the pipeline makes has its runner; one made by hand cannot ask.
    if (this.runQuestion === undefined) return Promise.reject(new TypeError('ctx.ask: this context cannot ask'));
    return this.runQuestion(this, this.askFunction, question);
  }

  get questions(): readonly AskedQuestion[] {
    return this.#questions ?? NONE;
  }

  /** A question this call asked has ended. @internal */
  noteQuestion(asked: AskedQuestion): void {
    (this.#questions ??= []).push(asked);
  }

  abort(reason: unknown): void {
    (this.#controller ??= new AbortController()).abort(reason);
  }

  /**
   * The call has its outcome: later progress reports are dropped, and a followed signal no longer reaches this context.
   */
  settle(): void {
    this.#settled = true;
    this.#unlink?.();
    this.#unlink = undefined;
  }
}
