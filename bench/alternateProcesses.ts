// Measures sides of a comparison each in a fresh process of its own, rounds alternating: for cases whose two sides
// would share the JIT's state in one process (the same library code, call sites made megamorphic by other cases),
// so that what ran before moves the ratio more than the sides differ.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { median } from './measure.js';

/**
 * What a measuring process prints: its median wall-clock nanoseconds per call, and its median CPU nanoseconds per call
 * (all of the process's threads) when it measures those too.
 */
export interface Reading {
  readonly ns: number;
  readonly cpuNs?: number;
}

/**
 * A measuring process's reading of `run`: `rounds` batches of `batch` calls, the median of each clock per call. The CPU
 * time counts all of the process's threads, the collector's included; on a host shared with other work, a process that
 * waits for a core does no work, so its CPU time moves far less from one process to the next than its wall clock.
 */
export async function readCalls(run: () => Promise<unknown>, rounds: number, batch: number): Promise<Reading> {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const usage = process.cpuUsage();
    const started = process.hrtime.bigint();
    for (let i = 0; i < batch; i++) await run();
    wall.push(Number(process.hrtime.bigint() - started) / batch);
    const used = process.cpuUsage(usage);
    cpu.push(((used.user + used.system) * 1000) / batch);
  }
  return { ns: median(wall), cpuNs: median(cpu) };
}

/** One side's reading, from `node script side rounds`, which prints {"ns": …} or {"ns": …, "cpuNs": …}. */
async function inFreshProcess(script: string, side: string, rounds: number, node: string): Promise<Reading> {
  const child = spawn(node, [script, side, String(rounds)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`${script} ${side}: the measuring process exited with ${code}`);
  return JSON.parse(out) as Reading;
}

/**
 * Each side's per-process reading (medians of `perProcess` rounds in that process), one per round, the order of the
 * sides reversed every other round; each process runs on `node` (this process's binary unless given another).
 */
export async function alternateProcessReadings<Side extends string>(
  script: string,
  sides: readonly Side[],
  rounds: number,
  log: (line: string) => void,
  perProcess = 3,
  node = process.execPath,
): Promise<Record<Side, Reading[]>> {
  const readings = Object.fromEntries(sides.map((side) => [side, [] as Reading[]])) as Record<Side, Reading[]>;
  const shown = (reading: Reading): string =>
    `${reading.ns.toFixed(0)} ns${reading.cpuNs === undefined ? '' : ` (CPU ${reading.cpuNs.toFixed(0)} ns)`}`;
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    for (const side of order) readings[side].push(await inFreshProcess(script, side, perProcess, node));
    log(
      `  round ${round + 1}/${rounds}${node === process.execPath ? '' : ` (${node})`}: ${sides.map((side) => `${side} ${shown(readings[side].at(-1)!)}`).join(', ')}`,
    );
  }
  return readings;
}

/** Each side's per-process median wall-clock nanoseconds per call, one per round (see {@link alternateProcessReadings}). */
export async function alternateProcessSamples<Side extends string>(
  script: string,
  sides: readonly Side[],
  rounds: number,
  log: (line: string) => void,
  perProcess = 3,
  node = process.execPath,
): Promise<Record<Side, number[]>> {
  const readings = await alternateProcessReadings(script, sides, rounds, log, perProcess, node);
  return Object.fromEntries(sides.map((side) => [side, readings[side].map((r) => r.ns)])) as Record<Side, number[]>;
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
