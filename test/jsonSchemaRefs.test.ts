import { Arg, Tool, toolset } from 'hermes-tools';
import { toMcpTool } from 'hermes-tools/mcp';
import { buildRegistry, definitionProblems } from './support/buildRegistry.js';

// JSON Schema 2020-12 `$defs` and local `$ref`s in a hand-written schema (an @Arg's `type`, a tool's `output`; a
// remote tool's input goes through the same reader): resolved in place, within bounds.

const POINT = {
  $defs: { coordinate: { type: 'number', minimum: -180, maximum: 180 } },
  type: 'object',
  properties: { lat: { $ref: '#/$defs/coordinate', description: 'Latitude.' }, lon: { $ref: '#/$defs/coordinate' } },
  required: ['lat', 'lon'],
  additionalProperties: false,
};

@Tool({
  name: 'map.pin',
  description: 'Pins a point on the map.',
  output: { $ref: '#/$defs/ok', $defs: { ok: { type: 'object', properties: { pinned: { type: 'boolean' } } } } },
})
class Pin {
  execute(@Arg('point', { type: POINT }) point: { lat: number; lon: number }): { pinned: boolean } {
    return { pinned: Number.isFinite(point.lat) };
  }
}

/** A tool whose one argument has `schema` as its type: for the refusals. */
function toolWith(schema: Record<string, unknown>) {
  @Tool({ name: 'odd.schema', description: 'Has a hand-written schema.' })
  class Odd {
    execute(@Arg('value', { type: schema }) _value: unknown): string {
      return 'ok';
    }
  }
  return toolset({ name: 'odd', tools: [Odd] });
}

describe('JSON Schema $defs and $ref in hand-written schemas', () => {
  it('resolves each reference in place: the listed schema and the validation both follow it', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'map', tools: [Pin] }));
    const point = (registry.get('map.pin').definition.inputSchema as { properties: { point: unknown } }).properties
      .point;
    expect(point).toEqual({
      type: 'object',
      properties: {
        lat: { type: 'number', minimum: -180, maximum: 180, description: 'Latitude.' },
        lon: { type: 'number', minimum: -180, maximum: 180 },
      },
      required: ['lat', 'lon'],
      additionalProperties: false,
    });
    expect(registry.get('map.pin').definition.outputSchema).toMatchObject({ type: 'object' });
    expect(await registry.dispatch('map.pin', { point: { lat: 10, lon: 20 } })).toMatchObject({ ok: true });
    const wrong = await registry.dispatch('map.pin', { point: { lat: 10, lon: 200 } });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(JSON.stringify(wrong)).toMatch(/lon/);
  });

  it("keeps the declared $defs for the MCP listing (2020-12 keywords as written), and out of other kernels' schema", async () => {
    const { registry } = await buildRegistry(toolset({ name: 'map', tools: [Pin] }));
    const definition = registry.get('map.pin').definition;
    expect(definition.inputDefs).toEqual({ coordinate: { type: 'number', minimum: -180, maximum: 180 } });
    expect(JSON.stringify(definition.inputSchema)).not.toContain('$defs');
    const listed = toMcpTool(definition).inputSchema as Record<string, unknown>;
    expect(listed).toMatchObject({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $defs: { coordinate: { type: 'number' } },
      additionalProperties: false,
    });
    // The app's own schema object is copied, not frozen with the definition.
    expect(Object.isFrozen(POINT.$defs)).toBe(false);
  });

  it('refuses two arguments that define one $defs name differently', async () => {
    @Tool({ name: 'two.defs', description: 'Has two schemas with one name.' })
    class TwoDefs {
      execute(
        @Arg('a', { type: { $defs: { n: { type: 'string' } }, $ref: '#/$defs/n' } }) a: string,
        @Arg('b', { type: { $defs: { n: { type: 'number' } }, $ref: '#/$defs/n' } }) b: number,
      ): string {
        return `${a}${b}`;
      }
    }
    const problems = await definitionProblems(toolset({ name: 'two', tools: [TwoDefs] }));
    expect(problems.join('\n')).toMatch(/@Arg\('b'\).*"\$defs" names "n" as @Arg\('a'\) does, with another schema/);
  });

  it.each([
    [
      'a reference to another document',
      { $ref: 'https://schemas.example/x.json' },
      /only local references to the root's \$defs/,
    ],
    [
      'a reference into properties',
      { type: 'object', properties: { a: { $ref: '#/properties/b' } } },
      /only local references/,
    ],
    ['an undefined name', { $ref: '#/$defs/missing', $defs: {} }, /names "#\/\$defs\/missing", which is not defined/],
    ['a name inherited from Object.prototype', { $ref: '#/$defs/constructor', $defs: {} }, /not defined/],
    [
      'a cycle through two definitions',
      {
        $ref: '#/$defs/a',
        $defs: {
          a: { type: 'array', items: { $ref: '#/$defs/b' } },
          b: { type: 'array', items: { $ref: '#/$defs/a' } },
        },
      },
      /"\$ref" to "a" is recursive \(a → b → a\)/,
    ],
    [
      '$defs below the root',
      { type: 'object', properties: { a: { $defs: {}, type: 'string' } } },
      /"\$defs" is supported at the root of a schema only/,
    ],
    ['$defs that is not an object', { $defs: [1], type: 'string' }, /"\$defs" must be an object of JSON Schemas/],
    [
      'keywords beside the reference',
      { $ref: '#/$defs/a', minimum: 1, $defs: { a: { type: 'number' } } },
      /"minimum" beside "\$ref" is not supported/,
    ],
  ])('refuses %s, naming it', async (_, schema, message) => {
    const problems = await definitionProblems(toolWith(schema));
    expect(problems.join('\n')).toMatch(message);
  });

  it('bounds what references expand to: a definition used by definitions used many times is refused', async () => {
    // Each level uses the one below it 10 times: 10^5 subschemas once inlined, from a schema of a few hundred bytes.
    const defs: Record<string, unknown> = { l0: { type: 'string' } };
    for (let level = 1; level <= 5; level++) {
      const properties: Record<string, unknown> = {};
      for (let i = 0; i < 10; i++) properties[`p${i}`] = { $ref: `#/$defs/l${level - 1}` };
      defs[`l${level}`] = { type: 'object', properties };
    }
    const problems = await definitionProblems(toolWith({ $ref: '#/$defs/l5', $defs: defs }));
    expect(problems.join('\n')).toMatch(
      /reads more than 10000 subschemas \(enum values included\) through its "\$ref"s/,
    );
    expect(problems).toHaveLength(1);
  });
});
