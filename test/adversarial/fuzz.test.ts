import fc from 'fast-check';
import type { ToolRegistry } from 'hermes-tools';
import { freeFormRegistry, fuzzLimits } from '../support/freeFormTools.js';
import { hostileValues } from '../support/hostileValues.js';
import { jsonTextArbitrary, withinLimits } from '../support/jsonTextArbitrary.js';
import { sampleWorkspace } from '../support/sampleWorkspace.js';
import { outcomeProblem } from '../support/typedOutcome.js';

let sample: Awaited<ReturnType<typeof sampleWorkspace>>;
let registry: ToolRegistry;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown): void => void unhandled.push(reason);

beforeAll(async () => {
  process.env.WEATHER_API_KEY = 'fuzz-key';
  process.on('unhandledRejection', onUnhandled);
  sample = await sampleWorkspace();
  registry = sample.registry;
});
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  delete process.env.WEATHER_API_KEY;
  await sample.dispose();
});
afterEach(() => {
  expect(unhandled).toEqual([]);
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTOTYPE_KEYS);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype).sort();
// A short call timeout: a fuzzed input that happens to be valid must not make the suite slow.
const options = { timeoutMs: 30 };

/** JSON-ish values with the keys and numbers that break naive code, nested a few levels. */
const hostileJson = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(
      NaN,
      Infinity,
      -Infinity,
      -0,
      0,
      1e308,
      -1,
      2 ** 53,
      '',
      ' ',
      '\u0000',
      '../../etc/passwd',
      'BOOK-1',
      'a@b.co',
    ),
    fc.string(),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(
        fc.constantFrom(
          '__proto__',
          'constructor',
          'prototype',
          'path',
          'customer',
          'lines',
          'quantity',
          'message',
          'checks',
          'city',
        ),
        fc.string(),
      ),
      tie('value'),
      { maxKeys: 5 },
    ),
  ),
})).value;

describe('fuzzing dispatch on every sample tool', () => {
  it('lists the tools under test', () => {
    // The ten sample tools and results.read, which result budgets (on by default) add.
    expect(registry.list().map((t) => t.name)).toHaveLength(11);
  });

  it('gives a typed outcome for thousands of arbitrary values, and pollutes nothing', async () => {
    const names = registry.list().map((t) => t.name);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...names),
        fc.oneof(
          hostileJson,
          fc.anything({
            withBigInt: true,
            withDate: true,
            withMap: true,
            withSet: true,
            withNullPrototype: true,
            withTypedArray: true,
            withSparseArray: true,
          }),
        ),
        async (name, args) => {
          const outcome = await registry.dispatch(name, args, options);
          expect(outcomeProblem(outcome)).toBeUndefined();
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("gives a typed outcome for arbitrary objects whose keys are the tools' own", async () => {
    for (const name of registry.list().map((t) => t.name)) {
      const keys = Object.keys((registry.get(name).definition.inputSchema.properties ?? {}) as object);
      if (keys.length === 0) continue;
      await fc.assert(
        fc.asyncProperty(
          fc.dictionary(fc.constantFrom(...keys), hostileJson, { maxKeys: keys.length }),
          async (args) => {
            expect(outcomeProblem(await registry.dispatch(name, args, options))).toBeUndefined();
          },
        ),
        { numRuns: 150 },
      );
    }
  });

  it.each(hostileValues())('gives a typed outcome for %s, on every tool', async (_label, value) => {
    for (const { name } of registry.list()) {
      const outcome = await registry.dispatch(name, value, options);
      expect([name, outcomeProblem(outcome)]).toEqual([name, undefined]);
      if (!outcome.ok) expect(outcome.error.message.length).toBeLessThan(20_000);
    }
  });

  it('gives a typed outcome for hostile tool names', async () => {
    for (const name of [
      '',
      ' ',
      'fs.read\u0000',
      'x'.repeat(1_000_000),
      '__proto__',
      'constructor',
      'toString',
      42,
      null,
      undefined,
      {},
      Symbol('n'),
    ]) {
      expect(outcomeProblem(await registry.dispatch(name as string, {}, options))).toBeUndefined();
    }
  });
});

/** Cases of the free-form property below (set FUZZ_RUNS for more or fewer). */
const FREE_FORM_RUNS = Number(process.env.FUZZ_RUNS ?? 100_000);

describe('fuzzing free-form and open values', () => {
  let tools: ToolRegistry;
  beforeAll(async () => {
    tools = await freeFormRegistry();
  });

  it(`accepts only what the limits allow, refuses prototype keys at every depth, and hands over copies (${FREE_FORM_RUNS} cases)`, async () => {
    const names = tools.definitions({ toolsets: ['fuzz'] }).map((t) => t.name);
    const validators = new Map(names.map((name) => [name, tools.get(name)] as const));
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...names),
        fc.constantFrom('data', 'scores', 'open', 'meta', 'extra'),
        jsonTextArbitrary(),
        async (name, key, { text, forbidden }) => {
          const value = JSON.parse(text) as unknown;
          const args =
            name === 'fuzz.profile'
              ? { handle: 'a', [key === 'extra' ? 'extra' : 'meta']: value }
              : { [key === 'meta' || key === 'extra' ? 'data' : key]: value };
          const result = await validators.get(name)!.validateInput(args);
          if (forbidden) expect(result.ok).toBe(false);
          if (!result.ok) return;
          accepted++;
          const received = result.value as Record<string, unknown>;
          const problem = withinLimits(received, fuzzLimits, args);
          expect(problem).toBeUndefined();
        },
      ),
      { numRuns: FREE_FORM_RUNS },
    );
    // A validator that refused everything would pass the checks above: about half the cases are valid JSON within the
    // limits.
    expect(accepted).toBeGreaterThan(FREE_FORM_RUNS * 0.3);
  });
});
