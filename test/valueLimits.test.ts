import { Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  IsArray,
  IsObject,
  IsOptional,
  IsString,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import {
  Arg,
  Input,
  PermissionSet,
  Tool,
  toolset,
  toolsModule,
  type ToolRegistry,
  type ValidationLimits,
} from 'hermes-tools';
import { buildRegistry } from './support/buildRegistry.js';

const received: Record<string, unknown>[] = [];

@Tool({ name: 'free', description: 'Free-form and open arguments.' })
class Free {
  execute(
    @Arg('data', { type: {}, optional: true }) data?: unknown,
    @Arg('open', { type: { type: 'object', properties: { id: { type: 'string' } } }, optional: true }) open?: object,
    @Arg('scores', { type: { type: 'object', additionalProperties: { type: 'number' } }, optional: true })
    scores?: Record<string, number>,
    @Arg('grid', {
      type: {
        type: 'array',
        items: { type: 'array', items: { type: 'array', items: { type: 'array', items: { type: 'number' } } } },
      },
      optional: true,
    })
    grid?: number[][][][],
  ): string {
    received.push({ data, open, scores, grid });
    return 'ok';
  }
}

class Loose {
  @IsString() name!: string;
  @IsObject() meta: Record<string, unknown> = {};
  @IsArray() list: unknown[] = [];
  @Allow() anything?: unknown;
}

@Tool({ name: 'loose', description: 'A DTO with unchecked fields.' })
class LooseTool {
  execute(@Input() input: Loose): string {
    received.push({ meta: input.meta, list: input.list, anything: input.anything });
    return 'ok';
  }
}

class Nest {
  @IsOptional() @ValidateNested() @Type(() => Nest) child?: Nest;
  @IsOptional() @ValidateNested({ each: true }) @Type(() => Nest) list?: Nest[];
}

@Tool({ name: 'nest', description: 'A DTO nesting itself, alone and in arrays.' })
class NestTool {
  execute(@Input() input: Nest): string {
    received.push({ nest: input });
    return 'ok';
  }
}

class Gated {
  @IsString() kind!: string;
  @ValidateIf((g: Gated) => g.kind === 'checked') @ValidateNested() @Type(() => Nest) detail?: Nest;
}

@Tool({ name: 'gated', description: 'A nested DTO checked only when kind is "checked".' })
class GatedTool {
  execute(@Input() input: Gated): string {
    received.push({ detail: input.detail });
    return 'ok';
  }
}

const small: Partial<ValidationLimits> = { maxStringLength: 10, maxArrayLength: 3, maxProperties: 4, maxDepth: 4 };

async function registry(limits: Partial<ValidationLimits> = small): Promise<ToolRegistry> {
  return (
    await buildRegistry(
      toolsModule({ limits }),
      toolset({ name: 't', tools: [Free, LooseTool, NestTool, GatedTool], granted: PermissionSet.all() }),
    )
  ).registry;
}

async function issues(r: ToolRegistry, tool: string, args: unknown) {
  const outcome = await r.dispatch(tool, args);
  return outcome.ok ? [] : (outcome.error.issues ?? []).map((i) => [i.path, i.constraint]);
}

beforeEach(() => {
  received.length = 0;
});

describe('limits', () => {
  it.each([
    ['a long string', 'x'.repeat(11), 'data'],
    ['a long array', [1, 2, 3, 4], 'data'],
    ['many keys', { a: 1, b: 2, c: 3, d: 4, e: 5 }, 'data'],
    ['a long string inside', { a: [{ b: 'x'.repeat(11) }] }, 'data.a[0].b'],
    ['deep nesting', { a: { b: { c: { d: 1 } } } }, 'data.a.b.c'],
  ])('hold for free-form arguments (type: {}): %s', async (_label, data, path) => {
    const r = await registry();
    expect((await issues(r, 'free', { data })).map(([p]) => p)).toEqual([path]);
    expect(received).toEqual([]);
  });

  it('hold for the extra keys of open objects', async () => {
    const r = await registry();
    expect(await issues(r, 'free', { open: { id: 'a', note: 'y'.repeat(11) } })).toEqual([['open.note', 'limit']]);
    expect(await issues(r, 'free', { open: { id: 'a', list: [[[[1]]]] } })).toEqual([['open.list[0][0]', 'maxDepth']]);
  });

  it('hold for DTO fields checked only by @IsObject, @IsArray or @Allow', async () => {
    const r = await registry();
    expect(
      await issues(r, 'loose', {
        name: 'a',
        meta: { a: 'x'.repeat(11) },
        list: [1, 2, 3, 4],
        anything: { a: 1, b: 2, c: 3, d: 4, e: 5 },
      }),
    ).toEqual([
      ['meta.a', 'limit'],
      ['list', 'limit'],
      ['anything', 'limit'],
    ]);
  });

  it('include a total size across the whole input', async () => {
    // Each chunk costs 9 characters + 8; the root object 8 + "data" (4) + 8; the array 8: four chunks make 96, five
    // 113.
    const r = await registry({ maxTotalSize: 100 });
    const chunk = 'x'.repeat(9);
    expect(await issues(r, 'free', { data: [chunk, chunk, chunk, chunk] })).toEqual([]);
    expect(await issues(r, 'free', { data: [chunk, chunk], open: { id: chunk, a: chunk, b: chunk } })).toEqual([
      ['', 'maxTotalSize'],
    ]);
    expect(
      await issues(r, 'loose', { name: chunk, meta: { a: chunk }, list: [chunk, chunk], anything: chunk }),
    ).toEqual([['', 'maxTotalSize']]);
    // Past the total, a later DTO field is not checked either: the answer is known.
    expect(
      await issues(r, 'loose', { name: chunk, meta: { a: chunk, b: chunk, c: chunk, d: chunk }, list: 5 }),
    ).toEqual([['', 'maxTotalSize']]);
    // A DTO field that reaches the total exactly is still checked: the root 8, "name" 12, a number 8 make 28.
    expect(await issues(await registry({ maxTotalSize: 29 }), 'loose', { name: 5 })).toEqual([['name', 'isString']]);
    expect(await issues(await registry({ maxTotalSize: 28 }), 'loose', { name: 5 })).toEqual([['name', 'isString']]);
    expect(await issues(await registry({ maxTotalSize: 27 }), 'loose', { name: 5 })).toEqual([['', 'maxTotalSize']]);
    expect(await r.dispatch('free', { data: [chunk, chunk, chunk, chunk, chunk] })).toMatchObject({
      error: {
        issues: [
          {
            message:
              'the arguments must be at most 100 in total size (characters of strings and keys, plus 8 per value and per key)',
          },
        ],
      },
    });
  });

  it('count 8 for each null, boolean and number toward the total size', async () => {
    // The root object 8 + "data" 4 + 8, the array 8: 28, and 8 per scalar: nine make 100, ten 108.
    const r = await registry({ maxTotalSize: 100 });
    const scalars = (n: number) => Array.from({ length: n }, (_, i) => [null, true, 1.5][i % 3]);
    expect(await issues(r, 'free', { data: scalars(8) })).toEqual([]);
    expect(await issues(r, 'free', { data: scalars(9) })).toEqual([]);
    expect(await issues(r, 'free', { data: scalars(10) })).toEqual([['', 'maxTotalSize']]);
  });

  it('report nothing past the total size: the value is not looked into further', async () => {
    const r = await registry({ maxTotalSize: 100 });
    const big = 'x'.repeat(90);
    const fn = () => 1;
    expect(await issues(r, 'free', { data: [big, fn] })).toEqual([['', 'maxTotalSize']]);
    expect(await issues(r, 'free', { data: { a: big, b: fn } })).toEqual([['', 'maxTotalSize']]);
    expect(await issues(r, 'free', { open: { id: big, a: fn } })).toEqual([['', 'maxTotalSize']]);
    expect(await issues(r, 'free', { open: { a: big, b: fn } })).toEqual([['', 'maxTotalSize']]);
    // The value that passes the total is not checked further: no type, and no unknown key, is reported for it.
    expect(await issues(r, 'free', { scores: { a: 'x'.repeat(100) } })).toEqual([['', 'maxTotalSize']]);
    expect(await issues(r, 'free', { ['k'.repeat(100)]: 1 })).toEqual([['', 'maxTotalSize']]);
    expect(await issues(r, 'free', { scores: { a: 'x' } })).toEqual([['scores.a', 'isNumber']]);
    expect(await issues(r, 'free', { k: 1 })).toEqual([['k', 'whitelistValidation']]);
    // Under the total, the same values are looked into, and the function is named.
    expect(await issues(r, 'free', { data: ['x', fn] })).toEqual([['data[1]', 'isJson']]);
    expect(await issues(r, 'free', { open: { a: 'x', b: fn } })).toEqual([['open.b', 'isJson']]);
  });

  it('look into the next value when the total is reached exactly, not passed', async () => {
    // The root 20, the array 8, a string of 64 at 72: exactly 100; the function after it costs nothing and is named.
    const r = await registry({ maxTotalSize: 100 });
    const fn = () => 1;
    expect(await issues(r, 'free', { data: ['x'.repeat(64), fn] })).toEqual([['data[1]', 'isJson']]);
    // The root 20, the object 8 and its keys a and b at 9 each: 46; a string of 46 at 54: exactly 100.
    expect(await issues(r, 'free', { data: { a: 'x'.repeat(46), b: fn } })).toEqual([['data.b', 'isJson']]);
  });

  it('say which limit a free-form value passed, and by how much', async () => {
    const r = await registry();
    const messages = async (data: unknown) => {
      const outcome = await r.dispatch('free', { data });
      return outcome.ok ? [] : outcome.error.issues!.map((i) => i.message);
    };
    expect(await messages('x'.repeat(11))).toEqual(['data is too long (11 characters, more than the 10 allowed)']);
    expect(await messages([1, 2, 3, 4])).toEqual(['data must have at most 3 items, got 4']);
    expect(await messages({ a: 1, b: 2, c: 3, d: 4, e: 5 })).toEqual(['data has 5 keys, more than the 4 allowed']);
    expect(await messages({ a: { b: { c: {} } } })).toEqual(['data.a.b.c is nested more than 4 levels deep']);
    expect(await messages([[[[]]]])).toEqual(['data[0][0][0] is nested more than 4 levels deep']);
    expect(await messages([1, Number.NaN])).toEqual(['data[1] must be JSON data, got NaN']);
    expect(await messages({ f: () => 1 })).toEqual(['data.f must be JSON data, got a function']);
    expect(await messages(JSON.parse('{"__proto__":{"x":1}}'))).toEqual([
      'data.__proto__ is a key that can reach a prototype; remove it',
    ]);
  });

  it('bound the work on a value whose objects are shared (a DAG that unfolds exponentially)', async () => {
    let node: unknown = 'leaf';
    for (let i = 0; i < 40; i++) node = { a: node, b: node };
    const r = await registry({ maxDepth: 64 });
    expect(await issues(r, 'free', { data: node })).toEqual([['', 'maxTotalSize']]);
  });
});

describe('each limit, at, below and above it', () => {
  // With `small`: strings of 10, arrays of 3, objects of 4 keys, 4 levels of objects and arrays (the arguments object
  // is the first).
  it.each([
    ['maxStringLength', 'x'.repeat(9), 'x'.repeat(10), 'x'.repeat(11), 'data'],
    ['maxArrayLength', [1, 2], [1, 2, 3], [1, 2, 3, 4], 'data'],
    ['maxProperties', { a: 1, b: 2, c: 3 }, { a: 1, b: 2, c: 3, d: 4 }, { a: 1, b: 2, c: 3, d: 4, e: 5 }, 'data'],
    ['maxDepth (objects)', { a: {} }, { a: { b: {} } }, { a: { b: { c: {} } } }, 'data.a.b.c'],
    ['maxDepth (arrays)', [[]], [[[]]], [[[[]]]], 'data[0][0][0]'],
  ])('%s', async (_limit, below, at, above, path) => {
    const r = await registry();
    expect(await issues(r, 'free', { data: below })).toEqual([]);
    expect(await issues(r, 'free', { data: at })).toEqual([]);
    expect((await issues(r, 'free', { data: above })).map(([p]) => p)).toEqual([path]);
  });

  it('maxTotalSize', async () => {
    // The root object 8 + "data" 4 + 8, the array 8, three strings of 9 characters at 17 each: 79, and a last string.
    const r = await registry({ maxTotalSize: 100 });
    const data = (last: number) => ['x'.repeat(9), 'x'.repeat(9), 'x'.repeat(9), 'x'.repeat(last)];
    expect(await issues(r, 'free', { data: data(12) })).toEqual([]);
    expect(await issues(r, 'free', { data: data(13) })).toEqual([]);
    expect(await issues(r, 'free', { data: data(14) })).toEqual([['', 'maxTotalSize']]);
  });

  it('maxTotalSize (nested DTOs and arrays of them, each value counted once)', async () => {
    // The root object 8, "child" 5 + 8, its object 8, again "child" 13 and an object 8: 50.
    const value = { child: { child: {} } };
    expect(await issues(await registry({ maxTotalSize: 51 }), 'nest', value)).toEqual([]);
    expect(await issues(await registry({ maxTotalSize: 50 }), 'nest', value)).toEqual([]);
    expect(await issues(await registry({ maxTotalSize: 49 }), 'nest', value)).toEqual([['', 'maxTotalSize']]);
    // The root 8, "list" 12, the array 8 and two objects 8 each: 44.
    const list = { list: [{}, {}] };
    expect(await issues(await registry({ maxTotalSize: 45 }), 'nest', list)).toEqual([]);
    expect(await issues(await registry({ maxTotalSize: 44 }), 'nest', list)).toEqual([]);
    expect(await issues(await registry({ maxTotalSize: 43 }), 'nest', list)).toEqual([['', 'maxTotalSize']]);
  });

  it('maxTotalSize (an array of nested DTOs): the next item is checked when the total is reached exactly, not once it is passed', async () => {
    // The root 8, "list" 12, the array 8, then the first item 50: 78 before the second item, which is no object.
    const value = { list: [{ child: { child: {} } }, 5] };
    expect(await issues(await registry({ maxTotalSize: 78 }), 'nest', value)).toEqual([['list[1]', 'isObject']]);
    expect(await issues(await registry({ maxTotalSize: 77 }), 'nest', value)).toEqual([['', 'maxTotalSize']]);
  });

  it('maxIssues', async () => {
    const r = await registry({ maxIssues: 2 });
    const wrong = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`s${i}`, 'x']));
    expect(await issues(r, 'free', { scores: wrong(1) })).toEqual([['scores.s0', 'isNumber']]);
    expect(await issues(r, 'free', { scores: wrong(2) })).toEqual([
      ['scores.s0', 'isNumber'],
      ['scores.s1', 'isNumber'],
    ]);
    const outcome = await r.dispatch('free', { scores: wrong(3) });
    expect(outcome.ok ? [] : outcome.error.issues).toEqual([
      expect.objectContaining({ path: 'scores.s0' }),
      expect.objectContaining({ path: 'scores.s1' }),
      { path: '', message: '…and 1 more problems not listed', constraint: 'maxIssues' },
    ]);
  });

  it('maxDepth (declared arrays)', async () => {
    const r = await registry();
    expect(await issues(r, 'free', { grid: [[]] })).toEqual([]);
    expect(await issues(r, 'free', { grid: [[[]]] })).toEqual([]);
    expect(await issues(r, 'free', { grid: [[[[]]]] })).toEqual([['grid[0][0][0]', 'maxDepth']]);
  });

  it('maxArrayLength (arrays of nested DTOs)', async () => {
    const r = await registry();
    expect(await issues(r, 'nest', { list: [{}, {}] })).toEqual([]);
    expect(await issues(r, 'nest', { list: [{}, {}, {}] })).toEqual([]);
    const outcome = await r.dispatch('nest', { list: [{}, {}, {}, {}] });
    expect(outcome.ok ? [] : outcome.error.issues!.map((i) => [i.path, i.message])).toEqual([
      ['list', 'list must have at most 3 items, got 4'],
    ]);
    expect(await issues(r, 'nest', { child: { list: [{}, {}, {}, {}] } })).toEqual([['child.list', 'limit']]);
  });

  it("maxArrayLength (a DTO's own default array of nested DTOs, checked by their class on each call)", async () => {
    const presetTool = (n: number) => {
      class Preset {
        @IsOptional() @ValidateNested({ each: true }) @Type(() => Nest) list: Nest[] = Array.from(
          { length: n },
          () => ({}) as Nest,
        );
      }
      @Tool({ name: `preset${n}`, description: 'A default list of nested DTOs.' })
      class PresetTool {
        execute(@Input() input: Preset): number {
          return input.list.length;
        }
      }
      return PresetTool;
    };
    const r = (
      await buildRegistry(
        toolsModule({ limits: small }),
        toolset({ name: 'p', tools: [presetTool(2), presetTool(3), presetTool(4)], granted: PermissionSet.all() }),
      )
    ).registry;
    expect(await r.dispatch('preset2', {})).toMatchObject({ ok: true, value: 2 });
    expect(await r.dispatch('preset3', {})).toMatchObject({ ok: true, value: 3 });
    const outcome = await r.dispatch('preset4', {});
    expect(outcome.ok ? [] : outcome.error.issues).toEqual([
      { path: 'list', message: 'list must have at most 3 items, got 4', constraint: 'limit' },
    ]);
  });

  it("maxArrayLength (arrays of nested DTOs): a list past it is refused before the property's own checks run", async () => {
    class Entry {
      @IsOptional() @IsString() name?: string;
    }
    class Capped {
      @ValidateNested({ each: true }) @Type(() => Entry) @ArrayMaxSize(2) entries!: Entry[];
    }
    @Tool({ name: 'capped', description: 'A capped list of nested DTOs.' })
    class CappedTool {
      execute(@Input() input: Capped): number {
        return input.entries.length;
      }
    }
    const r = (
      await buildRegistry(
        toolsModule({ limits: small }),
        toolset({ name: 'c', tools: [CappedTool], granted: PermissionSet.all() }),
      )
    ).registry;
    expect(await issues(r, 'capped', { entries: [{}, {}] })).toEqual([]);
    expect(await issues(r, 'capped', { entries: [{}, {}, {}] })).toEqual([['entries', 'arrayMaxSize']]);
    expect(await issues(r, 'capped', { entries: [{}, {}, {}, {}] })).toEqual([['entries', 'limit']]);
  });

  it("maxDepth for a DTO's unchecked fields (@IsObject, @IsArray, @Allow): counted from the arguments, as for an @Arg", async () => {
    const r = await registry();
    expect(
      await issues(r, 'loose', { name: 'a', meta: { a: { a: {} } }, list: [[[]]], anything: { a: [{}] } }),
    ).toEqual([]);
    expect(
      await issues(r, 'loose', {
        name: 'a',
        meta: { a: { a: { a: {} } } },
        list: [[[[]]]],
        anything: { a: [{ a: {} }] },
      }),
    ).toEqual([
      ['meta.a.a.a', 'maxDepth'],
      ['list[0][0][0]', 'maxDepth'],
      ['anything.a[0].a', 'maxDepth'],
    ]);
  });

  it('maxDepth (nested DTOs and arrays of them), counted as for free-form values', async () => {
    const r = await registry();
    expect(await issues(r, 'nest', { child: { child: { child: {} } } })).toEqual([]);
    expect(await issues(r, 'nest', { child: { child: { child: { child: {} } } } })).toEqual([
      ['child.child.child.child', 'maxDepth'],
    ]);
    expect(await issues(r, 'nest', { child: { child: { list: [] } } })).toEqual([]);
    expect(await issues(r, 'nest', { child: { child: { child: { list: [] } } } })).toEqual([
      ['child.child.child.list', 'maxDepth'],
    ]);
    const deepList = await r.dispatch('nest', { child: { child: { child: { list: [] } } } });
    expect(deepList.ok ? [] : deepList.error.issues!.map((i) => i.message)).toEqual([
      'child.child.child.list is nested more than 4 levels deep',
    ]);
    expect(await issues(r, 'nest', { list: [{ list: [] }] })).toEqual([]);
    expect(await issues(r, 'nest', { list: [{ list: [{}] }] })).toEqual([['list[0].list[0]', 'maxDepth']]);
    expect(await issues(r, 'free', { data: { child: { child: { list: [] } } } })).toEqual([
      ['data.child.child.list', 'maxDepth'],
    ]);
    expect(await issues(r, 'free', { data: { list: [{ list: [] }] } })).toEqual([['data.list[0].list', 'maxDepth']]);
  });
});

