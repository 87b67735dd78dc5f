// Worst-case inputs for each check, against the sample tools (default limits) and a set of
// reference tools that use what the samples do not (coercion, patterns, formats, free-form and
// open values, unchecked DTO fields). No single dispatch may block the event loop for long.
import { performance } from 'node:perf_hooks';
import { Allow, IsObject, IsString, Matches, MaxLength } from 'class-validator';
import { Arg, Input, PermissionSet, Tool, toolset, toolsModule, type ToolRegistry } from 'hermes-tools';
import { buildRegistry } from '../support/buildRegistry.js';
import { sampleWorkspace } from '../support/sampleWorkspace.js';
import { timeBound } from '../support/timeBound.js';

/** Loose enough never to flake on a loaded machine; the target on a quiet one is 50 ms. */
const BOUND_MS = timeBound(500);

class Profile {
  @IsString() @Matches(/^[a-z0-9]+(?:-[a-z0-9]+)*$/) @MaxLength(64) handle!: string;
  @IsObject() meta: Record<string, unknown> = {};
  @Allow() extra?: unknown;
}

@Tool({ name: 'ref.values', description: 'Every kind of declared value.' })
class Values {
  execute(
    @Arg('n', { optional: true }) n?: number,
    @Arg('flag', { optional: true }) flag?: boolean,
    @Arg('slug', { pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$', optional: true }) slug?: string,
    @Arg('code', { pattern: '^[A-Z]{2}\\d+$', maxLength: 20, optional: true }) code?: string,
    @Arg('host', { format: 'hostname', optional: true }) host?: string,
    @Arg('email', { format: 'email', optional: true }) email?: string,
    @Arg('url', { format: 'uri', optional: true }) url?: string,
    @Arg('when', { format: 'date-time', optional: true }) when?: string,
    @Arg('at', { format: 'time', optional: true }) at?: string,
    @Arg('list', { items: Number, optional: true }) list?: number[],
    @Arg('data', { type: {}, optional: true }) data?: unknown,
    @Arg('scores', { type: { type: 'object', additionalProperties: { type: 'number' } }, optional: true })
    scores?: object,
    @Arg('open', { type: { type: 'object', properties: { id: { type: 'string' } } }, optional: true }) open?: object,
  ): string {
    return (
      typeof n +
      typeof flag +
      typeof slug +
      typeof code +
      typeof host +
      typeof email +
      typeof url +
      typeof when +
      typeof at +
      typeof list +
      typeof data +
      typeof scores +
      typeof open
    );
  }
}

@Tool({ name: 'ref.profile', description: 'A DTO with a pattern and unchecked fields.' })
class ProfileTool {
  execute(@Input() input: Profile): string {
    return input.handle;
  }
}

function deepObject(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

function deepArray(levels: number): unknown {
  let value: unknown = [];
  for (let i = 0; i < levels; i++) value = [value];
  return value;
}

function dag(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i++) value = { a: value, b: value, c: [value, value] };
  return value;
}

const manyKeys = (count: number, keyLength: number, value: unknown = 1): Record<string, unknown> =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`${i}`.padStart(keyLength, 'k'), value]));

const MEGA = 'x'.repeat(499_999);

/**
 * [tool, case, arguments]: each aims at one check's worst case at (or just past) its default limit. Built when run, to
 * keep memory down.
 */
