import type { CallOptions } from '../contracts/CallOptions.js';
import type { ToolCore } from '../contracts/ToolCore.js';
import { admitsEveryCaller } from './checkAccess.js';

/**
 * The availability check of a tool that requires nothing. The pipeline recognises it by identity
 * and leaves the availability step out of such a tool's calls.
 */
export const alwaysAvailable = (): string | undefined => undefined;

/** Which of the call chain's optional steps a tool's calls take, decided once, when the tool is compiled. */
export interface CallPlan {
  /**
   * Whether admission (availability, the caller's signal, the guards) runs for every call. When it
   * cannot refuse or hold a call (the tool requires nothing, every guard admits everyone and it has
   * no time limit of its own), it runs only for calls that bring a signal, a time limit or
   * permissions, or that are audited.
   */
  readonly admitEveryCall: boolean;
  /** Whether every call is watched for the audit record. */
  readonly audited: boolean;
  /**
   * Whether a call without options takes no step but validation and the handler: no admission, approval, output check,
   * audit, caller view or module asker.
   */
  readonly bare: boolean;
}

/** The plan of a tool's calls. */
export function planCall(core: ToolCore): CallPlan {
  const admitEveryCall =
    core.unavailable !== alwaysAvailable || core.timeoutMs !== undefined || !admitsEveryCaller(core);
  const audited = core.audit !== undefined;
  const bare =
    !admitEveryCall &&
    !audited &&
    core.approval === undefined &&
    core.checkOutput === undefined &&
    core.identity === undefined &&
    // A module's asker (`toolsModule({ questions })`) reaches the handler through the full path's context.
    core.questions === undefined;
  return { admitEveryCall, audited, bare };
}

/**
 * Whether a call goes through admission: always when the plan says so; otherwise only when it brings what admission
 * acts on (a signal, a time limit, permissions) or is audited, since admission could neither refuse nor hold it.
 */
export function admits(plan: CallPlan, options: CallOptions, trail: object | undefined): boolean {
  return (
    plan.admitEveryCall ||
    trail !== undefined ||
    options.signal !== undefined ||
    options.timeoutMs !== undefined ||
    options.permissions !== undefined
  );
}
