import type { Logger } from '../contracts/Logger.js';
import { ApprovalDeniedError } from '../errors/ApprovalDeniedError.js';
import { ToolAbortedError } from '../errors/ToolAbortedError.js';
import type { ToolDefinition } from '../contracts/ToolDefinition.js';
import type { ApproveFunction } from '../contracts/ToolApprover.js';
import { onAbort } from '../internal/onAbort.js';

/** What the approval step needs from the call. */
export interface ApprovalCall {
  readonly definition: ToolDefinition;
  readonly input: unknown;
  readonly caller: unknown;
  readonly callId: string;
  readonly signal: AbortSignal | undefined;
  readonly logger: Logger;
}

/**
 * Asks `approve` and resolves when the answer is yes. Anything else is an ApprovalDeniedError:
 * a no, a reason, silence past `timeoutMs`, an approver that throws, or no approver at all.
 * The caller's signal still cancels the wait (ToolAbortedError); the tool's own time limit does not.
 */
export function requestApproval(
  approve: ApproveFunction | undefined,
  timeoutMs: number,
  call: ApprovalCall,
): Promise<{ by?: string }> {
  const { definition } = call;
  const name = definition.name;
  // A signal that aborted before the wait began (during an async onAccepted) fires no 'abort' event for the listener
  // below.
  if (call.signal?.aborted === true) return Promise.reject(new ToolAbortedError(name));
  if (approve === undefined) {
    return Promise.reject(
      new ApprovalDeniedError(
        name,
        "it needs a person's approval and nobody can be asked here; the operator must configure toolsModule({ approvals: { approve } })",
      ),
    );
  }
  return new Promise<{ by?: string }>((resolve, reject) => {
    const controller = new AbortController();
    let settled = false;
    let by: string | undefined;
    const finish = (error?: Error): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      removeAbort?.();
      if (error === undefined) {
        resolve(by === undefined ? {} : { by });
        return;
      }
      controller.abort(error);
      reject(error);
    };
    // The listener first: a signal that is not an AbortSignal throws here, before a timer exists that would outlive the
    // call.
    const removeAbort =
      call.signal === undefined ? undefined : onAbort(call.signal, () => finish(new ToolAbortedError(name)));
    const timer = setTimeout(
      () => finish(new ApprovalDeniedError(name, `no answer came within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const denied = (given: unknown): void => {
      let answer = given;
      if (typeof given === 'object' && given !== null && 'approved' in given) {
        const long = given as { approved?: unknown; by?: unknown; reason?: unknown };
        if (typeof long.by === 'string') by = long.by.slice(0, 200);
        answer = long.approved === true ? true : typeof long.reason === 'string' ? long.reason : false;
      }
      if (answer === true) {
        finish();
        return;
      }
      finish(
        new ApprovalDeniedError(
          name,
          typeof answer === 'string' && answer.trim() !== '' ? answer.trim() : 'the request was declined',
          by,
        ),
      );
    };
    const failed = (error: unknown): void => {
      call.logger.error('hermes-tools: an approver threw, so the call is refused', {
        tool: name,
        error: error instanceof Error ? error.message : String(error),
      });
      finish(new ApprovalDeniedError(name, 'the approval could not be obtained'));
    };
    try {
      const answer = approve({
        tool: definition,
        input: call.input,
        caller: call.caller,
        callId: call.callId,
        signal: controller.signal,
      });
      if (answer instanceof Promise) answer.then(denied, failed);
      else denied(answer);
    } catch (error) {
      failed(error);
    }
  });
}
