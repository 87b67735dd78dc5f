import { onFirstUse } from '../src/tools/onFirstUse.js';

describe('onFirstUse', () => {
  it('makes its value on the first call, not before, and only once', () => {
    let made = 0;
    const get = onFirstUse(() => ({ n: ++made }));
    expect(made).toBe(0);
    const first = get();
    expect(get()).toBe(first);
    expect(made).toBe(1);
  });

  it('tries again on the next call when making its value threw', () => {
    let calls = 0;
    const get = onFirstUse(() => {
      calls++;
      if (calls === 1) throw new Error('not yet');
      return calls;
    });
    expect(() => get()).toThrow('not yet');
    expect(get()).toBe(2);
    expect(get()).toBe(2);
  });
});