function cases(): [string, string, () => unknown][] {
  return [
    ['fs.read', 'the longest string', () => ({ path: MEGA })],
    ['fs.read', '3 MB string', () => ({ path: 'x'.repeat(3_000_000) })],
    ['fs.read', 'one 10-million-character key', () => ({ [`k${'x'.repeat(10_000_000)}`]: 1 })],
    ['fs.read', '1,000 unknown 1,900-character keys (many issues)', () => manyKeys(1_000, 1_900)],
    ['fs.read', '1,001 keys', () => manyKeys(1_001, 4)],
    ['fs.read', '10,000-level object', () => ({ path: 'a', extra: deepObject(10_000) })],
    [
      'orders.create',
      '10,000 lines, each wrong',
      () => ({
        customer: { name: 'a', email: 'a@b.co' },
        lines: Array.from({ length: 10_000 }, () => ({ sku: 5, quantity: 0 })),
      }),
    ],
    [
      'orders.create',
      '10,000 valid lines',
      () => ({
        customer: { name: 'a', email: 'a@b.co' },
        lines: Array.from({ length: 10_000 }, () => ({ sku: 'NOPE', quantity: 1 })),
      }),
    ],
    [
      'orders.create',
      '1,000,000 labels',
      () => ({
        customer: { name: 'a', email: 'a@b.co' },
        lines: [{ sku: 'BOOK-1', quantity: 1 }],
        labels: new Array(1_000_000).fill('l'),
      }),
    ],
    [
      'orders.create',
      '10,000 long labels',
      () => ({
        customer: { name: 'a', email: 'a@b.co' },
        lines: [{ sku: 'BOOK-1', quantity: 1 }],
        labels: new Array(10_000).fill('l'.repeat(90)),
      }),
    ],
    [
      'orders.create',
      'a long email',
      () => ({
        customer: { name: 'a', email: `${'a'.repeat(499_990)}@b.co` },
        lines: [{ sku: 'BOOK-1', quantity: 1 }],
      }),
    ],
    [
      'git.commit',
      'the longest message and 10,000 files',
      () => ({ message: MEGA, files: new Array(10_000).fill('f') }),
    ],
    ['fs.write', 'content over its @MaxLength', () => ({ path: 'x', content: 'x'.repeat(2_000_000) })],
    ['weather.current', 'the longest city', () => ({ city: MEGA })],
    ['ref.values', 'numeric bait for coercion', () => ({ n: `${'1'.repeat(80_000)}x` })],
    ['ref.values', 'the longest numeric-looking string', () => ({ n: `${' '.repeat(499_990)}1` })],
    ['ref.values', 'boolean bait for coercion', () => ({ flag: 't'.repeat(499_999) })],
    ['ref.values', 'pattern bait with no maxLength', () => ({ slug: `${'a-'.repeat(249_999)}!` })],
    ['ref.values', 'pattern bait past maxLength', () => ({ code: 'A'.repeat(499_999) })],
    ['ref.values', 'format bait: hostname', () => ({ host: `${'a.'.repeat(249_999)}!` })],
    ['ref.values', 'format bait: email', () => ({ email: `${'a'.repeat(250_000)}@${'b'.repeat(249_990)}` })],
    ['ref.values', 'format bait: uri', () => ({ url: `https://${'a'.repeat(499_000)}` })],
    ['ref.values', 'format bait: date-time', () => ({ when: `2024-01-01T${'1'.repeat(499_000)}` })],
    ['ref.values', 'format bait: time', () => ({ at: `12:00:00.${'1'.repeat(499_000)}` })],
    [
      'ref.values',
      'JSON text of 10,000 numbers',
      () => ({ list: JSON.stringify(Array.from({ length: 10_000 }, (_, i) => i)) }),
    ],
    ['ref.values', 'JSON text of the longest string', () => ({ list: `[${'1,'.repeat(249_998)}1]` })],
    ['ref.values', 'JSON text of a deep array', () => ({ list: `${'['.repeat(240_000)}${']'.repeat(240_000)}` })],
    ['ref.values', 'JSON text past the longest string', () => ({ list: `[${'1,'.repeat(300_000)}1]` })],
    ['ref.values', 'free-form: 10,000-level object', () => ({ data: deepObject(10_000) })],
    ['ref.values', 'free-form: 10,000-level array', () => ({ data: deepArray(10_000) })],
    ['ref.values', 'free-form: a shared-object DAG (2^60 paths)', () => ({ data: dag(30) })],
    [
      'ref.values',
      'free-form: 10,000 × 95 numbers',
      () => ({ data: Array.from({ length: 10_000 }, () => new Array(95).fill(1)) }),
    ],
    [
      'ref.values',
      'free-form: 1,000 × 1,000 keys',
      () => ({ data: Array.from({ length: 1_000 }, () => manyKeys(1_000, 1)) }),
    ],
    [
      'ref.values',
      'free-form: prototype keys everywhere',
      () => ({
        data: Array.from({ length: 10_000 }, () => JSON.parse('{"__proto__":{"a":1},"constructor":1,"prototype":2}')),
      }),
    ],
    ['ref.values', 'free-form: 1,000,000 items', () => ({ data: new Array(1_000_000).fill(0) })],
    ['ref.values', 'open map: 1,000 wrong values', () => ({ scores: manyKeys(1_000, 8, 'not a number') })],
    ['ref.values', 'open object: long keys', () => ({ open: manyKeys(1_000, 1_999) })],
    ['ref.profile', 'pattern bait past @MaxLength', () => ({ handle: `${'a-'.repeat(249_999)}!`, meta: {} })],
    ['ref.profile', '@IsObject: 10,000-level object', () => ({ handle: 'a', meta: deepObject(10_000) })],
    [
      'ref.profile',
      '@Allow: 10,000 × 95 numbers',
      () => ({ handle: 'a', extra: Array.from({ length: 10_000 }, () => new Array(95).fill(1)) }),
    ],
  ];
}

