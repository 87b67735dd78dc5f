import type { Logger } from './Logger.js';
import type { AskedQuestion, Question, QuestionAnswer } from './Question.js';
import type { PermissionGrant } from './PermissionGrant.js';
import type { ToolDefinition } from './ToolDefinition.js';

/**
 * What a tool knows about the call it is serving. Inject it with `@Ctx()`, or with
 * `@inject(ToolContext)` anywhere (it always reads the current call). `Caller` types `caller` for the handler's reading
 * (`@Ctx() ctx: ToolContext<AppUser>`); it is what the caller passed, not checked at run time.
 */
export interface ToolContext<Caller = unknown> {
  /** The tool's name. */
  readonly tool: string;
  /** The toolset it was registered in. */
  readonly toolset: string;
  /** The tool's definition, hints included (`destructive`, `readOnly`…), for interceptors and guards. */
  readonly definition: ToolDefinition;
  /** Unique per call: the caller's `callId`, or one generated. */
  readonly callId: string;
  /** Aborted when the call times out or the caller cancels it. Pass it on to I/O. */
  readonly signal: AbortSignal;
  /** Whatever the caller passed as `caller`: carried, never interpreted. */
  readonly caller: Caller;
  /** The caller's own grant (`CallOptions.permissions`, or the `forCaller` view's), when the call carries one. */
  readonly permissions: PermissionGrant | undefined;
  /**
   * The caller's W3C trace context (`CallOptions.trace`), when the call carries one: pass it on to the calls this one
   * makes.
   */
  readonly trace?: Readonly<Record<string, string>> | undefined;
  readonly logger: Logger;
  /** Reports progress to a caller that asked for it (MCP clients do); a no-op otherwise. */
  progress(progress: number, total?: number, message?: string): void;
  /**
   * Asks the person behind the call a question (the MCP elicitation subset: strings, numbers, booleans, choices) and
   * resolves with the answer, checked against the question. Rejects with a QuestionNotAnsweredError when the person
   * declines or dismisses it, no answer comes in time, a guard's `canAsk` refuses it, or nobody can be asked
   * (docs/call-pipeline.md, "Questions").
   */
  ask(question: Question): Promise<QuestionAnswer>;
  /** The questions this call has asked so far, and how each ended: for interceptors, after `next()`. */
  readonly questions: readonly AskedQuestion[];
}
