import type { CallOptions } from '../contracts/CallOptions.js';
import { newCallId } from '../context/newCallId.js';
import type { ToolError } from '../errors/ToolError.js';
import { type AuditDestination, AuditTrail } from '../pipeline/AuditTrail.js';
import { callObserved, traceCall } from '../pipeline/callChannel.js';
import { ownValue } from '../internal/ownValue.js';
import { rejectLater } from '../internal/rejectLater.js';
import type { CallerIdentity } from './CallerIdentity.js';

/**
 * A call to a name no tool answers to (or a URI no resource, a name no prompt): refused with `notFound()`, traced when the call channel is
 * watched, and audited when `audit` is set (each tool's own calls are audited by its pipeline).
 * `view` is the caller's view the call went through, whose caller the audit names.
 */
export function refuseUnknown(
  name: unknown,
  args: unknown,
  options: CallOptions | undefined,
  notFound: () => ToolError,
  view: CallerIdentity | undefined,
  audit: AuditDestination | undefined,
): Promise<unknown> {
  if (!callObserved() && audit === undefined) return rejectLater(notFound());
  // Only the caller's own options, as in the pipeline: a polluted Object.prototype names no caller in the audit.
  const ownCallId = ownValue(options, 'callId');
  const callId = typeof ownCallId === 'string' ? ownCallId : newCallId();
  const shown = typeof name === 'string' ? name.slice(0, 200) : String(typeof name);
  const caller = view === undefined ? ownValue(options, 'caller') : view.caller;
  const refuse = (): Promise<unknown> => Promise.reject(notFound());
  const trace = ownValue(options, 'trace');
  const running = callObserved()
    ? traceCall({ tool: shown, toolset: undefined, definition: undefined, callId, caller, trace }, refuse)
    : refuse();
  if (audit === undefined) return running;
  const trail = new AuditTrail(audit, { tool: shown, toolset: undefined, callId, caller, permissions: [] }, args);
  return running.catch((error: unknown) => {
    trail.finish({ ok: false, error });
    throw error;
  });
}
