import type { PermissionGrant } from './PermissionGrant.js';
import type { LogLine } from './LogLine.js';
import type { AskFunction } from './Question.js';
import type { ApproveFunction } from './ToolApprover.js';

/**
 * Per-call options of `call`, `dispatch` and `execute`: a plain object, whose own keys alone are read
 * (an option inherited from a prototype is ignored, so a polluted Object.prototype sets none).
 */
export interface CallOptions {
  /** Cancels the call: its context's signal is aborted and the call ends with ToolAbortedError. */
  readonly signal?: AbortSignal;
  /** Identifies the call in the context and the outcome; generated when absent. */
  readonly callId?: string;
  /** Time limit for this call, in milliseconds; overrides the tool's and the module's. */
  readonly timeoutMs?: number;
  /** Who is calling: carried to `ctx.caller` and to guards, never interpreted. */
  readonly caller?: unknown;
  /**
   * The caller's own grant. The toolset's grant stays the ceiling: a tool runs only when both
   * allow each permission it declares, so a caller can narrow what its toolset may do, never widen it.
   */
  readonly permissions?: PermissionGrant;
  /**
   * The caller's W3C trace context (`traceparent`, `tracestate`, `baggage`): carried to the call channel, never
   * interpreted.
   */
  readonly trace?: Readonly<Record<string, string>>;
  /** Receives the tool's `ctx.progress(...)` reports. */
  readonly onProgress?: (progress: number, total?: number, message?: string) => void;
  /**
   * Receives a copy of each line the tool writes to `ctx.logger` during this call, after the app's logger has it,
   * redacted and at most 100 per call: for a kernel that relays them to its client (the MCP server does, to a client
   * that asked for log lines).
   */
  readonly onLog?: (line: LogLine) => void;
  /** The least severe line `onLog` receives; lines below it are neither redacted nor counted. Default `debug`. */
  readonly logLevel?: LogLine['level'];
  /**
   * Asks for approval when the tool needs it and `toolsModule({ approvals })` names no approver:
   * for a kernel that can ask its user (the MCP server does, through elicitation).
   */
  readonly approve?: ApproveFunction;
  /**
   * Puts the tool's questions (`ctx.ask`) to a person: for a kernel or an app that can ask its user. Without it, a
   * question ends in a QuestionNotAnsweredError (`not_answered`, reason `cannot_ask`). The MCP server asks its client.
   */
  readonly ask?: AskFunction;
  /**
   * Called once the call has passed availability, guards and validation, before approval and the
   * handler: the point past which the call is no longer refused for who asked or what they sent.
   * The call waits for it, and ends with what it throws. The MCP server creates a task here.
   */
  readonly onAccepted?: () => void | Promise<void>;
}
