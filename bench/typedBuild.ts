// The registry build and the call path with a type manifest (hermes-tools typegen) against without one.
import { Container } from 'inversify';
import { PermissionSet, ToolRegistry, toolset, toolsModule, type TypeManifest, typeManifest } from 'hermes-tools';
import { generateTools } from './generate.js';
import { measure } from './measure.js';

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
  const plain = generateTools(1, 'callplain');
  const typed = generateTools(1, 'calltyped', false);
  const plainRegistry = await built(plain, 'callplain', undefined);
  const typedRegistry = await built(typed, 'calltyped', manifestFor(typed));
  const calls = await measure(
    [
      { name: 'reflection', run: () => plainRegistry.call('callplain.tool_0', { path: 'a' }) },
      { name: 'manifest', run: () => typedRegistry.call('calltyped.tool_0', { path: 'a' }) },
    ],
    rounds,
    log,
  );
  return {
    reflection: median(samples.reflection),
    manifest: median(samples.manifest),
    manifestOnly: median(samples.manifestOnly),
    cpu: { reflection: median(cpu.reflection), manifest: median(cpu.manifest), manifestOnly: median(cpu.manifestOnly) },
    typeManifest: median(checks),
    callReflection: calls.get('reflection')!,
    callManifest: calls.get('manifest')!,
  };
}
