// The registry build and the call path with a type manifest (hermes-tools typegen) against without one.
import 'reflect-metadata';
import { Container } from 'inversify';
import { PermissionSet, ToolRegistry, toolset, toolsModule, type TypeManifest, typeManifest } from 'hermes-tools';
import { generateTools } from './generate.js';
import { fileURLToPath } from 'node:url';
import { alternateProcessReadings, readCalls } from './alternateProcesses.js';

/** What typegen writes for a generated tool: `path: string, maxBytes: number`. */
function manifestFor(classes: readonly Function[]): TypeManifest {
  return typeManifest({
    version: 1,
    typescript: '7.0.2',
    entries: classes.map((target) => ({
      class: target,
      module: 'bench/generate.ts',
      method: 'execute',
      params: [
        { index: 0, kind: 'arg', name: 'path', schema: { type: 'string' } },
        { index: 1, kind: 'arg', name: 'maxBytes', schema: { type: 'number' } },
      ],
    })),
  });
}

async function built(classes: Function[], name: string, types: TypeManifest | undefined): Promise<ToolRegistry> {
  const container = new Container();
  await container.load(
    toolsModule(types === undefined ? {} : { types }),
    toolset({ name, tools: classes, granted: PermissionSet.none().grant('fs:read') }),
  );
  const registry = container.get(ToolRegistry);
  registry.definitions();
  return registry;
}

/** Builds of each kind: a build is ~100 ms, and a shared host moves one by a fifth, so a median needs many. */
export const buildRounds = (rounds: number): number => Math.max(rounds * 3, 15);

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/**
 * Milliseconds (wall clock and CPU) to build and list 1,000 tools three ways, rounds alternating, and ns per call with
 * and without a manifest.
 */
export async function typedBuild(
  rounds: number,
  log: (line: string) => void,
): Promise<{
  readonly reflection: number;
  readonly manifest: number;
  readonly manifestOnly: number;
  readonly cpu: { readonly reflection: number; readonly manifest: number; readonly manifestOnly: number };
  readonly typeManifest: number;
  readonly callReflection: number;
  readonly callManifest: number;
}> {
  const ways = {
    reflection: { metadata: true, types: false },
    manifest: { metadata: true, types: true },
    manifestOnly: { metadata: false, types: true },
  } as const;
  const samples: Record<keyof typeof ways, number[]> = { reflection: [], manifest: [], manifestOnly: [] };
  // CPU time as well as wall clock: on a shared host a build that waits for a core does no work meanwhile.
  const cpu: Record<keyof typeof ways, number[]> = { reflection: [], manifest: [], manifestOnly: [] };
  const checks: number[] = [];
  for (let round = 0; round < buildRounds(rounds); round++) {
    const order = (Object.keys(ways) as (keyof typeof ways)[]).sort(() => Math.random() - 0.5);
    for (const way of order) {
      const { metadata, types } = ways[way];
      const classes = generateTools(1000, `typed${round}${way}`, metadata);
      // What the generated module costs when it is imported, apart from the build.
      const checking = performance.now();
      const manifest = types ? manifestFor(classes) : undefined;
      if (types) checks.push(performance.now() - checking);
      // Each build starts from a collected heap: the previous one's garbage is not charged to it.
      (globalThis as { gc?: () => void }).gc?.();
      const usage = process.cpuUsage();
      const started = performance.now();
      await built(classes, `typed${round}${way}`, manifest);
      samples[way].push(performance.now() - started);
      const used = process.cpuUsage(usage);
      cpu[way].push((used.user + used.system) / 1000);
    }
  }
  // The call in fresh processes, alternating: in one process the second registry's call sites are already warm or
  // already megamorphic, which moved the ratio more than the two sides differ.
  const calls = await alternateProcessReadings(fileURLToPath(import.meta.url), CALL_SIDES, Math.max(rounds, 5), log);
  const cpuOf = (side: CallSide): number => median(calls[side].map((r) => r.cpuNs ?? r.ns));
  return {
    reflection: median(samples.reflection),
    manifest: median(samples.manifest),
    manifestOnly: median(samples.manifestOnly),
    cpu: { reflection: median(cpu.reflection), manifest: median(cpu.manifest), manifestOnly: median(cpu.manifestOnly) },
    typeManifest: median(checks),
    callReflection: cpuOf('reflection'),
    callManifest: cpuOf('manifest'),
  };
}

const CALL_SIDES = ['reflection', 'manifest'] as const;
type CallSide = (typeof CALL_SIDES)[number];

/** One side's call, in this process: a tool built by reflection, or one built from the manifest without metadata. */
async function measureCall(side: CallSide, rounds: number): Promise<{ ns: number; cpuNs?: number }> {
  const classes = generateTools(1, side, side === 'reflection');
  const registry = await built(classes, side, side === 'manifest' ? manifestFor(classes) : undefined);
  const run = () => registry.call(`${side}.tool_0`, { path: 'a' });
  for (let i = 0; i < 50_000; i++) await run();
  return readCalls(run, rounds, 100_000);
}

// A measuring process: `node build/bench/typedBuild.js reflection|manifest [rounds]` prints {"ns": …, "cpuNs": …}.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [side, rounds] = process.argv.slice(2);
  if (!(CALL_SIDES as readonly (string | undefined)[]).includes(side))
    throw new Error('usage: node build/bench/typedBuild.js reflection|manifest [rounds]');
  process.stdout.write(`${JSON.stringify(await measureCall(side as CallSide, Number(rounds ?? 3)))}\n`);
}
