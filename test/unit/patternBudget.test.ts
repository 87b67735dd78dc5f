import { type PatternCheckBudget, patternProblem } from '../../src/schema/patternProblem.js';

const budget = (remainingMs: number): PatternCheckBudget => ({ remainingMs, what: 'the test budget' });
/** A pattern no other test has checked: verdicts are kept per process. */
const fresh = (tail: string) => `^[a-z]+${tail}${process.hrtime.bigint()}$`;

describe('patternProblem with a budget', () => {
  it('refuses a pattern not checked before once the budget is spent, naming the budget, and keeps no verdict', () => {
    const source = fresh('x');
    expect(patternProblem(source, { unicode: true }, 'here', budget(0))).toEqual({
      where: 'here',
      code: 'unchecked_pattern',
      message: expect.stringContaining('spent the test budget; the tool is tried again at the next listing'),
    });
    // Not a verdict: without a budget (or with time left) it is checked, and found safe.
    expect(patternProblem(source, { unicode: true }, 'here')).toBeUndefined();
  });

  it('answers from a kept verdict without spending the budget', () => {
    const source = fresh('y');
    expect(patternProblem(source, { unicode: true }, 'here')).toBeUndefined();
    const spent = budget(0);
    expect(patternProblem(source, { unicode: true }, 'here', spent)).toBeUndefined();
    expect(spent.remainingMs).toBe(0);
  });

  it('spends the time a check takes', () => {
    const given = budget(60_000);
    expect(patternProblem(fresh('z'), { unicode: true }, 'here', given)).toBeUndefined();
    expect(given.remainingMs).toBeLessThan(60_000);
  });
});
