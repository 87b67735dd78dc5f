/**
 * Two builds of the repository head to head on one call path of `callPaths.js`, each run in fresh processes, the
 * order swapped every round: `node build/bench/probes/alternateBuilds.js <case> <rounds> <rootA> <rootB>`, where
 * each root holds `build/` and `dist/` (`npm run build && npm run compile`) and a `package.json`, and <case> is one
 * of callPaths' (`invalid`, `dispatch`, `arg`, `composite`). Prints each process's median and each build's median.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { median } from '../measure.js';

const [name = 'invalid', roundsText = '6', ...roots] = process.argv.slice(2);
if (roots.length !== 2) throw new Error('alternateBuilds: give a case, a number of rounds and two roots');
const samples: number[][] = [[], []];
for (let round = 0; round < Number(roundsText); round++) {
  const order = round % 2 === 0 ? [0, 1] : [1, 0];
  for (const side of order) {
    const script = path.join(roots[side]!, 'build/bench/probes/callPaths.js');
    const out = execFileSync(process.execPath, [script, name], { encoding: 'utf8' });
    const ns = median([...out.matchAll(/: (\d+) ns/g)].map((m) => Number(m[1])));
    samples[side]!.push(ns);
    console.log(`round ${round + 1}: ${roots[side]} ${ns} ns`);
  }
}
for (const [side, root] of roots.entries()) {
  console.log(`${name} ${root}: median ${median(samples[side]!)} ns of [${samples[side]!.join(', ')}]`);
}
