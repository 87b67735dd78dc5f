import { HeardCancellations } from '../src/queue/HeardCancellations.js';

describe('HeardCancellations', () => {
  it('keeps a heard id as long as a cancellation mark, then forgets it', () => {
    let now = 0;
    const heard = new HeardCancellations(() => now);
    heard.add('a');
    expect(heard.has('a')).toBe(true);
    expect(heard.has('b')).toBe(false);
    now = 10 * 60_000 - 1;
    expect(heard.has('a')).toBe(true);
    now = 10 * 60_000;
    expect(heard.has('a')).toBe(false);
    // Forgotten ids are dropped when another is heard.
    heard.add('b');
    expect(heard.has('b')).toBe(true);
  });

  it('keeps at most 10,000 ids, dropping the oldest: a flood of published cancellations cannot grow it', () => {
    const heard = new HeardCancellations(() => 0);
    for (let i = 0; i < 10_001; i++) heard.add(`job-${i}`);
    expect(heard.has('job-0')).toBe(false);
    expect(heard.has('job-1')).toBe(true);
    expect(heard.has('job-10000')).toBe(true);
  });

  it('keeps no id longer than an agent makes: whoever writes to the stream cannot make a worker hold long strings', () => {
    const heard = new HeardCancellations(() => 0);
    heard.add('x'.repeat(65));
    heard.add('5f0c1a52-8f47-4f39-9d55-3a4b2e1f0c9d');
    expect(heard.has('x'.repeat(65))).toBe(false);
    expect(heard.has('5f0c1a52-8f47-4f39-9d55-3a4b2e1f0c9d')).toBe(true);
  });
});
