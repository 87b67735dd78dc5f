// Who owns what a caller's calls leave behind (a result cut to fit): the owner its kernel named, else the caller
// itself by callerKey (its JSON with sorted keys, or its identity when it has none).
import { callerKey } from '../../src/registry/callerKey.js';
import { RESULT_OWNER, resultOwnerOf } from '../../src/registry/resultOwner.js';

describe('resultOwnerOf and callerKey', () => {
  it('takes the owner a kernel named on the caller, and only as an own string', () => {
    expect(resultOwnerOf({ [RESULT_OWNER]: 'ann', id: 1 })).toBe('owner:ann');
    expect(resultOwnerOf({ [RESULT_OWNER]: 42, id: 1 })).toBe('json:{"id":1}');
    expect(resultOwnerOf(Object.create({ [RESULT_OWNER]: 'inherited' }))).toBe('json:{}');
  });

  it('keys a missing or primitive caller by its type, without throwing', () => {
    expect(resultOwnerOf(null)).toBe('json:null');
    expect(resultOwnerOf(undefined)).toBe('value:undefined');
    expect(resultOwnerOf('ann')).toBe('json:"ann"');
  });

  it('gives one key to the same description made twice, whatever the order of its keys', () => {
    expect(callerKey({ b: 1, a: { d: 2, c: 3 } })).toBe(callerKey({ a: { c: 3, d: 2 }, b: 1 }));
    expect(callerKey({ a: 1 })).not.toBe(callerKey({ a: 2 }));
  });

  it('tells apart callers that have no JSON by their identity', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const other: Record<string, unknown> = {};
    other.self = other;
    expect(callerKey(cyclic)).toBe(callerKey(cyclic));
    expect(callerKey(cyclic)).not.toBe(callerKey(other));
    expect(callerKey(cyclic)).toMatch(/^object:\d+$/);
    expect(callerKey(10n)).toBe('value:bigint');
  });
});
