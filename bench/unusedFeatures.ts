// The cost of unused features, each side in a fresh process of its own: `tool.execute` (the pipeline, nothing
// configured) in one, the same tool's steps composed by hand without those features (withoutFeatures.ts) in the
// other, rounds alternating. "A build without those features" is another build, so another process: measured in
// one process, the two sides share the JIT's state (the same validate and invoke, call sites that other cases
// made megamorphic), and the ratio moved from −13% to +34% with what ran before it.
import 'reflect-metadata';
import { fileURLToPath } from 'node:url';
import { Container } from 'inversify';
import { PermissionSet, ToolRegistry, toolset, toolsModule } from '../src/index.js';
import { First, RefRead, Second, VALID } from './fixtures.js';
import { alternateProcessReadings, type Reading, readCalls } from './alternateProcesses.js';
import { median } from './measure.js';
import { withoutFeatures } from './withoutFeatures.js';

type Side = 'with' | 'without';

export interface UnusedFeatures {
  /** Median CPU nanoseconds per call of each side, over the rounds (what the target reads; see `readCalls`). */
  readonly with: number;
  readonly without: number;
  /** The same in wall-clock time. */
  readonly wallWith: number;
  readonly wallWithout: number;
  readonly rounds: number;
  /** The CPU cost (with ÷ without − 1) in each round, the two processes measured one after the other: quartiles. */
  readonly roundCosts: readonly [number, number, number];
}

/** Calls before measuring, past the compiler's tiers. */
const WARM_UP = 100_000;
/** Rounds in each process, and calls in each round (about 40 ms). */
const PER_PROCESS = 7;
const BATCH = 100_000;

/** One side's reading in this process (see `readCalls`). */
async function measureSide(side: Side, rounds: number): Promise<Reading> {
  // Built from the compiled sources (not the package), so that the tool's core can be reached.
  const container = new Container();
  await container.load(
    toolsModule({ interceptors: [First, Second] }),
    toolset({ name: 'ref', tools: [RefRead], granted: PermissionSet.none().grant('fs:read') }),
  );
  const tool = container.get(ToolRegistry).get('ref.read');
  const run = side === 'with' ? () => tool.execute(VALID) : withoutFeatures(tool).bind(undefined, VALID);
  // Checks one answer first: both sides must do the call, not fail it.
  const answer = await run();
  if (answer !== VALID.path.length + VALID.maxBytes)
    throw new Error(`${side}: unexpected answer ${JSON.stringify(answer)}`);
  for (let i = 0; i < WARM_UP; i++) await run();
  return readCalls(run, rounds, BATCH);
}

export async function unusedFeatures(rounds: number, log: (line: string) => void): Promise<UnusedFeatures> {
  const readings = await alternateProcessReadings(
    fileURLToPath(import.meta.url),
    ['with', 'without'] as const,
    rounds,
    log,
    PER_PROCESS,
  );
  const cpu = (reading: Reading): number => reading.cpuNs ?? reading.ns;
  const costs = readings.with
    .map((reading, round) => cpu(reading) / cpu(readings.without[round]!) - 1)
    .sort((a, b) => a - b);
  const quartile = (q: number): number => costs[Math.min(costs.length - 1, Math.round(q * (costs.length - 1)))]!;
  return {
    with: median(readings.with.map(cpu)),
    without: median(readings.without.map(cpu)),
    wallWith: median(readings.with.map((reading) => reading.ns)),
    wallWithout: median(readings.without.map((reading) => reading.ns)),
    rounds,
    roundCosts: [quartile(0.25), median(costs), quartile(0.75)],
  };
}

// A measuring process: `node build/bench/unusedFeatures.js with|without [rounds]` prints {"ns": …, "cpuNs": …}.
// Run alone without a side: `node build/bench/unusedFeatures.js [rounds]` prints both medians.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [first, second] = process.argv.slice(2);
  if (first === 'with' || first === 'without') {
    process.stdout.write(`${JSON.stringify(await measureSide(first, Number(second ?? 3)))}\n`);
  } else {
    const result = await unusedFeatures(Number(first ?? 5), (line) => process.stderr.write(`${line}\n`));
    process.stdout.write(`${JSON.stringify(result)}\n`);
  }
}
