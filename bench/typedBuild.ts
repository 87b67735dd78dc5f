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

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** Milliseconds to build and list 1,000 tools three ways, rounds alternating, and ns per call with and without. */
export async function typedBuild(
  rounds: number,
  log: (line: string) => void,
): Promise<{
  readonly reflection: number;
  readonly manifest: number;
  readonly manifestOnly: number;
  readonly callReflection: number;
  readonly callManifest: number;
}> {
  const ways = {
    reflection: { metadata: true, types: false },
    manifest: { metadata: true, types: true },
    manifestOnly: { metadata: false, types: true },
  } as const;
  const samples: Record<keyof typeof ways, number[]> = { reflection: [], manifest: [], manifestOnly: [] };
  for (let round = 0; round < Math.max(rounds, 5); round++) {
    const order = (Object.keys(ways) as (keyof typeof ways)[]).sort(() => Math.random() - 0.5);
    for (const way of order) {
      const { metadata, types } = ways[way];
      const classes = generateTools(1000, `typed${round}${way}`, metadata);
      const manifest = types ? manifestFor(classes) : undefined;
      const started = performance.now();
      await built(classes, `typed${round}${way}`, manifest);
      samples[way].push(performance.now() - started);
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
    callReflection: calls.get('reflection')!,
    callManifest: calls.get('manifest')!,
  };
}
