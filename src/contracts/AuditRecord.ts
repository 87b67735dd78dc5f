import type { Newable } from './Newable.js';
import type { QuestionEnd } from './Question.js';
import type { ToolErrorCode } from './ToolErrorCode.js';

/** One call, as the audit trail records it: who called what, what was checked, what was decided, how it ended. */
export interface AuditRecord {
  /** When the call started, ISO 8601. */
  readonly time: string;
  readonly tool: string;
  /** Undefined for a name no tool has. */
  readonly toolset: string | undefined;
  readonly callId: string;
  /** The caller, as the app described it (`CallOptions.caller`, or the `forCaller` view's). */
  readonly caller: unknown;
  /** The permissions the tool declares, which the grants were checked against. */
  readonly permissions: readonly string[];
  /** The guards' verdict; `not_checked` when the call ended before them (an unknown or unavailable tool). */
  readonly access: 'allowed' | 'denied' | 'not_checked';
  /** Why access was denied: the missing permission or the guard's reason. */
  readonly reason?: string;
  /**
   * Present when the tool needed approval and the call got that far: the answer, and who gave it if the approver said.
   */
  readonly approval?: { readonly approved: boolean; readonly by?: string; readonly reason?: string };
  /**
   * What the call carried on trust, verified by nothing here: a queued job's approval (`approval`
   * then says who the job named), its caller and its grant, read from Redis by a `toolWorker` with no signing key.
   */
  readonly unverified?: readonly ('approval' | 'caller' | 'permissions')[];
  /**
   * The questions the tool asked the person (`ctx.ask`), in order: what was asked (redacted), the fields, how each
   * ended, and the answer as redacted JSON text only with `captureArguments`. Absent when it asked none.
   */
  readonly questions?: readonly {
    readonly message: string;
    readonly fields: readonly string[];
    readonly end: QuestionEnd;
    readonly answer?: string;
  }[];
  /** `ok`, or the error code the caller got. */
  readonly outcome: 'ok' | ToolErrorCode;
  readonly durationMs: number;
  /** The arguments as JSON text, redacted; only with `captureArguments`. */
  readonly arguments?: string;
  /** The result as JSON text, redacted; only with `captureArguments` and a result. */
  readonly result?: string;
}

/** Receives audit records. Its failures never fail a call; they are logged. */
export type AuditSinkFunction = (record: AuditRecord) => void | Promise<void>;

/** An audit sink as a class (resolved from the container, so it can inject the app's logger) or an instance. */
export interface AuditSink {
  /** Takes one call's record; may be async, and may fail without failing the call. */
  record(record: AuditRecord): void | Promise<void>;
}

/** A function, a sink instance, or an injectable sink class. */
export type AuditSinkLike = AuditSinkFunction | AuditSink | Newable<AuditSink>;

/** `toolsModule({ audit })`: the sink, and whether records carry the (redacted) arguments and results. */
export interface AuditOptions {
  readonly sink: AuditSinkLike;
  /** Default false: records say who did what, not with which data. */
  readonly captureArguments?: boolean;
}
