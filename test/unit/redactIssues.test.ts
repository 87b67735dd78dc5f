// redactIssues: issues as they may leave the library, paths clipped to 512 characters (a path is made of the
// caller's keys, which can be megabytes long), messages redacted and clipped.
import { redactIssues } from '../../src/errors/redactIssues.js';

const issue = (path: string) => ({ path, message: 'is required', constraint: 'isDefined' });

describe('redactIssues', () => {
  it.each([true, false])(
    'keeps a path of 512 characters whole and clips a longer one (paths redacted: %p)',
    (paths) => {
      const [exact, longer] = redactIssues([issue('p'.repeat(512)), issue('p'.repeat(513))], paths);
      expect(exact!.path).toBe('p'.repeat(512));
      expect(longer!.path).toBe(`${'p'.repeat(512)}…`);
    },
  );

  it('returns frozen copies, with the constraint as text', () => {
    const [copy] = redactIssues([{ path: 'a', message: 'm', constraint: 'c' }]);
    expect(Object.isFrozen(copy)).toBe(true);
    expect(copy).toEqual({ path: 'a', message: 'm', constraint: 'c' });
  });
});
