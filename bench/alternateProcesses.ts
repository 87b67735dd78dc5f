// Measures sides of a comparison each in a fresh process of its own, rounds alternating: for cases whose two sides
// would share the JIT's state in one process (the same library code, call sites made megamorphic by other cases),
// so that what ran before moves the ratio more than the sides differ.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { median } from './measure.js';

/** One side's median nanoseconds per call, from `node script side rounds`, which prints {"ns": …}. */
async function inFreshProcess(script: string, side: string, rounds: number, node: string): Promise<number> {
  const child = spawn(node, [script, side, String(rounds)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`${script} ${side}: the measuring process exited with ${code}`);
  return (JSON.parse(out) as { ns: number }).ns;
}

/**
 * Each side's per-process median (of `perProcess` rounds in that process), one per round, the order of the sides
 * reversed every other round; each process runs on `node` (this process's binary unless given another).
 */
export async function alternateProcessSamples<Side extends string>(
  script: string,
  sides: readonly Side[],
  rounds: number,
  log: (line: string) => void,
  perProcess = 3,
  node = process.execPath,
): Promise<Record<Side, number[]>> {
  const samples = Object.fromEntries(sides.map((side) => [side, [] as number[]])) as Record<Side, number[]>;
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    for (const side of order) samples[side].push(await inFreshProcess(script, side, perProcess, node));
    log(
      `  round ${round + 1}/${rounds}${node === process.execPath ? '' : ` (${node})`}: ${sides.map((side) => `${side} ${samples[side].at(-1)!.toFixed(0)} ns`).join(', ')}`,
    );
  }
  return samples;
}

/** The median over `rounds` of each side's per-process median (see {@link alternateProcessSamples}). */
export async function alternateProcesses<Side extends string>(
  script: string,
  sides: readonly Side[],
  rounds: number,
  log: (line: string) => void,
  perProcess = 3,
): Promise<Record<Side, number>> {
  const samples = await alternateProcessSamples(script, sides, rounds, log, perProcess);
  return Object.fromEntries(sides.map((side) => [side, median(samples[side])])) as Record<Side, number>;
}
