import type { ToolErrorPayload } from '../contracts/ToolErrorPayload.js';
import { MAX_REASON, redactAndClip } from './redactSecrets.js';
import { ToolError } from './ToolError.js';

/** Why a question got no answer the tool can use. */
export type NotAnsweredReason =
  | 'declined'
  | 'cancelled'
  | 'cannot_ask'
  | 'invalid_answer'
  | 'timed_out'
  | 'expired'
  | 'denied';

/**
 * A question the tool asked (`ctx.ask`) got no usable answer: the person declined or dismissed it, no answer came in
 * time, nobody could be asked on this kernel, a guard refused the question, the answer did not fit it, or the answer
 * came back (a 2026 retry) when the call that asked no longer waited for it. Thrown in the handler, which may catch
 * it; uncaught, the call ends with it.
 */
export class QuestionNotAnsweredError extends ToolError {
  readonly code = 'not_answered' as const;
  readonly retryable = false;
  protected static override readonly captureStack = false;

  constructor(
    readonly tool: string,
    readonly reason: NotAnsweredReason,
    /** The question's message, redacted: what was asked. */
    question: string,
    detail?: string,
  ) {
    const asked = redactAndClip(String(question), MAX_REASON);
    const why =
      reason === 'declined'
        ? 'the user declined to answer'
        : reason === 'cancelled'
          ? 'the user dismissed the question'
          : reason === 'cannot_ask'
            ? `nobody can be asked here${detail === undefined ? '' : ` (${detail})`}`
            : reason === 'timed_out'
              ? `no answer came in time${detail === undefined ? '' : ` (${detail})`}`
              : reason === 'expired'
                ? `the answer came too late${detail === undefined ? '' : ` (${detail})`}`
                : reason === 'denied'
                  ? `it may not ask this caller${detail === undefined ? '' : ` (${detail})`}`
                  : `the answer did not fit the question: ${detail ?? 'it was not an object'}`;
    const next =
      reason === 'timed_out' || reason === 'invalid_answer' || reason === 'expired'
        ? 'Call it again if the user still wants it done.'
        : 'Do not call it again unless the user asks you to.';
    super(`${tool} asked "${asked}" and got no answer: ${why}. ${next}`);
  }

  override toPayload(): ToolErrorPayload {
    return { ...super.toPayload(), reason: this.reason };
  }
}
