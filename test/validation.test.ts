import { Arg, PermissionSet, Tool, toolset, toolsModule, ToolValidationError, type ToolRegistry } from 'hermes-tools';
import { buildRegistry } from './support/buildRegistry.js';

const received: unknown[] = [];

@Tool({ name: 'search', description: 'Search documents.' })
class Search {
  execute(
    @Arg('query', { minLength: 2, maxLength: 100 }) query: string,
    @Arg('limit', { integer: true, minimum: 1, maximum: 50, default: 10 }) limit: number,
    @Arg('exact', { optional: true }) exact?: boolean,
    @Arg('tags', { items: String, optional: true, maxItems: 3 }) tags?: string[],
    @Arg('sort', { enum: ['relevance', 'date'], optional: true }) sort?: 'relevance' | 'date',
  ): string {
    received.push({ query, limit, exact, tags, sort });
    return 'ok';
  }
}

async function registry(coerce = false, limits = {}): Promise<ToolRegistry> {
  return (await buildRegistry(toolsModule({ coerce, limits }), toolset({ name: 'docs', tools: [Search], granted: PermissionSet.all() }))).registry;
}

async function issuesOf(r: ToolRegistry, args: unknown) {
  const error = await r.call('search', args).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ToolValidationError);
  return (error as ToolValidationError).issues;
}

beforeEach(() => {
  received.length = 0;
});

describe('argument validation', () => {
  it('applies defaults and passes declared arguments only', async () => {
    await (await registry()).call('search', { query: 'hermes' });
    expect(received).toEqual([{ query: 'hermes', limit: 10, exact: undefined, tags: undefined, sort: undefined }]);
  });

  it('reports every issue, not just the first, and runs nothing', async () => {
    const issues = await issuesOf(await registry(), { query: 'x', limit: 1.5, exact: 'yes', tags: ['a', 2, 'c', 'd'], sort: 'size' });
    expect(issues.map((i) => [i.path, i.constraint])).toEqual([
      ['query', 'minLength'],
      ['limit', 'isInt'],
      ['exact', 'isBoolean'],
      ['tags', 'arrayMaxSize'],
      ['sort', 'isIn'],
    ]);
    expect(received).toEqual([]);
  });

  it('names missing required arguments', async () => {
    expect(await issuesOf(await registry(), {})).toEqual([{ path: 'query', message: 'query is required', constraint: 'isDefined' }]);
  });

  it('rejects and names unknown keys', async () => {
    const issues = await issuesOf(await registry(), { query: 'ok ok', querry: 'x', extra: 1 });
    expect(issues.map((i) => i.path)).toEqual(['querry', 'extra']);
    expect(issues[0]!.message).toBe('querry is not a known argument; remove it (known: query, limit, exact, tags, sort)');
  });

  it.each([
    ['a string', 'query'],
    ['an array', []],
    ['null', null],
    ['a number', 3],
    ['nothing', undefined],
  ])('rejects %s as the arguments', async (_label, args) => {
    expect(await issuesOf(await registry(), args)).toEqual([expect.objectContaining({ path: '', constraint: 'isObject' })]);
  });

  it('rejects class instances: arguments are plain JSON data', async () => {
    class Args {
      query = 'hermes';
    }
    expect((await issuesOf(await registry(), new Args()))[0]!.constraint).toBe('isObject');
  });

  it('rejects __proto__ and constructor keys without polluting any prototype', async () => {
    const r = await registry();
    const hostile = JSON.parse('{"query":"ok ok","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}');
    const issues = await issuesOf(r, hostile);
    expect(issues.map((i) => i.path)).toEqual(['__proto__', 'constructor']);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('treats null for an optional argument as absent, and for a required one as wrong', async () => {
    const r = await registry();
    await r.call('search', { query: 'hermes', exact: null, limit: null });
    expect(received).toEqual([{ query: 'hermes', limit: 10, exact: undefined, tags: undefined, sort: undefined }]);
    expect((await issuesOf(r, { query: null }))[0]).toMatchObject({ path: 'query', constraint: 'isString', message: 'query must be a string, got null' });
  });

  it('bounds oversized input with an issue, not a crash', async () => {
    const r = await registry(false, { maxStringLength: 1000, maxProperties: 20 });
    expect((await issuesOf(r, { query: 'x'.repeat(5_000_000) }))[0]).toMatchObject({ path: 'query', constraint: 'maxLength' });
    const many = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i]));
    expect(await issuesOf(r, many)).toEqual([expect.objectContaining({ path: '', constraint: 'limit' })]);
  });

  it('caps the number of issues it lists, and says how many more', async () => {
    const r = await registry();
    const issues = await issuesOf(r, Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, i])));
    expect(issues).toHaveLength(101);
    expect(issues[100]!.message).toMatch(/more problems not listed/);
  });

  it('bounds absurdly deep input', async () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 10_000; i++) deep = { nested: deep };
    const issues = await issuesOf(await registry(), { query: 'ok ok', tags: deep });
    expect(issues[0]).toMatchObject({ path: 'tags', constraint: 'isArray' });
  });

  it('does not coerce by default', async () => {
    const issues = await issuesOf(await registry(), { query: 'ok ok', limit: '42', exact: 'true' });
    expect(issues.map((i) => i.constraint)).toEqual(['isInt', 'isBoolean']);
  });

  it('coerces "42" → 42 and "true" → true when toolsModule({ coerce: true })', async () => {
    const r = await registry(true);
    await r.call('search', { query: 'hermes', limit: '42', exact: 'true', tags: '["a"]' });
    expect(received).toEqual([{ query: 'hermes', limit: 42, exact: true, tags: ['a'], sort: undefined }]);
    const issues = await issuesOf(r, { query: 'hermes', limit: '12abc' });
    expect(issues[0]).toMatchObject({ path: 'limit', constraint: 'isInt' });
    expect((await issuesOf(r, { query: 'hermes', limit: '' }))[0]).toMatchObject({ path: 'limit', constraint: 'isInt' });
  });

  it('coerces exactly "true" and "false" to booleans, and no other text', async () => {
    const r = await registry(true);
    await r.call('search', { query: 'hermes', exact: 'false' });
    await r.call('search', { query: 'hermes', exact: 'true' });
    expect(received.map((args) => (args as { exact: unknown }).exact)).toEqual([false, true]);
    for (const text of ['TRUE', 'False', '1', '0', 'yes', '', ' true']) {
      expect((await issuesOf(r, { query: 'hermes', exact: text })).map((i) => [i.path, i.constraint])).toEqual([['exact', 'isBoolean']]);
    }
  });

  it('reports getters that throw as unreadable input', async () => {
    const args = Object.defineProperty({}, 'query', {
      enumerable: true,
      get: () => {
        throw new Error('boom');
      },
    });
    expect((await issuesOf(await registry(), args))[0]).toMatchObject({ path: '', constraint: 'readable' });
  });
});