// Taken as the file loads, before any call of its own: the last test checks that none of them wrote a global.
const globalsAtLoad = new Set(Reflect.ownKeys(globalThis));
let sample: Awaited<ReturnType<typeof sampleWorkspace>>;
let reference: ToolRegistry;
const measured: { tool: string; label: string; ms: number; outcome: string }[] = [];

beforeAll(async () => {
  process.env.WEATHER_API_KEY = 'hostile-key';
  sample = await sampleWorkspace();
  reference = (
    await buildRegistry(
      toolsModule({ coerce: true }),
      toolset({ name: 'ref', tools: [Values, ProfileTool], granted: PermissionSet.all() }),
    )
  ).registry;
});
afterAll(async () => {
  delete process.env.WEATHER_API_KEY;
  await sample.dispose();
  const worst = [...measured].sort((a, b) => b.ms - a.ms);
  console.log(
    `hostile input: the slowest dispatches (warm, ms)\n${worst
      .slice(0, 10)
      .map((m) => `${m.ms.toFixed(1).padStart(7)}  ${m.tool}: ${m.label} → ${m.outcome}`)
      .join('\n')}`,
  );
});

describe('hostile input', () => {
  it.each(cases())('%s, %s: no dispatch blocks the event loop for long', async (tool, label, build) => {
    const args = build();
    const registry = tool.startsWith('ref.') ? reference : sample.registry;
    let worst = 0;
    let outcome = '';
    // Twice: the first call also pays for compiling the code it runs; the second is what a busy server sees.
    for (let round = 0; round < 2; round++) {
      const start = performance.now();
      const pending = registry.dispatch(tool, args, { timeoutMs: 1_000 });
      const synchronous = performance.now() - start;
      const result = await pending;
      // A refused call runs in microtasks only, so all of it blocked the loop; an accepted one yields to its handler.
      const blocked = result.ok || result.error.code !== 'invalid_input' ? synchronous : performance.now() - start;
      expect(blocked).toBeLessThan(BOUND_MS);
      if (!result.ok) expect(JSON.stringify(result).length).toBeLessThan(100_000);
      worst = round === 0 ? 0 : blocked;
      outcome = result.ok ? 'ok' : `${result.error.code} (${result.error.issues?.length ?? 0} issues)`;
    }
    measured.push({ tool, label, ms: worst, outcome });
  });

  it('no call writes to the global object, whether accepted or refused', async () => {
    // The validators are generated code (new Function), where an undeclared variable would become a global
    // holding a model's value: visible to every other caller of the process.
    @Tool({ name: 'globals.probe', description: 'Echoes its arguments.' })
    class Probe {
      execute(
        @Arg('path', { minLength: 1 }) path: string,
        @Arg('count', { integer: true, optional: true }) count?: number,
      ) {
        return { path, count };
      }
    }
    const probe = (
      await buildRegistry(toolsModule(), toolset({ name: 'globals', tools: [Probe], granted: PermissionSet.all() }))
    ).registry;
    for (const args of [
      { path: 'a', count: 2 },
      { path: 'a', count: null },
      { path: '', count: 1.5 },
      { path: 'a', extra: 1 },
    ])
      await probe.dispatch('globals.probe', args);
    // Every tool of the sample and of this file, sent an unknown key: refused, after each declared property is read.
    for (const registry of [sample.registry, reference]) {
      for (const { name } of registry.list()) await registry.dispatch(name, { unexpected: 1 });
    }
    // Whatever ran before it in this file too: the sample's calls as it is set up, the hostile inputs above.
    expect(Reflect.ownKeys(globalThis).filter((key) => !globalsAtLoad.has(key))).toEqual([]);
    expect((await probe.dispatch('globals.probe', { path: 'a', count: 2 })).ok).toBe(true);
  });
});
