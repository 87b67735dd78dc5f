import {
  Arg,
  PermissionSet,
  Tool,
  ToolDefinitionError,
  type TypeManifestParam,
  toolset,
  toolsModule,
  typeManifest,
} from 'hermes-tools';
import { buildRegistry, definitionProblems } from './support/buildRegistry.js';

// The manifest's rules, with manifests written as `hermes-tools typegen` writes them (test/typegen.test.ts runs the
// command itself on a compiled project).
class Search {
  @Tool({ name: 'search.run', description: 'Searches.' })
  execute(@Arg('mode', { enum: ['fast'] }) mode: string, @Arg('tags', { maxItems: 3 }) tags: string[]): string {
    return `${mode} ${tags.join(',')}`;
  }
}

class Other {
  @Tool({ name: 'other.run', description: 'Other.' })
  execute(@Arg('x') x: string): string {
    return x;
  }
}

const modeIs = (values: string[]): TypeManifestParam => ({
  index: 0,
  kind: 'arg',
  name: 'mode',
  schema: { type: 'string', enum: values },
});
const tags: TypeManifestParam = {
  index: 1,
  kind: 'arg',
  name: 'tags',
  schema: { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] } },
};
const manifest = (params: TypeManifestParam[], target: Function = Search, method = 'execute') =>
  typeManifest({
    version: 1,
    typescript: '7.0.2',
    entries: [{ class: target, module: 'src/search.ts', method, params }],
  });
const modules = (types: ReturnType<typeof typeManifest>, tools: Function[] = [Search]) => [
  toolsModule({ types }),
  toolset({ name: 'search', tools, granted: PermissionSet.none() }),
];

describe('toolsModule({ types })', () => {
  it("narrows the type's enum by the decorator's, and keeps the decorator's constraints on the type's items", async () => {
    const { registry } = await buildRegistry(...modules(manifest([modeIs(['fast', 'deep']), tags])));
    const schema = registry.get('search.run').definition.inputSchema as { properties: Record<string, unknown> };
    expect(schema.properties.mode).toEqual({ type: 'string', enum: ['fast'] });
    expect(schema.properties.tags).toEqual({
      type: 'array',
      items: { type: 'string', enum: ['a', 'b', 'c'] },
      maxItems: 3,
    });
    const refused = await registry.dispatch('search.run', { mode: 'fast', tags: ['a', 'z'] });
    expect(refused.ok ? undefined : refused.error.message).toContain('tags[1] must be one of "a", "b", "c", got "z"');
  });

  it('refuses an enum that names a value outside the TypeScript type', async () => {
    expect(await definitionProblems(...modules(manifest([modeIs(['deep', 'wide']), tags])))).toEqual([
      `Search.execute @Arg('mode'): its enum names ["fast"], which its TypeScript type does not allow ({"type":"string","enum":["deep","wide"]}); make the decorator and the type agree (a decorator may narrow the type, never widen it)`,
    ]);
  });

  it("keeps the type's nullability and JSDoc under a declared type, and refuses an open object type on an interface", async () => {
    class Label {
      @Tool({ name: 'label.set', description: 'Sets a label.' })
      execute(
        @Arg('label', { type: String }) label: string | null,
        @Arg('filter', { type: { type: 'object' } }) filter: object,
      ): string {
        return `${label} ${JSON.stringify(filter)}`;
      }
    }
    const typed = (filter: TypeManifestParam['schema']) =>
      manifest(
        [
          { index: 0, kind: 'arg', name: 'label', schema: { type: ['string', 'null'], description: 'The label.' } },
          { index: 1, kind: 'arg', name: 'filter', schema: filter },
        ],
        Label,
      );
    const open = { type: 'object', properties: {}, required: [], additionalProperties: true };
    const { registry } = await buildRegistry(...modules(typed(open), [Label]));
    const schema = registry.get('label.set').definition.inputSchema as { properties: Record<string, unknown> };
    expect(schema.properties.label).toEqual({ type: ['string', 'null'], description: 'The label.' });
    expect(await registry.dispatch('label.set', { label: null, filter: {} })).toMatchObject({ ok: true });
    const closed = {
      type: 'object',
      properties: { field: { type: 'string' } },
      required: ['field'],
      additionalProperties: false,
    };
    expect(await definitionProblems(...modules(typed(closed), [Label]))).toEqual([
      expect.stringContaining("Label.execute @Arg('filter'): its declared type admits keys its type does not declare"),
    ]);
  });

  it("lets a decorator narrow a tuple's length, never widen it, and refuses null or a format the type does not allow", async () => {
    class Pair {
      @Tool({ name: 'pair.run', description: 'Pairs.' })
      execute(
        @Arg('pair', { maxItems: 5 }) pair: string[],
        @Arg('count', { nullable: true }) count: number,
        @Arg('when', { format: 'email' }) when: Date,
      ): string {
        return `${pair.join()} ${count} ${String(when)}`;
      }
    }
    const params = (count: TypeManifestParam['schema'], when: TypeManifestParam['schema']): TypeManifestParam[] => [
      {
        index: 0,
        kind: 'arg',
        name: 'pair',
        schema: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 2 },
      },
      { index: 1, kind: 'arg', name: 'count', schema: count },
      { index: 2, kind: 'arg', name: 'when', schema: when, date: true },
    ];
    expect(
      await definitionProblems(
        ...modules(manifest(params({ type: 'number' }, { type: 'string', format: 'date-time' }), Pair), [Pair]),
      ),
    ).toEqual([
      expect.stringContaining(
        "Pair.execute @Arg('count'): it is declared nullable, which its TypeScript type does not allow",
      ),
      expect.stringContaining("Pair.execute @Arg('when'): its format email is not the date-time of its type"),
    ]);
  });

  it('says a manifest is stale when its parameters are not the decorated ones', async () => {
    const renamed: TypeManifestParam = { ...modeIs(['fast']), name: 'kind' };
    expect(await definitionProblems(...modules(manifest([renamed, tags])))).toEqual([
      "Search.execute parameter #1: the type manifest says @Arg('kind'), the decorators say @Arg('mode'): the manifest is stale; run hermes-tools typegen",
    ]);
  });

  it('says a manifest is stale when it describes a handler a loaded class no longer has', async () => {
    expect(await definitionProblems(...modules(manifest([modeIs(['fast']), tags], Search, 'run')))).toContain(
      'Search.run: the type manifest (from src/search.ts) describes a handler the class no longer has; run hermes-tools typegen',
    );
  });

  it('ignores entries for classes this registry does not load', async () => {
    const { registry } = await buildRegistry(...modules(manifest([modeIs(['fast']), tags]), [Other]));
    expect(registry.definitions().map((d) => d.name)).toContain('other.run');
  });

  it('refuses constraints of a scalar on a parameter whose type is an object', async () => {
    const typed: TypeManifestParam = {
      index: 0,
      kind: 'arg',
      name: 'x',
      schema: { type: 'object', properties: {}, required: [], additionalProperties: true },
    };
    class Odd {
      @Tool({ name: 'odd.run', description: 'Odd.' })
      execute(@Arg('x', { maxLength: 3 }) x: object): object {
        return x;
      }
    }
    expect(await definitionProblems(...modules(manifest([typed], Odd), [Odd]))).toEqual([
      "Odd.execute @Arg('x'): maxLength applies to a string, number or array, and its type is an object",
    ]);
    class Odder {
      @Tool({ name: 'odder.run', description: 'Odder.' })
      execute(@Arg('x', { multipleOf: 2, uniqueItems: true }) x: object): object {
        return x;
      }
    }
    expect(await definitionProblems(...modules(manifest([typed], Odder), [Odder]))).toEqual([
      "Odder.execute @Arg('x'): multipleOf, uniqueItems apply to a string, number or array, and its type is an object",
    ]);
  });
});

