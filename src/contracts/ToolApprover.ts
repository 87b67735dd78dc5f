import type { Newable } from './Newable.js';
import type { ToolDefinition } from './ToolDefinition.js';

/** What an approver is asked: the tool, the validated input the handler will get, and who asks. */
export interface ApprovalRequest {
  readonly tool: ToolDefinition;
  readonly input: unknown;
  readonly caller: unknown;
  readonly callId: string;
  /** Aborted when the caller cancels or the approval's time limit passes: stop asking then. */
  readonly signal: AbortSignal;
}

/**
 * `true` approves; `false` or a reason refuses. The long form also says who answered, for the
 * audit trail: `{ approved: true, by: 'ann@example.com' }`.
 */
export type ApprovalAnswer =
  | boolean
  | string
  | { readonly approved: boolean; readonly by?: string; readonly reason?: string };

/** Asks a human (or a policy) whether one call may run. */
export type ApproveFunction = (request: ApprovalRequest) => ApprovalAnswer | Promise<ApprovalAnswer>;

/** An approver as a class, resolved from the container so it can inject services. */
export interface ToolApprover {
  /** Asks for a person's yes: `true` approves, `false` or a string (the reason) refuses. */
  approve(request: ApprovalRequest): ApprovalAnswer | Promise<ApprovalAnswer>;
}

/** A function, an approver instance, or an injectable approver class. */
export type ApproverLike = ApproveFunction | ToolApprover | Newable<ToolApprover>;

/** `toolsModule({ approvals })`: who approves, which tools need it, and how long a human may take. */
export interface ApprovalOptions {
  /**
   * Asks for the approval. Without it, a kernel that can ask (an MCP client with elicitation) asks; otherwise calls are
   * refused.
   */
  readonly approve?: ApproverLike;
  /** Which tools need approval. Default: those declared `destructive: true` or `@RequiresApproval`. */
  readonly when?: (tool: ToolDefinition) => boolean;
  /** How long to wait for an answer, in milliseconds; silence is a refusal. Default 5 minutes. */
  readonly timeoutMs?: number;
}
