import { Arg, PermissionSet, Tool, toolset, type ToolRegistry } from 'hermes-tools';
import { buildRegistry } from './support/buildRegistry.js';

const wide = { type: 'object', properties: Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`p${i}`, { type: 'number' }])), additionalProperties: false };

@Tool({ name: 'shapes', description: 'x' })
class Shapes {
  execute(
    @Arg('o', { type: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false }, optional: true }) o?: object,
    @Arg('wide', { type: wide, optional: true }) w?: object,
  ): string {
    return `${String(o)}${String(w)}`;
  }
}

async function registry(): Promise<ToolRegistry> {
  return (await buildRegistry(toolset({ name: 't', tools: [Shapes], granted: PermissionSet.all() }))).registry;
}

async function failure(r: ToolRegistry, args: unknown) {
  const outcome = await r.dispatch('shapes', args);
  if (outcome.ok) throw new Error('expected a failure');
  return outcome.error;
}

describe('issue messages', () => {
  it('clip unknown key names, so one huge key cannot make a huge outcome', async () => {
    const key = 'k'.repeat(200_000);
    const error = await failure(await registry(), { o: { a: 'x', [key]: 1 }, [key]: 2 });
    expect(JSON.stringify(error).length).toBeLessThan(2_000);
    expect(error.issues!.map((i) => i.path)).toEqual([`${'k'.repeat(64)}…`, `o.${'k'.repeat(64)}…`]);
  });

  it('show a key of 64 characters whole, and clip one of 65', async () => {
    for (const [length, shown] of [
      [63, 'k'.repeat(63)],
      [64, 'k'.repeat(64)],
      [65, `${'k'.repeat(64)}…`],
    ] as const) {
      const error = await failure(await registry(), { o: { a: 'x', ['k'.repeat(length)]: 1 } });
      expect(error.issues!.map((i) => i.path)).toEqual([`o.${shown}`]);
    }
  });

  it('show the first 20 known names and count the rest', async () => {
    const narrow = { type: 'object', properties: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`p${i}`, { type: 'number' }])), additionalProperties: false };
    @Tool({ name: 'narrow', description: 'x' })
    class Narrow {
      execute(
        @Arg('n', { type: narrow, optional: true }) n?: object,
        @Arg('m', { type: { ...narrow, properties: { ...narrow.properties, p20: { type: 'number' } } }, optional: true }) m?: object,
      ): string {
        return `${String(n)}${String(m)}`;
      }
    }
    const { registry: r } = await buildRegistry(toolset({ name: 'n', tools: [Narrow], granted: PermissionSet.all() }));
    const names = Array.from({ length: 20 }, (_, i) => `p${i}`).join(', ');
    const messages = async (args: unknown) => {
      const outcome = await r.dispatch('narrow', args);
      return outcome.ok ? [] : outcome.error.issues!.map((i) => i.message);
    };
    expect(await messages({ n: { nope: 1 } })).toEqual([`n.nope is not a known property; remove it (known: ${names})`]);
    expect(await messages({ m: { nope: 1 } })).toEqual([`m.nope is not a known property; remove it (known: ${names}, …and 1 more)`]);
  });

  it('cap the list of known names they show', async () => {
    const error = await failure(await registry(), { wide: { nope: 1 } });
    expect(error.issues![0]!.message).toBe(`wide.nope is not a known property; remove it (known: ${Array.from({ length: 20 }, (_, i) => `p${i}`).join(', ')}, …and 80 more)`);
  });

  it('describe a class instance as one, never "must be an object, got an object"', async () => {
    class Foo {
      a = 'x';
    }
    const r = await registry();
    expect((await failure(r, { o: new Foo() })).issues![0]!.message).toBe('o must be an object, got an instance of Foo');
    expect((await failure(r, { o: new Date(0) })).issues![0]!.message).toBe('o must be an object, got an instance of Date');
    expect((await failure(r, { o: new Map() })).issues![0]!.message).toBe('o must be an object, got an instance of Map');
  });
});
