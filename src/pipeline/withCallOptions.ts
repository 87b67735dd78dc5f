import type { CallOptions } from '../contracts/CallOptions.js';
import { FOLLOWED_SIGNAL, type FollowingCallOptions } from './followedSignal.js';
import { ownValue } from '../internal/ownValue.js';

/**
 * Every call option, the internal ones too, each present: adding one to CallOptions fails to compile here until it is
 * copied.
 */
type EveryCallOption = { [K in keyof Required<FollowingCallOptions>]: FollowingCallOptions[K] | undefined };

/** What the pipeline itself may set on the options it passes on. */
type Changes = Pick<CallOptions, 'callId' | 'caller' | 'permissions'>;

/**
 * `options` with `changes` over them, as a new object of one fixed shape. Only own keys count, of
 * both: a key `changes` holds wins even when undefined, and one inherited (as from a polluted
 * Object.prototype) is not copied. Not `{ ...options, callId }`, which is slow on Node 20 (bench/NOTES.md,
 * hot path), nor Object.assign, which runs the `__proto__` setter of a key so named.
 */
export function withCallOptions(options: CallOptions, changes: Changes): CallOptions {
  const given = options as FollowingCallOptions;
  const copy: EveryCallOption = {
    signal: ownValue(given, 'signal'),
    callId: Object.hasOwn(changes, 'callId') ? changes.callId : ownValue(given, 'callId'),
    timeoutMs: ownValue(given, 'timeoutMs'),
    caller: Object.hasOwn(changes, 'caller') ? changes.caller : ownValue(given, 'caller'),
    permissions: Object.hasOwn(changes, 'permissions') ? changes.permissions : ownValue(given, 'permissions'),
    trace: ownValue(given, 'trace'),
    onProgress: ownValue(given, 'onProgress'),
    onLog: ownValue(given, 'onLog'),
    logLevel: ownValue(given, 'logLevel'),
    approve: ownValue(given, 'approve'),
    ask: ownValue(given, 'ask'),
    onAccepted: ownValue(given, 'onAccepted'),
    [FOLLOWED_SIGNAL]: ownValue(given, FOLLOWED_SIGNAL),
  };
  return copy;
}

/**
 * A call made without options: one shared frozen object that owns every option (each undefined), so no step reads a
 * polluted prototype.
 */
export const NO_OPTIONS: CallOptions = Object.freeze(withCallOptions(Object.freeze({}), {}));

/**
 * `withCallOptions(options, { callId })`, made without reading each option when the call brought none
 * (`NO_OPTIONS`): what a watched call does first (bench/NOTES.md, tracing).
 */
export function withCallId(options: CallOptions, callId: string): CallOptions {
  if (options !== NO_OPTIONS) return withCallOptions(options, { callId });
  const copy: EveryCallOption = {
    signal: undefined,
    callId,
    timeoutMs: undefined,
    caller: undefined,
    permissions: undefined,
    trace: undefined,
    onProgress: undefined,
    onLog: undefined,
    logLevel: undefined,
    approve: undefined,
    ask: undefined,
    onAccepted: undefined,
    [FOLLOWED_SIGNAL]: undefined,
  };
  return copy;
}
