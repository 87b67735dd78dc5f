import { Arg, PermissionSet, Tool, type ToolRegistry, toolset } from 'hermes-tools';
import { buildRegistry, definitionProblems } from './support/buildRegistry.js';

@Tool({ name: 'pack', description: 'Packs items.' })
class Pack {
  execute(
    @Arg('size', { integer: true, multipleOf: 6 }) _size: number,
    @Arg('tags', { items: String, uniqueItems: true }) _tags: string[],
    @Arg('boxes', {
      type: { type: 'array', items: { type: 'object', properties: { w: { type: 'number' } } }, uniqueItems: true },
    })
    _boxes: object[],
    @Arg('step', { type: { type: 'number', multipleOf: 0.5 }, optional: true }) _step?: number,
  ): string {
    return 'ok';
  }
}

async function issuesOf(registry: ToolRegistry, args: object): Promise<string[]> {
  const result = await registry.get('pack').validateInput({ size: 12, tags: [], boxes: [], ...args });
  return result.ok ? [] : result.issues.map((i) => `${i.path}: ${i.constraint}`);
}

describe('multipleOf and uniqueItems', () => {
  let registry: ToolRegistry;
  beforeAll(async () => {
    registry = (await buildRegistry(toolset({ name: 'p', tools: [Pack], granted: PermissionSet.all() }))).registry;
  });

  it('are listed as the @Arg options and the JSON Schema say', () => {
    const properties = (registry.definitions()[0]!.inputSchema as { properties: Record<string, object> }).properties;
    expect(properties.size).toEqual({ type: 'integer', multipleOf: 6 });
    expect(properties.tags).toEqual({ type: 'array', items: { type: 'string' }, uniqueItems: true });
    expect(properties.boxes).toMatchObject({ type: 'array', uniqueItems: true });
    expect(properties.step).toMatchObject({ type: 'number', multipleOf: 0.5 });
  });

  it('are checked on a call', async () => {
    expect(await issuesOf(registry, { size: 18, tags: ['a', 'b'], boxes: [{ w: 1 }, { w: 2 }], step: 1.5 })).toEqual(
      [],
    );
    expect(await issuesOf(registry, { size: 14 })).toEqual(['size: isDivisibleBy']);
    expect(await issuesOf(registry, { step: 0.3 })).toEqual(['step: isDivisibleBy']);
    expect(await issuesOf(registry, { tags: ['a', 'b', 'a'] })).toEqual(['tags: arrayUnique']);
    // Objects are equal by their keys and values, whatever the order of the keys.
    expect(
      await issuesOf(registry, {
        boxes: [
          { w: 1, h: 2 },
          { h: 2, w: 1 },
        ],
      }),
    ).toEqual(['boxes: arrayUnique']);
  });

  it('refuse a multipleOf that is not a number greater than 0', async () => {
    @Tool({ name: 'bad', description: 'x' })
    class Bad {
      execute(
        @Arg('n', { multipleOf: 0 }) _n: number,
        @Arg('m', { type: { type: 'number', multipleOf: -1 } }) _m: number,
      ) {
        return 'ok';
      }
    }
    const problems = await definitionProblems(toolset({ name: 'b', tools: [Bad], granted: PermissionSet.all() }));
    expect(problems).toEqual([
      expect.stringContaining('multipleOf must be a number greater than 0'),
      expect.stringContaining('"multipleOf" must be a number greater than 0'),
    ]);
  });
});
