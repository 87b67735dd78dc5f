/**
 * The refusals' constructors of two builds in one process, rounds alternating, so that both see the same load:
 * `node build/bench/probes/errorBuilds.js <rootA> <rootB>`, each root holding a `dist/` (`npm run build`).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { median } from '../measure.js';

type Errors = typeof import('hermes-tools');
const roots = process.argv.slice(2);
if (roots.length !== 2) throw new Error('errorBuilds: give two roots');
const entry = (root: string) => pathToFileURL(path.resolve(root, 'dist/src/index.js')).href;
const builds = (await Promise.all(roots.map((root) => import(entry(root))))) as Errors[];
const issues = [
  { path: 'path', message: 'path must be a string, got number', constraint: 'isString' },
  { path: 'maxBytes', message: 'maxBytes must be at least 1, got 0', constraint: 'min' },
];
const cases: Record<string, (b: Errors) => () => unknown> = {
  ToolValidationError: (b: Errors) => () => new b.ToolValidationError('ref.read', issues),
  ToolNotFoundError: (b: Errors) => () => new b.ToolNotFoundError('ref.raed', ['ref.read']),
};

function time(body: () => unknown, calls = 200_000): number {
  const start = process.hrtime.bigint();
  for (let n = 0; n < calls; n++) body();
  return Number(process.hrtime.bigint() - start) / calls;
}

for (const [name, make] of Object.entries(cases)) {
  const bodies = builds.map(make);
  for (const body of bodies) time(body, 50_000);
  const samples: number[][] = [[], []];
  for (let round = 0; round < 10; round++) {
    for (const side of round % 2 === 0 ? [0, 1] : [1, 0]) samples[side]!.push(time(bodies[side]!));
  }
  for (const [side, root] of roots.entries()) {
    const all = samples[side]!.map((n) => n.toFixed(0)).join(', ');
    console.log(`${name} ${root}: median ${median(samples[side]!).toFixed(0)} ns of [${all}]`);
  }
}