describe('a nullable literal union', () => {
  it('lists null among its enum values, and passes null to the handler', async () => {
    class Pick {
      @Tool({ name: 'pick.run', description: 'Picks.' })
      execute(@Arg('mode') mode: 'a' | 'b' | null): string {
        return String(mode);
      }
    }
    const types = manifest(
      [{ index: 0, kind: 'arg', name: 'mode', schema: { type: ['string', 'null'], enum: ['a', 'b'] } }],
      Pick,
    );
    const { registry } = await buildRegistry(...modules(types, [Pick]));
    const schema = registry.get('pick.run').definition.inputSchema as { properties: Record<string, unknown> };
    expect(schema.properties.mode).toEqual({ type: ['string', 'null'], enum: ['a', 'b', null] });
    expect(await registry.dispatch('pick.run', { mode: null })).toMatchObject({ ok: true, value: 'null' });
    expect(await registry.dispatch('pick.run', { mode: 'c' })).toMatchObject({ ok: false });
  });
});

describe('typeManifest', () => {
  it('refuses two entries for one handler, and a class an import cycle left undefined', () => {
    const entry = { class: Search, module: 'src/search.ts', method: 'execute', params: [] };
    let caught: unknown;
    try {
      typeManifest({
        version: 1,
        typescript: '7.0.2',
        entries: [entry, entry, { ...entry, class: undefined as unknown as Function }],
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ToolDefinitionError);
    expect((caught as ToolDefinitionError).problems).toEqual([
      'Search.execute: appears twice; the manifest holds one entry per handler: run typegen again',
      'typeManifest entry #3: its class (from src/search.ts) is undefined: an import cycle reached the manifest before the class was defined; import the manifest from the composition root only',
    ]);
  });

  it('checks a manifest it did not make, frozen or not', async () => {
    const forged = Object.freeze({
      version: 1,
      typescript: '7.0.2',
      entries: Object.freeze([Object.freeze({ class: Search, module: 'x', method: 'execute', params: 'oops' })]),
    }) as unknown as ReturnType<typeof typeManifest>;
    expect(await definitionProblems(...modules(forged))).toContain('Search.execute: has no method name or params');
  });

  it('reads only own keys: a polluted Object.prototype adds nothing to an entry', () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto.optional = true;
    proto.description = 'injected';
    try {
      const made = manifest([modeIs(['fast']), tags]);
      expect(made.entries[0]!.description).toBeUndefined();
      expect(made.entries[0]!.params.map((p) => p.optional)).toEqual([undefined, undefined]);
    } finally {
      delete proto.optional;
      delete proto.description;
    }
  });

  it('is frozen, schemas included', () => {
    const made = manifest([modeIs(['fast']), tags]);
    expect(Object.isFrozen(made.entries[0]!.params[0]!.schema)).toBe(true);
    expect(() => {
      (made.entries as unknown[]).push({});
    }).toThrow(TypeError);
  });
});
