import fc from 'fast-check';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import type { ToolRegistry } from 'hermes-tools';
import { CreateOrderInput } from '../../samples/orders/CreateOrder.js';
import { arbitraryFromSchema, wrongTypeFor } from '../support/arbitraryFromSchema.js';
import { sampleWorkspace } from '../support/sampleWorkspace.js';

let sample: Awaited<ReturnType<typeof sampleWorkspace>>;
let registry: ToolRegistry;
beforeAll(async () => {
  process.env.WEATHER_API_KEY = 'agreement-key';
  sample = await sampleWorkspace();
  registry = sample.registry;
});
afterAll(async () => {
  delete process.env.WEATHER_API_KEY;
  await sample.dispose();
});

type Schema = Record<string, unknown>;

describe('the schema a model is shown and the validator that checks its calls agree', () => {
  it.each([
    'fs.read',
    'fs.list',
    'fs.write',
    'orders.create',
    'git.status',
    'git.log',
    'git.commit',
    'jobs.run_checks',
    'weather.current',
  ])(
    '%s: inputs generated from its inputSchema are accepted; one field mutated is rejected at that path',
    async (name) => {
      const tool = registry.get(name);
      const schema = tool.definition.inputSchema as Schema;
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      await fc.assert(
        fc.asyncProperty(
          arbitraryFromSchema(schema) as fc.Arbitrary<Record<string, unknown>>,
          fc.nat(),
          async (input, pick) => {
            const accepted = await tool.validateInput(input);
            expect(accepted).toMatchObject({ ok: true });

            const keys = Object.keys(properties);
            if (keys.length === 0) return;
            const key = keys[pick % keys.length]!;
            const mutated = { ...input, [key]: wrongTypeFor(properties[key]!) };
            const rejected = await tool.validateInput(mutated);
            expect(rejected.ok).toBe(false);
            if (!rejected.ok) expect(rejected.issues.map((i) => i.path)).toContain(key);
          },
        ),
        { numRuns: 200 },
      );
    },
  );

  it('an unknown key is rejected on every tool, at its path', async () => {
    for (const { name } of registry.list()) {
      const result = await registry.get(name).validateInput({ surprise: 1 });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.issues.map((i) => i.path)).toContain('surprise');
    }
  });
});

describe('the compiled DTO check and class-validator agree (differential)', () => {
  const orders = (): ToolRegistry => registry;
  const customer = fc.record({
    name: fc.oneof(fc.string({ maxLength: 5 }), fc.constant(3)),
    email: fc.oneof(
      fc.constantFrom('ada@example.org', 'b@c.io', 'not-an-email', '', 'a@b'),
      fc.string({ maxLength: 8 }),
    ),
  });
  const line = fc.record({
    sku: fc.oneof(fc.constantFrom('BOOK-1', ''), fc.string({ maxLength: 4 })),
    quantity: fc.oneof(fc.integer({ min: -5, max: 120 }), fc.double({ noNaN: true, min: 0, max: 5 })),
  });
  const input = fc.record(
    {
      customer,
      lines: fc.array(line, { maxLength: 3 }),
      shipping: fc.constantFrom('standard', 'express', 'drone'),
      labels: fc.oneof(
        fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }),
        fc.array(fc.integer(), { maxLength: 2 }),
      ),
    },
    { requiredKeys: [] },
  );

  it('accept and reject the same orders.create inputs, with the same paths', async () => {
    await fc.assert(
      fc.asyncProperty(input, async (value) => {
        const ours = await orders().get('orders.create').validateInput(value);
        const theirs = validateSync(plainToInstance(CreateOrderInput, value), { forbidUnknownValues: true });
        expect(ours.ok).toBe(theirs.length === 0);
        if (!ours.ok) {
          const paths = (errors: typeof theirs, prefix = ''): string[] =>
            errors.flatMap((e) => {
              const path = /^\d+$/.test(e.property)
                ? `${prefix}[${e.property}]`
                : prefix === ''
                  ? e.property
                  : `${prefix}.${e.property}`;
              return [...(e.constraints === undefined ? [] : [path]), ...paths(e.children ?? [], path)];
            });
          // An { each: true } constraint is reported at the element (labels[0]); class-validator reports the array.
          const element = (path: string): string => path.replace(/(\[\d+\])+$/, '');
          expect(new Set(ours.issues.map((i) => element(i.path)))).toEqual(new Set(paths(theirs).map(element)));
        }
      }),
      { numRuns: 1000 },
    );
  });
});
