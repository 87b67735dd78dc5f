import type { Denial } from '../contracts/Denial.js';
import type { ToolCore } from '../contracts/ToolCore.js';
import { PermissionDeniedError } from '../errors/PermissionDeniedError.js';
import { ToolAbortedError } from '../errors/ToolAbortedError.js';
import { ToolUnavailableError } from '../errors/ToolUnavailableError.js';
import type { AccessCheck } from './checkAccess.js';
import type { PendingCall } from './PendingCall.js';

/**
 * The admission step: availability, the caller's signal, then the guards (`access`). A refusal is
 * thrown; undefined when the call is admitted at once, a promise when a guard makes it wait (cut by
 * the call's time limit and signal). The guards' verdict goes on the call's audit trail.
 */
export function admitCall(core: ToolCore, access: AccessCheck, call: PendingCall): Promise<void> | undefined {
  const name = core.definition.name;
  const reason = core.unavailable();
  if (reason !== undefined) throw new ToolUnavailableError(name, reason);
  if (call.signal?.aborted || call.followed?.aborted) throw new ToolAbortedError(name);
  const denial = access(call.options.caller, call.options.permissions);
  if (denial instanceof Promise) return call.within(denial).then((answer) => allow(name, answer, call));
  allow(name, denial, call);
  return undefined;
}

function allow(name: string, denial: Denial | undefined, call: PendingCall): void {
  const trail = call.trail;
  if (trail !== undefined) trail.access = denial === undefined ? 'allowed' : 'denied';
  if (denial === undefined) return;
  if (trail !== undefined) trail.reason = denial.reason ?? `the "${denial.permission}" permission was not granted`;
  throw new PermissionDeniedError(name, denial);
}