describe('open maps', () => {
  it('keep their value schema in the schema a model is shown', async () => {
    const schema = (await registry()).get('free').definition.inputSchema as { properties: Record<string, unknown> };
    expect(schema.properties.scores).toEqual({
      type: 'object',
      properties: {},
      required: [],
      additionalProperties: { type: 'number' },
    });
  });

  it('enforce their value schema', async () => {
    const r = await registry();
    expect(await issues(r, 'free', { scores: { a: 1, b: 'two' } })).toEqual([['scores.b', 'isNumber']]);
    await r.call('free', { scores: { a: 1, b: 2 } });
    expect(received[0]!.scores).toEqual({ a: 1, b: 2 });
  });
});

describe('handlers receive copies', () => {
  it("of free-form values, open objects and unchecked DTO fields: never the caller's objects", async () => {
    const r = await registry({});
    const args = {
      data: { nested: { list: [1, { x: 'y' }] } },
      open: { id: 'a', extra: { deep: [1] } },
      scores: { a: 1 },
    };
    const dto = { name: 'n', meta: { a: { b: 1 } }, list: [{ c: 2 }], anything: { d: [3] } };
    const before = JSON.stringify([args, dto]);
    await r.call('free', args);
    await r.call('loose', dto);
    const [free, loose] = received as [
      Record<string, Record<string, unknown>>,
      Record<string, Record<string, unknown>>,
    ];
    expect(free).toEqual({ data: args.data, open: args.open, scores: args.scores });
    expect(loose).toEqual({ meta: dto.meta, list: dto.list, anything: dto.anything });
    expect(free.data).not.toBe(args.data);
    expect(free.data!.nested).not.toBe(args.data.nested);
    expect(free.open!.extra).not.toBe(args.open.extra);
    expect(loose.meta!.a).not.toBe(dto.meta.a);
    expect(loose.list![0]).not.toBe(dto.list[0]);
    expect(loose.anything).not.toBe(dto.anything);
    (free.data!.nested as { list: unknown[] }).list.push('changed by the handler');
    (loose.meta!.a as Record<string, unknown>).b = 'changed';
    expect(JSON.stringify([args, dto])).toBe(before);
  });

  it("of a nested DTO value its @ValidateIf skips, copied as any value is: never the caller's object", async () => {
    const r = await registry({});
    const args = { kind: 'skipped', detail: { child: { note: ['a'] } } };
    const before = JSON.stringify(args);
    await r.call('gated', args);
    const detail = received[0]!.detail as { child: { note: string[] } };
    expect(detail).toEqual(args.detail);
    expect(detail).not.toBe(args.detail);
    expect(detail.child).not.toBe(args.detail.child);
    detail.child.note.push('changed by the handler');
    expect(JSON.stringify(args)).toBe(before);
    // Checked, it is the nested class's instance, built from the value.
    await r.call('gated', { kind: 'checked', detail: { child: {} } });
    expect(received[1]!.detail).toBeInstanceOf(Nest);
  });
});

