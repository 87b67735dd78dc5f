// Invalid input against its peers on each Node version: a refused call (`registry.call`, rejected with every issue;
// `registry.dispatch`, an outcome with every issue) against one valid call of the composite (composite.ts) and
// against Ajv's `allErrors` invalid path (the input copied, validated, rejected with `errorsText`). Each side in a
// fresh process of its own, rounds alternating, on each Node binary given: a refusal's cost is mostly V8 making an
// Error, which each major makes at another price.
import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { Container } from 'inversify';
import { PermissionSet, ToolRegistry, toolset, toolsModule } from 'hermes-tools';
import { alternateProcessReadings, type Reading, readCalls } from './alternateProcesses.js';
import { compositeCall } from './composite.js';
import { First, INVALID, JSON_SCHEMA, RefRead, readBody, Second, VALID } from './fixtures.js';
import { median } from './measure.js';

/** `composite`: one valid composite call; `ajv`: Ajv's invalid path; `call`, `dispatch`: ours, refused. */
export type InvalidSide = 'composite' | 'ajv' | 'call' | 'dispatch';
export const INVALID_SIDES: readonly InvalidSide[] = ['composite', 'ajv', 'call', 'dispatch'];

const WARM_UP = 50_000;
const PER_PROCESS = 7;

export interface InvalidInput {
  /** The Node binary's version. */
  readonly version: string;
  /** Median CPU nanoseconds per call of each side, over the rounds (what the targets read; see `readCalls`). */
  readonly medians: Record<InvalidSide, number>;
  /** The same in wall-clock time. */
  readonly wallMedians: Record<InvalidSide, number>;
  /** Each side's lowest and highest per-process CPU median. */
  readonly spread: Record<InvalidSide, readonly [number, number]>;
  readonly rounds: number;
}

const expectRefusal = (p: Promise<unknown>): Promise<void> =>
  p.then(
    () => {
      throw new Error('expected a rejection');
    },
    () => undefined,
  );

async function sideCall(side: InvalidSide): Promise<() => Promise<unknown>> {
  if (side === 'composite') return compositeCall().bind(undefined, VALID);
  if (side === 'ajv') {
    type Args = { path: string; maxBytes: number };
    const ajv = new Ajv({ useDefaults: true, allErrors: true });
    const validate = ajv.compile(JSON_SCHEMA);
    const ajvCall = async (input: unknown): Promise<unknown> => {
      const copy = { ...(input as object) } as Args;
      if (!validate(copy)) throw new Error(ajv.errorsText(validate.errors));
      return readBody(copy.path, copy.maxBytes);
    };
    return () => expectRefusal(ajvCall(INVALID));
  }
  const container = new Container();
  await container.load(
    toolsModule({ interceptors: [First, Second] }),
    toolset({ name: 'ref', tools: [RefRead], granted: PermissionSet.none().grant('fs:read') }),
  );
  const registry = container.get(ToolRegistry);
  if (side === 'call') return () => expectRefusal(registry.call('ref.read', INVALID));
  return async () => {
    const outcome = await registry.dispatch('ref.read', INVALID);
    if (outcome.ok) throw new Error('expected a refusal');
  };
}

/** One side's reading in this process: batches of about 40 ms. */
async function measureSide(side: InvalidSide, rounds: number): Promise<Reading> {
  const run = await sideCall(side);
  for (let i = 0; i < WARM_UP; i++) await run();
  return readCalls(run, rounds, side === 'composite' ? 100_000 : side === 'ajv' ? 8_000 : 20_000);
}

/** The sides measured on `node` (a Node binary; this process's unless given). */
export async function invalidInput(
  rounds: number,
  log: (line: string) => void,
  node = process.execPath,
): Promise<InvalidInput> {
  const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  const readings = await alternateProcessReadings(
    fileURLToPath(import.meta.url),
    INVALID_SIDES,
    rounds,
    log,
    PER_PROCESS,
    node,
  );
  const by = <T>(pick: (reading: Reading) => number, f: (values: number[]) => T): Record<InvalidSide, T> =>
    Object.fromEntries(INVALID_SIDES.map((side) => [side, f(readings[side].map(pick))])) as Record<InvalidSide, T>;
  const cpu = (reading: Reading): number => reading.cpuNs ?? reading.ns;
  return {
    version,
    medians: by(cpu, median),
    wallMedians: by((reading) => reading.ns, median),
    spread: by(cpu, (values) => [Math.min(...values), Math.max(...values)] as const),
    rounds,
  };
}

/** The Node binaries to measure: `BENCH_NODES` (paths, comma-separated), else this process's. */
export function benchNodes(): string[] {
  const given = process.env.BENCH_NODES?.split(',').filter((path) => path.length > 0) ?? [];
  return given.length > 0 ? given : [process.execPath];
}

// A measuring process: `node build/bench/invalidInput.js <side> [rounds]` prints {"ns": …, "cpuNs": …}.
// Run alone: `[BENCH_NODES=a,b] node build/bench/invalidInput.js [rounds]` prints each Node's medians.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [first, second] = process.argv.slice(2);
  if ((INVALID_SIDES as readonly string[]).includes(first ?? '')) {
    process.stdout.write(`${JSON.stringify(await measureSide(first as InvalidSide, Number(second ?? 3)))}\n`);
  } else {
    for (const node of benchNodes()) {
      const result = await invalidInput(Number(first ?? 5), (line) => process.stderr.write(`${line}\n`), node);
      const { composite, ajv, call, dispatch } = result.medians;
      process.stdout.write(
        `${JSON.stringify({ ...result, ratios: { call: [call / composite, call / ajv], dispatch: [dispatch / composite, dispatch / ajv] } })}\n`,
      );
    }
  }
}
