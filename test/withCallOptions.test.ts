import { PermissionSet } from 'hermes-tools';
import type { CallOptions } from '../src/contracts/CallOptions.js';
import { FOLLOWED_SIGNAL, followedSignal, type FollowingCallOptions } from '../src/pipeline/followedSignal.js';
import { withCallOptions } from '../src/pipeline/withCallOptions.js';

describe('withCallOptions', () => {
  const signal = new AbortController().signal;
  const followed = new AbortController().signal;
  const every: FollowingCallOptions = {
    signal,
    callId: 'given',
    timeoutMs: 5,
    caller: { id: 'alice' },
    permissions: PermissionSet.none().grant('fs:read'),
    trace: { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' },
    onProgress: () => undefined,
    approve: async () => ({ approved: true }),
    onAccepted: () => undefined,
    [FOLLOWED_SIGNAL]: followed,
  };

  it('copies every option, the followed signal too, and sets what it is given over them', () => {
    const copy = withCallOptions(every, { callId: 'new' });
    expect(copy).not.toBe(every);
    expect(copy).toEqual({ ...every, callId: 'new' });
    expect(followedSignal(copy)).toBe(followed);
  });

  it('lets a change that is present but undefined win, and leaves what it is not given as it was', () => {
    const copy = withCallOptions(every, { caller: undefined, permissions: undefined });
    expect([copy.caller, copy.permissions, copy.callId, copy.signal]).toEqual([undefined, undefined, 'given', signal]);
  });

  it('copies no key it does not know, so an own "__proto__" key in the options reaches nothing', () => {
    const hostile = JSON.parse('{"__proto__": {"polluted": true}, "callId": "c"}') as CallOptions;
    const copy = withCallOptions(hostile, { caller: 'bob' });
    expect([Object.getPrototypeOf(copy), (copy as { polluted?: unknown }).polluted, copy.callId, copy.caller]).toEqual([
      Object.prototype,
      undefined,
      'c',
      'bob',
    ]);
    expect(Object.hasOwn(copy, '__proto__')).toBe(false);
  });

  it('takes only the changes it is given as its own: a polluted Object.prototype sets no caller, call id or permissions', () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto.caller = { id: 'mallory' };
    proto.callId = 'forged';
    proto.permissions = PermissionSet.none().grant('admin:*');
    try {
      const copy = withCallOptions(every, {});
      expect([copy.caller, copy.callId, copy.permissions]).toEqual([every.caller, 'given', every.permissions]);
      // Nor one the options do not hold: dispatch's own default options are `{}`.
      proto.approve = async () => ({ approved: true });
      const bare = withCallOptions({}, { callId: 'c' });
      expect([bare.caller, bare.permissions, bare.approve, bare.callId]).toEqual([
        undefined,
        undefined,
        undefined,
        'c',
      ]);
      expect(Object.hasOwn(bare, 'caller')).toBe(true);
    } finally {
      delete proto.caller;
      delete proto.callId;
      delete proto.permissions;
      delete proto.approve;
    }
  });
});