@Tool({ name: 'list', description: 'A declared array of strings.' })
class List {
  execute(@Arg('tags', { items: String }) tags: string[]): number {
    return tags.length;
  }
}

describe('declared arrays within the limits', () => {
  const listRegistry = async (limits: Partial<ValidationLimits>) =>
    (await buildRegistry(toolsModule({ limits }), toolset({ name: 'l', tools: [List], granted: PermissionSet.all() })))
      .registry;
  const messages = async (r: ToolRegistry, args: unknown) => {
    const outcome = await r.dispatch('list', args);
    return outcome.ok ? [] : outcome.error.issues!.map((i) => i.message);
  };
  const total =
    'the arguments must be at most 100 in total size (characters of strings and keys, plus 8 per value and per key)';

  it('count 8 for the array toward maxTotalSize, besides its items', async () => {
    // The arguments object 8 + "tags" 4 + 8 = 20, the array 8, each string of 10 characters 18: four make 100.
    const r = await listRegistry({ maxTotalSize: 100, maxStringLength: 10 });
    const ten = 'x'.repeat(10);
    expect(await r.dispatch('list', { tags: [ten, ten, ten, 'x'.repeat(9)] })).toMatchObject({ ok: true, value: 4 });
    expect(await r.dispatch('list', { tags: [ten, ten, ten, ten] })).toMatchObject({ ok: true, value: 4 });
    expect(await messages(r, { tags: [ten, ten, ten, ten, ''] })).toEqual([total]);
  });

  it('look into the next item when the total is reached exactly, not passed', async () => {
    // At 100 exactly, a string past maxStringLength is refused before it is counted: it is named.
    const r = await listRegistry({ maxTotalSize: 100, maxStringLength: 10 });
    const ten = 'x'.repeat(10);
    expect(await messages(r, { tags: [ten, ten, ten, ten, 'x'.repeat(11)] })).toEqual([
      'tags[4] is too long (11 characters)',
    ]);
  });

  it('stop at the item that passes the total: a later item is not looked at, even one that would be named before it is counted', async () => {
    const r = await listRegistry({ maxTotalSize: 100, maxStringLength: 10 });
    const ten = 'x'.repeat(10);
    expect(await messages(r, { tags: [ten, ten, ten, ten, '', 'x'.repeat(11)] })).toEqual([total]);
    // Within the total, the same item is named.
    expect(await messages(r, { tags: [ten, 'x'.repeat(11)] })).toEqual(['tags[1] is too long (11 characters)']);
  });

  it('count a string given for the array as its length and 8: it is named while within the total, not once past it', async () => {
    // The arguments 20; a string of 72 characters costs 80, reaching 100 exactly.
    const r = await listRegistry({ maxTotalSize: 100 });
    expect(await messages(r, { tags: 'x'.repeat(71) })).toEqual([
      'tags must be an array, got a string of 71 characters',
    ]);
    expect(await messages(r, { tags: 'x'.repeat(72) })).toEqual([
      'tags must be an array, got a string of 72 characters',
    ]);
    expect(await messages(r, { tags: 'x'.repeat(73) })).toEqual([total]);
  });

  it('say how deep a declared array may nest', async () => {
    const r = await registry();
    const outcome = await r.dispatch('free', { grid: [[[[]]]] });
    expect(outcome.ok ? [] : outcome.error.issues!.map((i) => i.message)).toEqual([
      'grid[0][0][0] is nested more than 4 levels deep',
    ]);
  });
});

