import { closestNames } from '../../src/registry/closestNames.js';

describe('closestNames', () => {
  const names = ['fs.read', 'fs.write', 'fs.list', 'git.status', 'git.commit'];

  it('ranks the nearest names first', () => {
    expect(closestNames('fs.raed', names)).toEqual(['fs.read']);
    expect(closestNames('git.comit', names)).toEqual(['git.commit']);
  });

  it('finds case and whitespace variants, without treating them as the same name', () => {
    expect(closestNames(' FS.READ ', names)).toEqual(['fs.read']);
    // Trimmed before it is compared: six spaces each side would be twelve edits.
    expect(closestNames('      fs.read      ', names)).toEqual(['fs.read']);
  });

  it('compares the first 64 characters of the name asked for, the longest a tool name can be', () => {
    const longest = `${'a'.repeat(60)}.run`;
    expect(closestNames(longest + 'x'.repeat(100), [longest])).toEqual([longest]);
    expect(closestNames(`${longest.slice(0, 63)}y${'x'.repeat(100)}`, [longest])).toEqual([longest]);
  });

  it('compares the first 64 characters of each name offered too', () => {
    const longest = `${'a'.repeat(60)}.run`;
    const offered = `${longest.slice(0, 63)}y${'x'.repeat(100)}`;
    expect(closestNames(longest, [offered])).toEqual([offered]);
  });

  it('suggests nothing for a name far from all', () => {
    expect(closestNames('weather', names)).toEqual([]);
  });

  it('suggests a name that holds the one asked for (3 characters or more), the least padded first, before farther names', () => {
    expect(closestNames('read', ['fs.read_all_the_lines', 'xread', 'roed', 'fs.read'])).toEqual([
      'xread',
      'roed',
      'fs.read',
    ]);
    expect(closestNames('abc', ['xxxxxabcxxxxxx'])).toEqual(['xxxxxabcxxxxxx']);
    expect(closestNames('ab', ['xxxxxabxxxxxxx'])).toEqual([]);
  });

  it('allows a third of the longer name in edits, at least 2, and orders equal distances by name', () => {
    // 12 characters: 4 edits allowed.
    expect(closestNames('abcdefghijkl', ['abcdefghwxyz', 'abcdefgvwxyz'])).toEqual(['abcdefghwxyz']);
    expect(closestNames('abcd', ['abxy', 'abyx', 'axyz', 'abcx'])).toEqual(['abcx', 'abxy', 'abyx']);
    // The third is of the longer name: 10 characters allow 3 edits, as many as the length differs by, and not 4.
    expect(closestNames('nots.rd', ['notes.read'])).toEqual(['notes.read']);
    expect(closestNames('nts.rd', ['notes.read'])).toEqual([]);
  });

  it('counts edits at every position, the first and the last included', () => {
    expect(closestNames('q', ['x', 'ab', 'abc'])).toEqual(['x', 'ab']);
    expect(closestNames('a', ['x', 'ab', 'abc'])).toEqual(['ab', 'x', 'abc']);
    expect(closestNames('sf.read', names)).toEqual(['fs.read']);
  });

  it('stops comparing once a million cells of distance tables are filled: a close name is found up to that point, not after it', () => {
    // 40 characters against 40: 1,600 cells each, so 625 far names fill exactly a million.
    const target = 'q'.repeat(40);
    const close = `${'q'.repeat(39)}r`;
    const far = Array.from({ length: 625 }, (_, i) => `${'z'.repeat(36)}${String(i).padStart(4, '0')}`);
    expect(closestNames(target, [...far.slice(0, 624), close])).toEqual([close]);
    expect(closestNames(target, [...far, close])).toEqual([close]);
    expect(closestNames(target, [...far, 'z'.repeat(40), close])).toEqual([]);
  });

  it('fills no cells for a name whose length alone puts it too far', () => {
    // 40 characters allow 13 edits; 26 characters differ by 14. Compared, 1,000 of them would fill 1,040,000 cells.
    const target = 'q'.repeat(40);
    const close = `${'q'.repeat(39)}r`;
    const short = Array.from({ length: 1000 }, (_, i) => `${'z'.repeat(22)}${String(i).padStart(4, '0')}`);
    expect(closestNames(target, [...short, close])).toEqual([close]);
  });
});
