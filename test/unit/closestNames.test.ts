import { closestNames } from '../../src/registry/closestNames.js';

describe('closestNames', () => {
  const names = ['fs.read', 'fs.write', 'fs.list', 'git.status', 'git.commit'];

  it('ranks the nearest names first', () => {
    expect(closestNames('fs.raed', names)).toEqual(['fs.read']);
    expect(closestNames('git.comit', names)).toEqual(['git.commit']);
  });

  it('finds case and whitespace variants, without treating them as the same name', () => {
    expect(closestNames(' FS.READ ', names)).toEqual(['fs.read']);
  });

  it('suggests nothing for a name far from all', () => {
    expect(closestNames('weather', names)).toEqual([]);
  });

  it('suggests a name that holds the one asked for (3 characters or more), the least padded first, before farther names', () => {
    expect(closestNames('read', ['fs.read_all_the_lines', 'xread', 'roed', 'fs.read'])).toEqual(['xread', 'roed', 'fs.read']);
    expect(closestNames('abc', ['xxxxxabcxxxxxx'])).toEqual(['xxxxxabcxxxxxx']);
    expect(closestNames('ab', ['xxxxxabxxxxxxx'])).toEqual([]);
  });

  it('allows a third of the longer name in edits, at least 2, and orders equal distances by name', () => {
    // 12 characters: 4 edits allowed.
    expect(closestNames('abcdefghijkl', ['abcdefghwxyz', 'abcdefgvwxyz'])).toEqual(['abcdefghwxyz']);
    expect(closestNames('abcd', ['abxy', 'abyx', 'axyz', 'abcx'])).toEqual(['abcx', 'abxy', 'abyx']);
  });
});