@Tool({ name: 'labelled', description: 'An open map of numbers with one declared string property, required.' })
class Labelled {
  execute(
    @Arg('scores', {
      type: {
        type: 'object',
        properties: { label: { type: 'string' } },
        required: ['label'],
        additionalProperties: { type: 'number' },
      },
    })
    scores: Record<string, unknown>,
  ): string {
    received.push({ scores });
    return 'ok';
  }
}

describe('open objects: declared properties and extra keys', () => {
  const labelled = async (limits: Partial<ValidationLimits> = {}) =>
    (
      await buildRegistry(
        toolsModule({ limits }),
        toolset({ name: 'o', tools: [Labelled, Free], granted: PermissionSet.all() }),
      )
    ).registry;
  const messages = async (r: ToolRegistry, tool: string, args: unknown) => {
    const outcome = await r.dispatch(tool, args);
    return outcome.ok ? [] : outcome.error.issues!.map((i) => [i.path, i.message]);
  };

  it("check a declared property by its own shape only, not also by the extra keys' shape", async () => {
    const r = await labelled();
    expect(await messages(r, 'labelled', { scores: { label: 'a', x: 1 } })).toEqual([]);
    expect(received).toEqual([{ scores: { label: 'a', x: 1 } }]);
    expect(await messages(r, 'labelled', { scores: { label: 1, x: 'y' } })).toEqual([
      ['scores.label', 'scores.label must be a string, got 1'],
      ['scores.x', 'scores.x must be a number, got "y"'],
    ]);
  });

  it('name a missing required property by its whole path', async () => {
    const r = await labelled();
    expect(await messages(r, 'labelled', { scores: { x: 1 } })).toEqual([['scores.label', 'scores.label is required']]);
  });

  it('refuse an extra key that can reach a prototype, and say so', async () => {
    const r = await labelled();
    expect(await messages(r, 'labelled', { scores: JSON.parse('{"label":"a","__proto__":1}') })).toEqual([
      ['scores.__proto__', 'scores.__proto__ is a key that can reach a prototype; remove it'],
    ]);
    expect(await messages(r, 'free', { open: JSON.parse('{"id":"a","constructor":{}}') })).toEqual([
      ['open.constructor', 'open.constructor is a key that can reach a prototype; remove it'],
    ]);
  });

  it('look into the next extra key when the total is reached exactly, not passed', async () => {
    // The arguments 8 + "open" 12 = 20; the open object 8 and its keys a and b at 9 each: 46; a string of 46 at 54:
    // exactly 100.
    const r = await labelled({ maxTotalSize: 100 });
    expect(await messages(r, 'free', { open: { a: 'x'.repeat(46), b: () => 1 } })).toEqual([
      ['open.b', 'open.b must be JSON data, got a function'],
    ]);
    expect(await messages(r, 'free', { open: { a: 'x'.repeat(47), b: () => 1 } })).toEqual([
      [
        '',
        'the arguments must be at most 100 in total size (characters of strings and keys, plus 8 per value and per key)',
      ],
    ]);
  });
});
