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
});
