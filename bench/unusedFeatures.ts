// The cost of unused features, each side in a fresh process of its own: `tool.execute` (the pipeline, nothing
// configured) in one, the same tool's steps composed by hand without those features (withoutFeatures.ts) in the
// other, rounds alternating. "A build without those features" is another build, so another process: measured in
// one process, the two sides share the JIT's state (the same validate and invoke, call sites that other cases
// made megamorphic), and the ratio moved from −13% to +34% with what ran before it.
import 'reflect-metadata';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { Container } from 'inversify';
import { PermissionSet, ToolRegistry, toolset, toolsModule } from '../src/index.js';
import { First, RefRead, Second, VALID } from './fixtures.js';
import { measure, median } from './measure.js';
import { withoutFeatures } from './withoutFeatures.js';

type Side = 'with' | 'without';

export interface UnusedFeatures {
  /** Median nanoseconds per call of each side, over the rounds. */
  readonly with: number;
  readonly without: number;
  readonly rounds: number;
}

/** One side's median nanoseconds per call, measured in this process (`rounds` shuffled rounds, as `measure` does). */
async function measureSide(side: Side, rounds: number): Promise<number> {
  // Built from the compiled sources (not the package), so that the tool's core can be reached.
  const container = new Container();
  await container.load(toolsModule({ interceptors: [First, Second] }), toolset({ name: 'ref', tools: [RefRead], granted: PermissionSet.none().grant('fs:read') }));
  const tool = container.get(ToolRegistry).get('ref.read');
  const run = side === 'with' ? () => tool.execute(VALID) : withoutFeatures(tool).bind(undefined, VALID);
  // Checks one answer first: both sides must do the call, not fail it.
  const answer = await run();
  if (answer !== VALID.path.length + VALID.maxBytes) throw new Error(`${side}: unexpected answer ${JSON.stringify(answer)}`);
  return (await measure([{ name: side, run }], rounds, () => undefined)).get(side)!;
}

async function inFreshProcess(side: Side, rounds: number): Promise<number> {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), side, String(rounds)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`unused features, ${side}: the measuring process exited with ${code}`);
  return (JSON.parse(out) as { ns: number }).ns;
}

export async function unusedFeatures(rounds: number, log: (line: string) => void): Promise<UnusedFeatures> {
  const samples: Record<Side, number[]> = { with: [], without: [] };
  for (let round = 0; round < rounds; round++) {
    const order: Side[] = round % 2 === 0 ? ['with', 'without'] : ['without', 'with'];
    for (const side of order) samples[side].push(await inFreshProcess(side, 3));
    log(`  round ${round + 1}/${rounds}: with ${samples.with.at(-1)!.toFixed(0)} ns, without ${samples.without.at(-1)!.toFixed(0)} ns`);
  }
  return { with: median(samples.with), without: median(samples.without), rounds };
}

// A measuring process: `node build/bench/unusedFeatures.js with|without [rounds]` prints {"ns": …}.
// Run alone without a side: `node build/bench/unusedFeatures.js [rounds]` prints both medians.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [first, second] = process.argv.slice(2);
  if (first === 'with' || first === 'without') {
    process.stdout.write(`${JSON.stringify({ ns: await measureSide(first, Number(second ?? 3)) })}\n`);
  } else {
    const result = await unusedFeatures(Number(first ?? 5), (line) => process.stderr.write(`${line}\n`));
    process.stdout.write(`${JSON.stringify(result)}\n`);
  }
}
