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

@Tool({ name: 'free.form', description: 'A free-form value and an open object.' })
class FreeForm {
  execute(
    @Arg('data', { type: {} }) data: unknown,
    @Arg('open', { type: { type: 'object', properties: { id: { type: 'string' } } } }) open: object,
  ): string {
    received.push(data, open);
    return 'ok';
  }
}

async function registry(coerce = false, limits = {}): Promise<ToolRegistry> {
  return (
    await buildRegistry(
      toolsModule({ coerce, limits }),
      toolset({ name: 'docs', tools: [Search], granted: PermissionSet.all() }),
    )
  ).registry;
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
    const issues = await issuesOf(await registry(), {
      query: 'x',
      limit: 1.5,
      exact: 'yes',
      tags: ['a', 2, 'c', 'd'],
      sort: 'size',
    });
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
    expect(await issuesOf(await registry(), {})).toEqual([
      { path: 'query', message: 'query is required', constraint: 'isDefined' },
    ]);
  });

  it('rejects and names unknown keys', async () => {
    const issues = await issuesOf(await registry(), { query: 'ok ok', querry: 'x', extra: 1 });
    expect(issues.map((i) => i.path)).toEqual(['querry', 'extra']);
    expect(issues[0]!.message).toBe(
      'querry is not a known argument; remove it (known: query, limit, exact, tags, sort)',
    );
  });

  it.each([
    ['a string', 'query'],
    ['an array', []],
    ['null', null],
    ['a number', 3],
    ['nothing', undefined],
  ])('rejects %s as the arguments', async (_label, args) => {
    expect(await issuesOf(await registry(), args)).toEqual([
      expect.objectContaining({ path: '', constraint: 'isObject' }),
    ]);
  });

  it('rejects class instances: arguments are plain JSON data', async () => {
    class Args {
      query = 'hermes';
    }
    expect((await issuesOf(await registry(), new Args()))[0]!.constraint).toBe('isObject');
  });

  it('takes an object with no prototype (Object.create(null)) as plain data, as the arguments and inside them', async () => {
    const args = Object.assign(Object.create(null) as Record<string, unknown>, { query: 'hermes', limit: 5 });
    await (await registry()).call('search', args);
    expect(received).toEqual([{ query: 'hermes', limit: 5, exact: undefined, tags: undefined, sort: undefined }]);
    const r = (
      await buildRegistry(toolsModule({}), toolset({ name: 'free', tools: [FreeForm], granted: PermissionSet.all() }))
    ).registry;
    const nested = Object.assign(Object.create(null) as Record<string, unknown>, {
      inner: Object.assign(Object.create(null) as object, { a: 1 }),
    });
    await r.call('free.form', {
      data: nested,
      open: Object.assign(Object.create(null) as object, { id: 'x', extra: 2 }),
    });
    expect(received.slice(1)).toEqual([{ inner: { a: 1 } }, { id: 'x', extra: 2 }]);
  });

  it('rejects __proto__ and constructor keys without polluting any prototype', async () => {
    const r = await registry();
    const hostile = JSON.parse(
      '{"query":"ok ok","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
    );
    const issues = await issuesOf(r, hostile);
    expect(issues.map((i) => i.path)).toEqual(['__proto__', 'constructor']);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('treats null for an optional argument as absent, and for a required one as wrong', async () => {
    const r = await registry();
    await r.call('search', { query: 'hermes', exact: null, limit: null });
    expect(received).toEqual([{ query: 'hermes', limit: 10, exact: undefined, tags: undefined, sort: undefined }]);
    expect((await issuesOf(r, { query: null }))[0]).toMatchObject({
      path: 'query',
      constraint: 'isString',
      message: 'query must be a string, got null',
    });
  });

  it('bounds oversized input with an issue, not a crash', async () => {
    const r = await registry(false, { maxStringLength: 1000, maxProperties: 20 });
    expect((await issuesOf(r, { query: 'x'.repeat(5_000_000) }))[0]).toMatchObject({
      path: 'query',
      constraint: 'maxLength',
    });
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
    expect((await issuesOf(r, { query: 'hermes', limit: '' }))[0]).toMatchObject({
      path: 'limit',
      constraint: 'isInt',
    });
  });

  it('coerces exactly "true" and "false" to booleans, and no other text', async () => {
    const r = await registry(true);
    await r.call('search', { query: 'hermes', exact: 'false' });
    await r.call('search', { query: 'hermes', exact: 'true' });
    expect(received.map((args) => (args as { exact: unknown }).exact)).toEqual([false, true]);
    for (const text of ['TRUE', 'False', '1', '0', 'yes', '', ' true']) {
      expect((await issuesOf(r, { query: 'hermes', exact: text })).map((i) => [i.path, i.constraint])).toEqual([
        ['exact', 'isBoolean'],
      ]);
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

@Tool({ name: 'bounds', description: 'One argument per declared bound.' })
class Bounds {
  execute(
    @Arg('maybe', { type: { type: ['string', 'null'] } }) maybe: string | null,
    @Arg('short', { maxLength: 3, optional: true }) _short?: string,
    @Arg('long', { minLength: 1, optional: true }) _long?: string,
    @Arg('plain', { optional: true }) _plain?: string,
    @Arg('range', { type: { type: 'number', minimum: 1, maximum: 3 }, optional: true }) _range?: number,
    @Arg('open', { type: { type: 'number', exclusiveMinimum: 1, exclusiveMaximum: 3 }, optional: true }) _open?: number,
    @Arg('few', { items: Number, minItems: 1, maxItems: 2, optional: true }) _few?: number[],
    @Arg('many', { items: Number, optional: true }) _many?: number[],
    @Arg('fallback', { default: 'd', optional: true }) fallback?: string,
  ): string {
    received.push({ maybe, fallback });
    return 'ok';
  }
}

describe('declared bounds, at, below and above each', () => {
  const bounds = async (limits = {}) =>
    (
      await buildRegistry(
        toolsModule({ limits }),
        toolset({ name: 'b', tools: [Bounds], granted: PermissionSet.all() }),
      )
    ).registry;
  const problems = async (r: ToolRegistry, args: Record<string, unknown>) => {
    const outcome = await r.dispatch('bounds', { maybe: 'm', ...args });
    return outcome.ok ? [] : outcome.error.issues!.map((i) => i.message);
  };
  const constraints = async (r: ToolRegistry, args: Record<string, unknown>) => {
    const outcome = await r.dispatch('bounds', { maybe: 'm', ...args });
    return outcome.ok ? [] : outcome.error.issues!.map((i) => i.constraint);
  };

  it('maxLength, in code points; a string past twice the bound in UTF-16 units is refused before it is counted', async () => {
    const r = await bounds();
    expect(await problems(r, { short: 'ab' })).toEqual([]);
    expect(await problems(r, { short: 'abc' })).toEqual([]);
    expect(await problems(r, { short: 'abcd' })).toEqual(['short must be at most 3 characters long']);
    expect(await problems(r, { short: 'abcdef' })).toEqual(['short must be at most 3 characters long']);
    expect(await problems(r, { short: 'abcdefg' })).toEqual(['short is too long (7 characters)']);
    // Refused as past the declared bound (maxLength), not as past the run's limit.
    expect(await constraints(r, { short: 'abcdefg' })).toEqual(['maxLength']);
    expect(await problems(r, { short: '😀😀😀' })).toEqual([]);
    expect(await problems(r, { short: '😀😀😀😀' })).toEqual(['short is too long (8 characters)']);
  });

  it('minLength of 1, said in the singular; lone surrogates count as one character each', async () => {
    const r = await bounds();
    expect(await problems(r, { long: '' })).toEqual(['long must be at least 1 character long']);
    expect(await problems(r, { long: 'a' })).toEqual([]);
    expect(await problems(r, { short: '\ud83d\ud83d\ud83d' })).toEqual([]);
    expect(await problems(r, { short: '\ude00\ude00\ude00\ude00' })).toEqual([
      'short must be at most 3 characters long',
    ]);
    expect(await problems(r, { short: 'ab\ud83d' })).toEqual([]);
    expect(await problems(r, { short: 'abc\ud83d' })).toEqual(['short must be at most 3 characters long']);
    expect(await problems(r, { short: '\ud83d\ude00\ud83d\ude00\ud83d' })).toEqual([]);
  });

  it('maxStringLength, where no maxLength is declared', async () => {
    const r = await bounds({ maxStringLength: 10 });
    expect(await problems(r, { plain: 'x'.repeat(9) })).toEqual([]);
    expect(await problems(r, { plain: 'x'.repeat(10) })).toEqual([]);
    expect(await problems(r, { plain: 'x'.repeat(11) })).toEqual(['plain is too long (11 characters)']);
    // A limit of the run, not a bound the tool declared.
    expect(await constraints(r, { plain: 'x'.repeat(11) })).toEqual(['limit']);
  });

  it('minimum and maximum, inclusive', async () => {
    const r = await bounds();
    expect(await problems(r, { range: 0.5 })).toEqual(['range must be >= 1, got 0.5']);
    expect(await problems(r, { range: 1 })).toEqual([]);
    expect(await problems(r, { range: 3 })).toEqual([]);
    expect(await problems(r, { range: 3.5 })).toEqual(['range must be <= 3, got 3.5']);
  });

  it('exclusiveMinimum and exclusiveMaximum', async () => {
    const r = await bounds();
    expect(await problems(r, { open: 1 })).toEqual(['open must be > 1, got 1']);
    expect(await problems(r, { open: 1.5 })).toEqual([]);
    expect(await problems(r, { open: 2.5 })).toEqual([]);
    expect(await problems(r, { open: 3 })).toEqual(['open must be < 3, got 3']);
  });

  it('minItems and maxItems', async () => {
    const r = await bounds();
    expect(await problems(r, { few: [] })).toEqual(['few must have at least 1 item, got 0']);
    expect(await problems(r, { few: [1] })).toEqual([]);
    expect(await problems(r, { few: [1, 2] })).toEqual([]);
    expect(await problems(r, { few: [1, 2, 3] })).toEqual(['few must have at most 2 items, got 3']);
  });

  it('maxArrayLength, where no maxItems is declared', async () => {
    const r = await bounds({ maxArrayLength: 3 });
    expect(await problems(r, { many: [1, 2] })).toEqual([]);
    expect(await problems(r, { many: [1, 2, 3] })).toEqual([]);
    expect(await problems(r, { many: [1, 2, 3, 4] })).toEqual(['many must have at most 3 items, got 4']);
  });

  it('null, undefined and a missing key: a nullable argument takes null and requires a value; an optional one with a default takes the default', async () => {
    const r = await bounds();
    received.length = 0;
    await r.call('bounds', { maybe: null });
    await r.call('bounds', { maybe: null, fallback: null });
    await r.call('bounds', { maybe: 'm', fallback: undefined });
    await r.call('bounds', { maybe: 'm', fallback: 'given' });
    expect(received).toEqual([
      { maybe: null, fallback: 'd' },
      { maybe: null, fallback: 'd' },
      { maybe: 'm', fallback: 'd' },
      { maybe: 'm', fallback: 'given' },
    ]);
    const missing = await r.dispatch('bounds', {});
    const undefinedValue = await r.dispatch('bounds', { maybe: undefined });
    for (const outcome of [missing, undefinedValue])
      expect(outcome).toMatchObject({
        ok: false,
        error: { issues: [{ path: 'maybe', message: 'maybe is required' }] },
      });
    expect(await problems(r, { maybe: 1 })).toEqual(['maybe must be a string, got 1']);
  });
});

@Tool({ name: 'shown', description: 'Arguments as the model is shown them.' })
class Shown {
  execute(
    @Arg('id', { format: 'uuid', description: 'The id.' }) id: string,
    @Arg('count', { type: Number, integer: true, exclusiveMinimum: 0, exclusiveMaximum: 10, nullable: true }) count:
      | number
      | null,
    @Arg('level', { enum: [1, 2, 3] }) level: number,
    @Arg('mode', { type: { enum: ['a', 'b'] } }) mode: string,
    @Arg('levels', { type: { enum: [1, 2] } }) levels: number,
    @Arg('note', { type: { type: 'string', description: 'A note.', title: 'Note' } }) note: string,
    @Arg('anything', { type: {}, nullable: true, optional: true }) anything?: unknown,
    @Arg('tags', { items: String, minItems: 1, maxItems: 3, optional: true }) tags?: string[],
    @Arg('flag', { default: false }) flag?: boolean,
  ): string {
    return JSON.stringify([id, count, level, mode, levels, note, anything, tags, flag]);
  }
}

describe('the schema a model is shown for @Arg declarations', () => {
  it('holds each declared keyword, null in a type list or as anyOf, enums typed by their values, and defaults', async () => {
    const { registry: r } = await buildRegistry(toolset({ name: 's', tools: [Shown], granted: PermissionSet.all() }));
    expect(r.get('shown').definition.inputSchema).toEqual({
      type: 'object',
      properties: {
        id: { type: 'string', format: 'uuid', description: 'The id.' },
        count: { type: ['integer', 'null'], exclusiveMinimum: 0, exclusiveMaximum: 10 },
        level: { type: 'number', enum: [1, 2, 3] },
        mode: { type: 'string', enum: ['a', 'b'] },
        levels: { type: 'number', enum: [1, 2] },
        note: { type: 'string', description: 'A note.' },
        anything: { anyOf: [{}, { type: 'null' }] },
        tags: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 3 },
        flag: { type: 'boolean', default: false },
      },
      required: ['id', 'count', 'level', 'mode', 'levels', 'note'],
      additionalProperties: false,
    });
    const call = { id: '0f8fad5b-d9cb-469f-a165-70867728950e', count: null, level: 2, mode: 'a', levels: 1, note: 'n' };
    await expect(r.call('shown', call)).resolves.toBe(
      JSON.stringify(['0f8fad5b-d9cb-469f-a165-70867728950e', null, 2, 'a', 1, 'n', undefined, undefined, false]),
    );
    const outcome = await r.dispatch('shown', { ...call, count: 10, level: 4, mode: 'c', levels: 3, anything: null });
    expect(outcome.ok ? [] : outcome.error.issues!.map((i) => i.message)).toEqual([
      'count must be < 10, got 10',
      'level must be one of 1, 2, 3, got 4',
      'mode must be one of "a", "b", got "c"',
      'levels must be one of 1, 2, got 3',
    ]);
  });
});

@Tool({ name: 'defaults', description: 'Arguments whose defaults the handler receives.' })
class Defaults {
  execute(
    @Arg('offset', { default: -0 }) offset: number,
    @Arg('label', { default: 'x' }) label: string,
    @Arg('options', { type: {}, default: { depth: [1] } }) options: unknown,
  ): unknown[] {
    received.push(offset, label, options);
    return [offset, label, options];
  }
}

describe('defaults reach the handler as declared', () => {
  it('a number, a string and a JSON value, each unchanged by the copy made per call (-0 stays -0)', async () => {
    const { registry: r } = await buildRegistry(
      toolset({ name: 'd', tools: [Defaults], granted: PermissionSet.all() }),
    );
    await r.call('defaults', {});
    await r.call('defaults', { offset: null, label: null });
    expect(received).toEqual([-0, 'x', { depth: [1] }, -0, 'x', { depth: [1] }]);
    expect(Object.is(received[0], -0)).toBe(true);
    expect(Object.is(received[3], -0)).toBe(true);
    // Each call gets a copy of an object default, never the declared one or the last call's.
    expect(received[2]).not.toBe(received[5]);
  });
});

describe('declared arrays: which constraint each bound names', () => {
  it('arrayMinSize and arrayMaxSize for declared minItems and maxItems, limit for maxArrayLength where none is declared', async () => {
    const r = (
      await buildRegistry(
        toolsModule({ limits: { maxArrayLength: 3 } }),
        toolset({ name: 'b', tools: [Bounds], granted: PermissionSet.all() }),
      )
    ).registry;
    const constraints = async (args: Record<string, unknown>) => {
      const outcome = await r.dispatch('bounds', { maybe: 'm', ...args });
      return outcome.ok ? [] : outcome.error.issues!.map((i) => [i.path, i.constraint, i.message]);
    };
    expect(await constraints({ few: [] })).toEqual([['few', 'arrayMinSize', 'few must have at least 1 item, got 0']]);
    expect(await constraints({ few: [1, 2, 3] })).toEqual([
      ['few', 'arrayMaxSize', 'few must have at most 2 items, got 3'],
    ]);
    expect(await constraints({ many: [1, 2, 3] })).toEqual([]);
    expect(await constraints({ many: [1, 2, 3, 4] })).toEqual([
      ['many', 'limit', 'many must have at most 3 items, got 4'],
    ]);
    // Without minItems, an empty array is fine.
    expect(await constraints({ many: [] })).toEqual([]);
  });

  it('refuse NaN and the infinities as items of a declared number array', async () => {
    const r = (await buildRegistry(toolset({ name: 'b', tools: [Bounds], granted: PermissionSet.all() }))).registry;
    const outcome = await r.dispatch('bounds', {
      maybe: 'm',
      many: [1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0],
    });
    expect(outcome.ok ? [] : outcome.error.issues!.map((i) => [i.path, i.constraint, i.message])).toEqual([
      ['many[1]', 'isNumber', 'many[1] must be a number, got NaN'],
      ['many[2]', 'isNumber', 'many[2] must be a number, got Infinity'],
      ['many[3]', 'isNumber', 'many[3] must be a number, got -Infinity'],
    ]);
  });
});
