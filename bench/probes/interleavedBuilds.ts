/**
 * Two builds of the repository in ONE plain process, their calls interleaved round by round, for A/B runs on a host
 * whose speed drifts between processes: `node build/bench/probes/interleavedBuilds.js <rootA> <rootB> [case]
 * [calls] [rounds]`, where each root holds `dist/` and a `package.json`, and case is `arg` (the @Arg call, default),
 * `invalid` (a refused `call`) or `dispatch` (the same refused through `dispatch`). The bench's reference tool is
 * declared afresh with each build's own decorators. Prints each build's median and the median of the per-round ratios
 * B/A. The build loaded second reads a few percent faster (two copies of one build read 0.95): run both orders.
 */
import 'reflect-metadata';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { median } from '../measure.js';

// biome-ignore lint/suspicious/noExplicitAny: each build's public API, loaded by path at run time
type Api = any;

const [rootA, rootB, name = 'arg', callsText = '100000', roundsText = '20'] = process.argv.slice(2);
if (rootA === undefined || rootB === undefined) throw new Error('interleavedBuilds: give two roots');
const calls = Number(callsText);
const rounds = Number(roundsText);
const VALID = { path: 'src/index.ts', maxBytes: 4096, encoding: 'utf8' };
const INVALID = { path: 3, maxBytes: 0 };

async function callOf(root: string): Promise<() => Promise<unknown>> {
  const h: Api = await import(pathToFileURL(path.resolve(root, 'dist/src/index.js')).href);
  const { Container } = createRequire(path.resolve(root, 'package.json'))('inversify') as Api;
  class RefRead {
    execute(path: string, maxBytes: number): Promise<number> {
      return Promise.resolve(path.length + maxBytes);
    }
  }
  Reflect.defineMetadata('design:paramtypes', [String, Number, String], RefRead.prototype, 'execute');
  h.Arg('path', { minLength: 1 })(RefRead.prototype, 'execute', 0);
  h.Arg('maxBytes', { integer: true, minimum: 1, default: 1_000_000 })(RefRead.prototype, 'execute', 1);
  h.Arg('encoding', { enum: ['utf8', 'latin1'], optional: true, type: String })(RefRead.prototype, 'execute', 2);
  h.Permissions('fs:read')(RefRead);
  h.Tool({ name: 'ref.read', description: 'Reads a file.' })(RefRead);
  class First {
    intercept(_input: unknown, _ctx: unknown, next: () => Promise<unknown>): Promise<unknown> {
      return next();
    }
  }
  class Second {
    intercept(_input: unknown, _ctx: unknown, next: () => Promise<unknown>): Promise<unknown> {
      return next();
    }
  }
  const container = new Container();
  await container.load(
    h.toolsModule({ interceptors: [First, Second] }),
    h.toolset({ name: 'ref', tools: [RefRead], granted: h.PermissionSet.none().grant('fs:read') }),
  );
  const registry = container.get(h.ToolRegistry);
  if (name === 'arg') return () => registry.call('ref.read', VALID);
  if (name === 'dispatch') return () => registry.dispatch('ref.read', INVALID);
  return () =>
    registry.call('ref.read', INVALID).then(
      () => Promise.reject(new Error('expected a refusal')),
      () => undefined,
    );
}

async function round(call: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) await call();
  return Number(process.hrtime.bigint() - started) / calls;
}

const sides = [await callOf(rootA), await callOf(rootB)];
for (const call of sides) for (let warm = 0; warm < 3; warm++) await round(call);
const samples: number[][] = [[], []];
const ratios: number[] = [];
for (let r = 0; r < rounds; r++) {
  const times: number[] = [];
  for (const side of r % 2 === 0 ? [0, 1] : [1, 0]) times[side] = await round(sides[side]!);
  samples[0]!.push(times[0]!);
  samples[1]!.push(times[1]!);
  ratios.push(times[1]! / times[0]!);
}
for (const [side, root] of [rootA, rootB].entries()) {
  console.log(`${name} ${root}: median ${median(samples[side]!).toFixed(0)} ns`);
}
console.log(
  `${name} B/A: median ratio ${median(ratios).toFixed(3)} (${Math.min(...ratios).toFixed(3)}–${Math.max(...ratios).toFixed(3)})`,
);
