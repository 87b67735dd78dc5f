import type { ToolCore } from '../contracts/ToolCore.js';
import { ApprovalDeniedError } from '../errors/ApprovalDeniedError.js';
import { toToolError } from '../errors/toToolError.js';
import type { PendingCall } from './PendingCall.js';
import { requestApproval } from './requestApproval.js';

/**
 * The approval step of a tool that needs a person's approval: resolves when the module's approver
 * (or the call's own, see `CallOptions.approve`) says yes; rejects with a ToolError otherwise. The
 * answer goes on the call's audit trail. The wait has its own time limit, not the tool's. Resolves at
 * once for a tool that needs no approval.
 */
export function approveCall(core: ToolCore, call: PendingCall, value: unknown): Promise<void> {
  const { definition, approval, logger } = core;
  if (approval === undefined) return Promise.resolve();
  const { trail, context } = call;
  return requestApproval(approval.approve ?? call.options.approve, approval.timeoutMs, {
    definition,
    input: value,
    caller: call.options.caller,
    callId: context.callId,
    // A followed signal reaches the wait through the context's own, linked to it.
    signal: call.signal ?? (call.followed === undefined ? undefined : context.signal),
    logger,
  }).then(
    ({ by }) => {
      if (trail !== undefined) trail.approval = { approved: true, ...(by !== undefined && { by }) };
    },
    (error: unknown) => {
      if (trail !== undefined && error instanceof ApprovalDeniedError)
        trail.approval = { approved: false, reason: error.reason, ...(error.by !== undefined && { by: error.by }) };
      context.settle();
      throw toToolError(definition.name, error);
    },
  );
}
