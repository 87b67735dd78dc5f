import {
  Exclude,
  Expose,
  plainToInstance,
  Transform,
  TransformationType,
  type TransformFnParams,
  Type,
} from 'class-transformer';
import {
  IsBoolean,
  IsDate,
  IsIn,
  IsInt,
  IsNotIn,
  IsNumber,
  IsOptional,
  IsString,
  Length,
  Matches,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { Arg, Input, PermissionSet, Tool, toolset, toolsModule, ToolValidationError } from 'hermes-tools';
import { buildRegistry, definitionProblems } from './support/buildRegistry.js';

let received: unknown;
let transformCalls = 0;
let seenParams: TransformFnParams | undefined;

class Task {
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @Length(3, 120)
  title!: string;
  @Type(() => Date) @IsDate() @Expose({ name: 'due_at' }) dueAt!: Date;
  @Transform(({ value }) => `${value}!`, { toPlainOnly: true }) @IsOptional() @IsString() plainOnly?: string;
  @Transform(({ value }) => (typeof value === 'string' ? value.toUpperCase() : value), { toClassOnly: true })
  @IsOptional()
  @IsString()
  classOnly?: string;
  @Exclude() @IsIn(['user', 'admin']) role = 'user';
  @IsOptional() @Type(() => Number) @IsInt({ each: true }) ids?: number[];
  @IsIn(['fixed', 'flexible']) @Expose({ name: 'kind_of' }) kind = 'flexible';
  // A condition sees the transformed instance, property names and all, as class-validator's does.
  @ValidateIf((task: Task) => task.kind === 'fixed') @IsString() @Length(5, 5) slot?: string;
}

@Tool({ name: 'tasks.add', description: 'Add a task.' })
class AddTask {
  execute(@Input() task: Task): string {
    received = task;
    return 'added';
  }
}

class Hostile {
  @Transform(({ value }) => (typeof value === 'string' ? value.repeat(1_000_000) : value))
  @IsOptional()
  @IsString()
  grows?: string;
  @Transform(({ value }) => (typeof value === 'string' ? JSON.parse(value) : value)) @IsOptional() parsed?: unknown;
  @Transform(({ obj }) => (obj as { shared?: unknown }).shared) @IsOptional() @Expose() alias?: unknown;
  @IsOptional() shared?: unknown;
  @Transform(({ value }) => {
    transformCalls++;
    return (value as string).trim();
  })
  @IsOptional()
  @IsString()
  throws?: string;
}

@Tool({ name: 'hostile', description: 'Transforms on hostile input.' })
class HostileTool {
  execute(@Input() input: Hostile): string {
    received = input;
    return 'ok';
  }
}

async function registry(coerce = false) {
  return (
    await buildRegistry(
      toolsModule({ coerce, limits: { maxStringLength: 10_000 } }),
      toolset({ name: 't', tools: [AddTask, HostileTool], granted: PermissionSet.all() }),
    )
  ).registry;
}

async function issues(promise: Promise<unknown>): Promise<[string, string][]> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ToolValidationError);
  return (error as ToolValidationError).issues.map((i) => [i.path, i.constraint]);
}

const valid = { title: '  Write the report ', due_at: '2024-03-07T09:30:00Z' };

/**
 * What each @Transform makes of a count: a string, an array, an object of that many characters, items or keys, or
 * objects nested that deep.
 */
const made = (make: (n: number) => unknown) =>
  Transform(({ value }) => (typeof value === 'number' ? make(value) : value));
const nest = (n: number): unknown => (n === 0 ? {} : { a: nest(n - 1) });
const makers: Record<string, (n: number) => unknown> = {
  text: (n) => 'x'.repeat(n),
  list: (n) => Array.from({ length: n }, () => 1),
  keys: (n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 1])),
  deep: nest,
  deepInArray: (n) => [nest(n)],
};
const madeOf = (key: string, n: number) => makers[key]!(n);
/** Not plain data: a @Transform that makes it hands it on as it is. */
const authorsOwn = new Map([['a', 1]]);

class Made {
  @made(makers.text!) @IsOptional() text?: unknown;
  @made(makers.list!) @IsOptional() list?: unknown;
  @made(makers.keys!) @IsOptional() keys?: unknown;
  @made(nest) @IsOptional() deep?: unknown;
  @made(makers.deepInArray!) @IsOptional() deepInArray?: unknown;
  @made(() => [{ a: 1 }, 'y'.repeat(11)]) @IsOptional() itemThenLong?: unknown;
  @made(() => ({ a: { b: 1 }, c: 'y'.repeat(11) })) @IsOptional() keyThenLong?: unknown;
  @made(() => [{ a: 1 }, [1, 2, 3, 4]]) @IsOptional() itemThenList?: unknown;
  @made(() => JSON.parse('{"__proto__":{"polluted":1},"b":1}')) @IsOptional() proto?: unknown;
  @Transform(({ value }) => value) @IsOptional() same?: unknown;
  @made((n) => [new Date(n), authorsOwn]) @IsOptional() authored?: unknown;
  @Type(() => Date)
  @Transform(({ value }) => {
    transformCalls++;
    return value;
  })
  @IsOptional()
  @IsDate()
  when?: Date;
  @Transform((params) => {
    seenParams = params;
    return params.value;
  })
  @Expose({ name: 'on_wire' })
  @IsOptional()
  renamed?: unknown;
}

@Tool({ name: 'made', description: 'Values a @Transform makes.' })
class MadeTool {
  execute(@Input() input: Made): string {
    received = input;
    return 'ok';
  }
}

/** @Expose()d properties whose @Transforms run when their key is absent, as class-transformer runs them. */
class WhenAbsent {
  @Expose() @Transform(({ value }) => (value as string).trim()) @IsString() trimmed!: string;
  @Expose() @Transform(({ value }) => value ?? 5) @IsString() filled!: string;
  @Expose() @Transform(({ value }) => value) @IsOptional() @IsString() kept = 'default';
}

class HoldsWhenAbsent {
  @ValidateNested() @Type(() => WhenAbsent) inner!: WhenAbsent;
}

class CountedWhenAbsent extends WhenAbsent {
  @IsString() a!: string;
  @IsString() b!: string;
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsOptional()
  @Length(3, 3)
  padded?: string;
}

@Tool({ name: 'absent', description: 'Transforms on absent keys.' })
class AbsentTool {
  execute(@Input() input: HoldsWhenAbsent): string {
    received = input;
    return 'ok';
  }
}

@Tool({ name: 'absent.counted', description: 'Transforms on absent keys, past maxIssues.' })
class CountedAbsentTool {
  execute(@Input() input: CountedWhenAbsent): string {
    received = input;
    return 'ok';
  }
}

describe('class-transformer decorators on @Input DTOs', () => {
  it('show wire names, Dates as date-time strings, and no @Exclude()d property', async () => {
    const schema = (await registry()).definitions().find((d) => d.name === 'tasks.add')!.inputSchema as {
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(Object.keys(schema.properties)).toEqual([
      'title',
      'due_at',
      'plainOnly',
      'classOnly',
      'ids',
      'kind_of',
      'slot',
    ]);
    expect(schema.properties.due_at).toEqual({ type: 'string', format: 'date-time' });
    expect(schema.properties.ids).toEqual({ type: 'array', items: { type: 'integer' } });
    expect(schema.required).toEqual(['title', 'due_at']);
  });

  it('hand the handler the transformed instance: trimmed, a Date, property names, toClassOnly applied, toPlainOnly not', async () => {
    await expect(
      (await registry()).call('tasks.add', { ...valid, plainOnly: 'p', classOnly: 'c', ids: [1, 2], role: 'admin' }),
    ).resolves.toBe('added');
    const task = received as Task;
    expect(task).toBeInstanceOf(Task);
    expect(task.title).toBe('Write the report');
    expect(task.dueAt).toBeInstanceOf(Date);
    expect(task.dueAt.toISOString()).toBe('2024-03-07T09:30:00.000Z');
    expect(task.plainOnly).toBe('p');
    expect(task.classOnly).toBe('C');
    expect(task.ids).toEqual([1, 2]);
    // @Exclude(): accepted and ignored, as plainToInstance does.
    expect(task.role).toBe('user');
    expect(Object.keys(task)).not.toContain('due_at');
  });

  it('validate after transforming: "  ab " trims to 2 characters and fails @Length(3)', async () => {
    expect(await issues((await registry()).call('tasks.add', { ...valid, title: '  ab ' }))).toEqual([
      ['title', 'isLength'],
    ]);
  });

  it('take a Date only from an ISO 8601 date-time string, coercion on or off', async () => {
    for (const coerce of [false, true]) {
      const r = await registry(coerce);
      expect(await issues(r.call('tasks.add', { ...valid, due_at: 'next tuesday' }))).toEqual([['due_at', 'isDate']]);
      expect(await issues(r.call('tasks.add', { ...valid, due_at: 1_709_803_800_000 }))).toEqual([
        ['due_at', 'isDate'],
      ]);
      await expect(r.call('tasks.add', valid)).resolves.toBe('added');
    }
  });

  it('take a Date only from a real calendar date: months 01 to 12, days up to the last of the month, leap years included', async () => {
    const r = await registry();
    const date = async (due_at: string) => {
      const outcome = await r.dispatch('tasks.add', { ...valid, due_at });
      return outcome.ok ? 'ok' : outcome.error.issues!.map((i) => i.constraint).join();
    };
    for (const good of [
      '2024-02-29T00:00:00Z',
      '2024-01-31T23:59:59Z',
      '2024-12-01T00:00:00.123456789+02:00',
      '2024-04-30T12:00:00-05:30',
      '2024-03-07T09:30:00.5Z',
    ]) {
      expect([good, await date(good)]).toEqual([good, 'ok']);
    }
    // Refused by the conversion, by name, never turned into an Invalid Date for @IsDate to catch with its own words.
    for (const bad of [
      '2023-02-29T00:00:00Z',
      '2024-04-31T00:00:00Z',
      '2024-00-10T00:00:00Z',
      '2024-13-10T00:00:00Z',
      '2024-01-00T00:00:00Z',
      '2024-01-32T00:00:00Z',
    ]) {
      const outcome = await r.dispatch('tasks.add', { ...valid, due_at: bad });
      expect([bad, outcome.ok ? 'ok' : outcome.error.issues!.map((i) => [i.constraint, i.message])]).toEqual([
        bad,
        [['isDate', `due_at must be an ISO 8601 date-time string such as "2024-03-07T09:30:00Z", got "${bad}"`]],
      ]);
    }
  });

  it('take a Date from exactly the strings the date-time format takes: its other ISO 8601 forms up to 64 characters, and no near miss', async () => {
    const r = await registry();
    const date = async (due_at: string) => {
      received = undefined;
      const outcome = await r.dispatch('tasks.add', { ...valid, due_at });
      return outcome.ok ? (received as Task).dueAt.toISOString() : outcome.error.issues!.map((i) => i.message).join();
    };
    const fraction = (digits: number) => `2024-03-07T09:30:00.${'1'.repeat(digits)}Z`;
    expect(fraction(43)).toHaveLength(64);
    const good = [
      ['2024-03-07T09:30Z', '2024-03-07T09:30:00.000Z'],
      ['2024-03-07T09:30:00.1234567890Z', '2024-03-07T09:30:00.123Z'],
      ['2024-03-07T09:30:00+0200', '2024-03-07T07:30:00.000Z'],
      [fraction(43), '2024-03-07T09:30:00.111Z'],
      ['0100-01-01T00:00:00Z', '0100-01-01T00:00:00.000Z'],
    ];
    for (const [text, iso] of good) expect([text, await date(text!)]).toEqual([text, iso]);
    // Past the length, years before 0100 (which the format refuses), and one character off in each part of the common
    // form.
    expect(await date(fraction(44))).toBe(
      'due_at must be an ISO 8601 date-time string such as "2024-03-07T09:30:00Z", got a string of 65 characters',
    );
    const bad = [
      '0099-12-31T23:59:59Z',
      '0001-01-01T00:00:00Z',
      'x2024-03-07T09:30:00Z',
      '2024-03-07T09:30:00Zjunk',
      '2024-3-07T09:30:00Z',
      '2024-03-7T09:30:00Z',
      '2024-03-07T24:00:00Z',
      '2024-03-07T1x:00:00Z',
      '2024-03-07T09:60:00Z',
      '2024-03-07T09:3x:00Z',
      '2024-03-07T09:30:60Z',
      '2024-03-07T09:30:0xZ',
      '2024-03-07T09:30:00.xZ',
      '2024-03-07T09:30:00x02:00',
      '2024-03-07T09:30:00+24:00',
      '2024-03-07T09:30:00+0x:00',
      '2024-03-07T09:30:00+02:60',
      '2024-03-07T09:30:00+02:0x',
    ];
    for (const text of bad) {
      expect([text, await date(text)]).toEqual([
        text,
        `due_at must be an ISO 8601 date-time string such as "2024-03-07T09:30:00Z", got ${JSON.stringify(text)}`,
      ]);
    }
  });

  it('take a Date from a string exactly when a string argument of format date-time takes it (years, months, days, times and offsets)', async () => {
    @Tool({ name: 'when', description: 'x' })
    class When {
      execute(@Arg('at', { format: 'date-time' }) _at: string): string {
        return 'ok';
      }
    }
    const r = (
      await buildRegistry(toolsModule({}), toolset({ name: 'w', tools: [When, AddTask], granted: PermissionSet.all() }))
    ).registry;
    const verdicts: [string, boolean, boolean][] = [];
    for (const year of ['0000', '0001', '0004', '0099', '0100', '0400', '1900', '2000', '2023', '2024', '2100', '9999'])
      for (const month of ['00', '01', '02', '04', '12', '13'])
        for (const day of ['00', '01', '28', '29', '30', '31', '32'])
          for (const time of ['T00:00:00Z', 'T23:59:59.999999999+23:59', 'T12:30:00-00:00', 'T12:30:00.5']) {
            const text = `${year}-${month}-${day}${time}`;
            const asDate = await r.dispatch('tasks.add', { ...valid, due_at: text });
            const asString = await r.dispatch('when', { at: text });
            verdicts.push([text, asDate.ok, asString.ok]);
          }
    expect(verdicts.filter(([, asDate, asString]) => asDate !== asString)).toEqual([]);
    // Eight years from 0100 on, three of them leap years, with 16 real dates each (17 in a leap year), at four times of
    // day.
    expect(verdicts.filter(([, asDate]) => asDate).length).toBe((8 * 16 + 3) * 4);
  });

  it('leave a null to the checks: a null Date and a null among converted items are not converted', async () => {
    class Dated {
      @Type(() => Date) @IsDate({ each: true }) dates!: Date[];
      @IsOptional() @Type(() => Number) @IsInt({ each: true }) ids?: number[];
    }
    @Tool({ name: 'dated', description: 'x' })
    class DatedTool {
      execute(@Input() input: Dated): string {
        received = input;
        return 'ok';
      }
    }
    const r = (
      await buildRegistry(
        toolsModule({}),
        toolset({ name: 'd', tools: [DatedTool, AddTask], granted: PermissionSet.all() }),
      )
    ).registry;
    const messages = async (name: string, args: Record<string, unknown>) => {
      const outcome = await r.dispatch(name, args);
      return outcome.ok ? 'ok' : outcome.error.issues!.map((i) => `${i.path}: ${i.message} (${i.constraint})`);
    };
    expect(await messages('tasks.add', { ...valid, due_at: null })).toEqual([
      'due_at: due_at must be a Date instance (isDate)',
    ]);
    expect(await messages('dated', { dates: [null] })).toEqual([
      'dates[0]: each value in dates[0] must be a Date instance (isDate)',
    ]);
    expect(await messages('dated', { dates: ['2024-03-07T09:30:00Z'], ids: [1, null] })).toEqual([
      'ids[1]: each value in ids[1] must be an integer number (isInt)',
    ]);
    // An array inside the array is no string, whatever it holds.
    expect(await messages('dated', { dates: [['2024-03-07T09:30:00Z']] })).toEqual([
      'dates[0]: dates[0] must be an ISO 8601 date-time string such as "2024-03-07T09:30:00Z", got an array (isDate)',
    ]);
    expect(await messages('dated', { dates: ['2024-03-07T09:30:00Z', '2024-03-08T09:30:00Z'], ids: [1, 2] })).toBe(
      'ok',
    );
    expect((received as Dated).dates.map((d) => d.toISOString())).toEqual([
      '2024-03-07T09:30:00.000Z',
      '2024-03-08T09:30:00.000Z',
    ]);
    expect((received as Dated).ids).toEqual([1, 2]);
  });

  it('convert as class-transformer does: String(v), Number(v) and Boolean(v), item by item in an array', async () => {
    class Converted {
      @Type(() => String) @IsString() code!: string;
      @Type(() => Number) @IsNumber() amount!: number;
      @Type(() => Boolean) @IsBoolean() flag!: boolean;
      @Type(() => Boolean) @IsBoolean() off!: boolean;
      @Type(() => String) @IsString({ each: true }) codes!: string[];
      @Type(() => Boolean) @IsBoolean({ each: true }) flags!: boolean[];
    }
    @Tool({ name: 'converted', description: 'x' })
    class ConvertedTool {
      execute(@Input() input: Converted): string {
        received = input;
        return 'ok';
      }
    }
    const r = (
      await buildRegistry(toolsModule({}), toolset({ name: 'c', tools: [ConvertedTool], granted: PermissionSet.all() }))
    ).registry;
    await expect(
      r.call('converted', { code: 42, amount: '7.5', flag: 'no', off: 0, codes: [1, true], flags: [1, '', 'x'] }),
    ).resolves.toBe('ok');
    expect({ ...(received as Converted) }).toEqual({
      code: '42',
      amount: 7.5,
      flag: true,
      off: false,
      codes: ['1', 'true'],
      flags: [true, false, true],
    });
  });

  it('read only the keys the caller sends: an input key named like an object method (toString) is absent when not sent', async () => {
    class Labelled {
      @IsOptional() @IsString() @Expose({ name: 'toString' }) label?: string;
    }
    let got: Labelled | undefined;
    @Tool({ name: 'labelled', description: 'An input key named toString.' })
    class LabelledTool {
      execute(@Input() input: Labelled): string {
        got = input;
        return 'ok';
      }
    }
    const r = (await buildRegistry(toolset({ name: 'l', tools: [LabelledTool], granted: PermissionSet.all() })))
      .registry;
    expect(await r.dispatch('labelled', {})).toMatchObject({ ok: true, value: 'ok' });
    expect(got!.label).toBeUndefined();
    expect(await r.dispatch('labelled', { toString: 'sent' })).toMatchObject({ ok: true, value: 'ok' });
    expect(got!.label).toBe('sent');
  });

  it('name issues and unknown keys by the key the caller sends', async () => {
    const r = await registry();
    expect(await issues(r.call('tasks.add', { title: 'abc' }))).toEqual([['due_at', 'isDefined']]);
    expect(await issues(r.call('tasks.add', { ...valid, dueAt: valid.due_at }))).toEqual([
      ['dueAt', 'whitelistValidation'],
    ]);
    expect(await issues(r.call('tasks.add', { ...valid, kind_of: 'fixed', slot: 'x' }))).toEqual([
      ['slot', 'isLength'],
    ]);
    await expect(r.call('tasks.add', { ...valid, slot: 'x' })).resolves.toBe('added');
  });

  it.each([
    [
      'null',
      { slot: null },
      [
        ['slot', 'isLength'],
        ['slot', 'isString'],
      ],
    ],
    ['undefined', { slot: undefined }, [['slot', 'isDefined']]],
    ['a missing key', {}, [['slot', 'isDefined']]],
  ])(
    'read %s for a @ValidateIf() field whose condition holds as a value the checks need',
    async (_label, slot, expected) => {
      const r = await registry();
      expect(await issues(r.call('tasks.add', { ...valid, kind_of: 'fixed', ...slot }))).toEqual(expected);
      await expect(r.call('tasks.add', { ...valid, ...slot })).resolves.toBe('added');
      await expect(r.call('tasks.add', { ...valid, kind_of: 'fixed', slot: '09:30' })).resolves.toBe('added');
    },
  );

  it('bound what a @Transform returns: a huge string is refused, prototype keys are refused, shared objects are copied', async () => {
    const r = await registry();
    expect(await issues(r.call('hostile', { grows: 'abc' }))).toEqual([['grows', 'limit']]);
    expect(await issues(r.call('hostile', { parsed: '{"__proto__":{"polluted":1}}' }))).toEqual([
      ['parsed.__proto__', 'forbiddenKey'],
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const shared = { list: [1, 2] };
    await expect(r.call('hostile', { shared })).resolves.toBe('ok');
    const seen = received as Hostile;
    expect(seen.alias).toEqual(shared);
    expect(seen.alias).not.toBe(shared);
    (seen.alias as { list: number[] }).list.push(3);
    expect(shared.list).toEqual([1, 2]);
  });

  it('report a @Transform that throws as a bad value, and never run one on a value past the limits', async () => {
    const r = await registry();
    expect(await issues(r.call('hostile', { throws: 42 }))).toEqual([['throws', 'transform']]);
    const outcome = await r.dispatch('hostile', { throws: 42 });
    expect(outcome.ok ? [] : outcome.error.issues!.map((i) => i.message)).toEqual([
      'throws could not be read: its @Transform failed on 42; send a value of the type the schema gives',
    ]);
    transformCalls = 0;
    expect(await issues(r.call('hostile', { throws: 'x'.repeat(20_000) }))).toEqual([['throws', 'limit']]);
    expect(transformCalls).toBe(0);
  });

  it('leave out the checks and transforms given groups, as class-validator and plainToInstance do when called without groups', async () => {
    class Grouped {
      @IsInt({ groups: ['admin'] }) @IsString() name!: string;
      @Transform(({ value }) => `${value}!`, { groups: ['admin'] })
      @Transform(({ value }) => `${value}?`, { groups: [] })
      @IsString()
      note!: string;
    }
    let seen: unknown;
    @Tool({ name: 'grouped', description: 'x' })
    class GroupedTool {
      execute(@Input() input: Grouped): string {
        seen = input;
        return 'ok';
      }
    }
    const { registry: r } = await buildRegistry(
      toolset({ name: 'g', tools: [GroupedTool], granted: PermissionSet.all() }),
    );
    expect((r.definitions()[0]!.inputSchema as { properties: unknown }).properties).toEqual({
      name: { type: 'string' },
      note: { type: 'string' },
    });
    expect(await r.dispatch('grouped', { name: 'ada', note: 'n' })).toMatchObject({ ok: true });
    expect(seen).toEqual({ name: 'ada', note: 'n?' });
  });

  it('run a @Transform and a @Type given null options, as plainToInstance does', async () => {
    class NullOptions {
      @Transform(({ value }) => `${value}!`, null as never) @IsString() note!: string;
      @Type(() => Number, null as never) @IsInt() count!: number;
    }
    let seen: unknown;
    @Tool({ name: 'null.options', description: 'x' })
    class NullOptionsTool {
      execute(@Input() input: NullOptions): string {
        seen = input;
        return 'ok';
      }
    }
    const { registry: r } = await buildRegistry(
      toolset({ name: 'n', tools: [NullOptionsTool], granted: PermissionSet.all() }),
    );
    const payload = { note: 'n', count: '3' };
    expect(await r.dispatch('null.options', payload)).toMatchObject({ ok: true });
    expect(seen).toEqual({ note: 'n!', count: 3 });
    expect({ ...(seen as object) }).toEqual({ ...plainToInstance(NullOptions, payload) });
  });

  it.each([
    ['text', 9, 10, 11, 'text is too long after its @Transform (11 characters, more than the 10 allowed)', 'limit'],
    ['list', 2, 3, 4, 'list must have at most 3 items after its @Transform, got 4', 'limit'],
    ['keys', 3, 4, 5, 'keys has 5 keys after its @Transform, more than the 4 allowed', 'limit'],
    ['deep', 1, 2, 3, 'deep.a.a.a is nested more than 4 levels deep after its @Transform', 'maxDepth'],
    ['deepInArray', 0, 1, 2, 'deepInArray[0].a.a is nested more than 4 levels deep after its @Transform', 'maxDepth'],
  ])(
    'hold what a @Transform makes for %s to the limits: below, at, and above',
    async (key, below, at, above, message, constraint) => {
      const limits = { maxStringLength: 10, maxArrayLength: 3, maxProperties: 4, maxDepth: 4 };
      const r = (
        await buildRegistry(
          toolsModule({ limits }),
          toolset({ name: 'm', tools: [MadeTool], granted: PermissionSet.all() }),
        )
      ).registry;
      for (const n of [below, at]) {
        expect(await r.dispatch('made', { [key]: n })).toMatchObject({ ok: true, value: 'ok' });
        expect((received as Record<string, unknown>)[key]).toEqual(madeOf(key, n));
      }
      const outcome = await r.dispatch('made', { [key]: above });
      const path = message.slice(0, message.indexOf(' '));
      expect(outcome.ok ? [] : outcome.error.issues).toEqual([{ path, message, constraint }]);
    },
  );

  it('stop copying what a @Transform makes once past the total size, and look into the next item or key when the total is reached exactly', async () => {
    const made = async (maxTotalSize: number, key: string) => {
      const limits = { maxStringLength: 10, maxArrayLength: 3, maxTotalSize };
      const r = (
        await buildRegistry(
          toolsModule({ limits }),
          toolset({ name: 'm', tools: [MadeTool], granted: PermissionSet.all() }),
        )
      ).registry;
      const outcome = await r.dispatch('made', { [key]: 0 });
      return outcome.ok ? [] : outcome.error.issues!.map((i) => [i.path, i.constraint]);
    };
    const total = ['', 'maxTotalSize'];
    // The arguments with a number 36, the array 8, { a: 1 } 8 and its key 9: 61 before the long string, which is not
    // counted.
    expect(await made(62, 'itemThenLong')).toEqual([['itemThenLong[1]', 'limit']]);
    expect(await made(61, 'itemThenLong')).toEqual([['itemThenLong[1]', 'limit']]);
    expect(await made(60, 'itemThenLong')).toEqual([total]);
    // The same 61, then the array of 4 items 8: 69 before its length is looked at.
    expect(await made(69, 'itemThenList')).toEqual([['itemThenList[1]', 'limit']]);
    expect(await made(68, 'itemThenList')).toEqual([total]);
    // The arguments 35 (a shorter key), the object 8, key a 9, { b: 1 } 17: 69 before key c, 78 with it; its long
    // string is not counted.
    expect(await made(78, 'keyThenLong')).toEqual([['keyThenLong.c', 'limit']]);
    expect(await made(77, 'keyThenLong')).toEqual([total, ['keyThenLong.c', 'limit']]);
    expect(await made(69, 'keyThenLong')).toEqual([total, ['keyThenLong.c', 'limit']]);
    expect(await made(68, 'keyThenLong')).toEqual([total]);
  });

  it('refuse a prototype key a @Transform makes, by name, copying and counting nothing of it', async () => {
    const made = async (maxTotalSize: number) => {
      const r = (
        await buildRegistry(
          toolsModule({ limits: { maxTotalSize } }),
          toolset({ name: 'm', tools: [MadeTool], granted: PermissionSet.all() }),
        )
      ).registry;
      const outcome = await r.dispatch('made', { proto: 0 });
      return outcome.ok ? [] : outcome.error.issues;
    };
    const refused = {
      path: 'proto.__proto__',
      message: 'proto.__proto__ is a key that can reach a prototype (made by a @Transform); it is refused',
      constraint: 'forbiddenKey',
    };
    // The arguments 29, the object 8, key b 9: 46 in all.
    expect(await made(47)).toEqual([refused]);
    expect(await made(46)).toEqual([refused]);
    expect(await made(45)).toEqual([refused, expect.objectContaining({ path: '', constraint: 'maxTotalSize' })]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('give a @Transform what plainToInstance gives it: the value, the property name as key, the arguments as obj, PLAIN_TO_CLASS', async () => {
    const r = (await buildRegistry(toolset({ name: 'm', tools: [MadeTool], granted: PermissionSet.all() }))).registry;
    const args = { on_wire: { a: [1] }, text: 1 };
    expect(await r.dispatch('made', args)).toMatchObject({ ok: true, value: 'ok' });
    expect(seenParams).toEqual({
      value: { a: [1] },
      key: 'renamed',
      obj: args,
      type: TransformationType.PLAIN_TO_CLASS,
      options: {},
    });
    // The value it saw, and the one the handler gets, are copies of the caller's.
    expect(seenParams!.value).not.toBe(args.on_wire);
    expect((received as Made).renamed).toEqual({ a: [1] });
    expect((received as Made).renamed).not.toBe(args.on_wire);
  });

  it('hand on what a @Transform makes that is not plain data (a Date, a Map) as it is, inside a copied array', async () => {
    const r = (await buildRegistry(toolset({ name: 'm', tools: [MadeTool], granted: PermissionSet.all() }))).registry;
    expect(await r.dispatch('made', { authored: 86_400_000 })).toMatchObject({ ok: true, value: 'ok' });
    expect((received as Made).authored).toHaveLength(2);
    const [date, map] = (received as Made).authored as unknown[];
    expect(date).toBeInstanceOf(Date);
    expect((date as Date).toISOString()).toBe('1970-01-02T00:00:00.000Z');
    expect(map).toBe(authorsOwn);
  });

  it('count a value a @Transform returns as it is once: within the total size at the total, not past it', async () => {
    const made = async (maxTotalSize: number) => {
      const r = (
        await buildRegistry(
          toolsModule({ limits: { maxTotalSize } }),
          toolset({ name: 'm', tools: [MadeTool], granted: PermissionSet.all() }),
        )
      ).registry;
      const outcome = await r.dispatch('made', { same: { a: 1 } });
      return outcome.ok ? [] : outcome.error.issues!.map((i) => [i.path, i.constraint]);
    };
    // The arguments 8, "same" 12, the object 8, key a 9 and its number 8: 45.
    expect(await made(46)).toEqual([]);
    expect(await made(45)).toEqual([]);
    expect(await made(44)).toEqual([['', 'maxTotalSize']]);
  });

  it("run an @Expose()d property's @Transform when its key is absent: a failure named at its full path, a value it gives checked, no value keeping the default", async () => {
    const r = (await buildRegistry(toolset({ name: 'a', tools: [AbsentTool], granted: PermissionSet.all() }))).registry;
    const outcome = await r.dispatch('absent', { inner: {} });
    expect(outcome.ok ? [] : outcome.error.issues!.map((i) => [i.path, i.constraint])).toEqual([
      ['inner.trimmed', 'transform'],
      ['inner.filled', 'isString'],
    ]);
    expect(await r.dispatch('absent', { inner: { trimmed: ' t ', filled: 'f' } })).toMatchObject({ ok: true });
    expect({ ...(received as HoldsWhenAbsent).inner }).toEqual({ trimmed: 't', filled: 'f', kept: 'default' });
  });

  it('run no @Transform of a property that is not @Expose()d when its key is absent, as plainToInstance reads only the keys sent', async () => {
    class NotExposed {
      @IsString() name!: string;
      @Transform(({ value }) => (typeof value === 'string' ? value.toUpperCase() : (value ?? 'made')))
      @IsOptional()
      @IsString()
      filled?: string;
    }
    let seen: unknown;
    @Tool({ name: 'not.exposed', description: 'x' })
    class NotExposedTool {
      execute(@Input() input: NotExposed): string {
        seen = input;
        return 'ok';
      }
    }
    const { registry: r } = await buildRegistry(
      toolset({ name: 'a', tools: [NotExposedTool], granted: PermissionSet.all() }),
    );
    expect(await r.dispatch('not.exposed', { name: 'x' })).toMatchObject({ ok: true });
    expect({ ...(seen as object) }).toEqual({ name: 'x' });
    expect({ ...plainToInstance(NotExposed, { name: 'x' }) }).toEqual({ name: 'x' });
    expect(await r.dispatch('not.exposed', { name: 'x', filled: 'sent' })).toMatchObject({ ok: true });
    expect({ ...(seen as object) }).toEqual({ name: 'x', filled: 'SENT' });
  });

  it('count the problems of absent keys past maxIssues once each: a @Transform that failed, a value it gave that fails its check', async () => {
    const limits = { maxIssues: 1, maxStringLength: 3 };
    const r = (
      await buildRegistry(
        toolsModule({ limits }),
        toolset({ name: 'a', tools: [CountedAbsentTool], granted: PermissionSet.all() }),
      )
    ).registry;
    // a and b too long (found reading them), trimmed's @Transform fails on its absent key, filled's gives 5, no string.
    const outcome = await r.dispatch('absent.counted', { a: 'xxxx', b: 'xxxx' });
    expect(outcome.ok ? [] : outcome.error.issues!.map((i) => [i.path, i.message])).toEqual([
      ['a', 'a is too long (4 characters, more than the 3 allowed)'],
      ['', '…and 3 more problems not listed'],
    ]);
    // Past maxIssues a present value is still transformed before it is checked: " ab" trims to 2 characters, too short.
    const padded = await r.dispatch('absent.counted', { a: 'xxxx', b: 'xxxx', padded: ' ab' });
    expect(padded.ok ? [] : padded.error.issues!.map((i) => i.message)).toEqual([
      'a is too long (4 characters, more than the 3 allowed)',
      '…and 4 more problems not listed',
    ]);
  });

  it('run no @Transform on a value its @Type(() => Date) could not convert', async () => {
    const r = (await buildRegistry(toolset({ name: 'm', tools: [MadeTool], granted: PermissionSet.all() }))).registry;
    transformCalls = 0;
    expect(await issues(r.call('made', { when: 'next tuesday' }))).toEqual([['when', 'isDate']]);
    expect(transformCalls).toBe(0);
    await expect(r.call('made', { when: '2024-03-07T09:30:00Z' })).resolves.toBe('ok');
    expect(transformCalls).toBe(1);
  });

  it('skip the checks unless every @ValidateIf condition holds, and say word for word that a checked field is required', async () => {
    class Twig {
      @IsString() name!: string;
    }
    class Gated {
      @IsOptional() @IsString() kind?: string;
      @IsOptional() @IsString() tier?: string;
      @ValidateIf((g: Gated) => g.kind === 'fixed')
      @ValidateIf((g: Gated) => g.tier === 'paid')
      @IsString()
      slot?: string;
      @ValidateIf((g: Gated) => g.kind === 'fixed') @ValidateNested() @Type(() => Twig) twig?: Twig;
      // Passes on undefined, as class-validator's check does: absent, it is not required.
      @IsNotIn(['root']) alias?: string;
    }
    @Tool({ name: 'gated', description: 'Two conditions.' })
    class GatedTool {
      execute(@Input() _input: Gated): string {
        return 'ok';
      }
    }
    const r = (await buildRegistry(toolset({ name: 'g', tools: [GatedTool], granted: PermissionSet.all() }))).registry;
    await expect(r.call('gated', { kind: 'fixed', slot: 5 })).resolves.toBe('ok');
    await expect(r.call('gated', { tier: 'paid', slot: 5 })).resolves.toBe('ok');
    expect(await issues(r.call('gated', { kind: 'fixed', tier: 'paid', slot: 5 }))).toEqual([['slot', 'isString']]);
    const outcome = await r.dispatch('gated', { kind: 'fixed', tier: 'paid' });
    expect(outcome.ok ? [] : outcome.error.issues).toEqual([
      { path: 'slot', message: 'slot is required', constraint: 'isDefined' },
    ]);
    expect(await issues(r.call('gated', { alias: 'root' }))).toEqual([['alias', 'isNotIn']]);
  });

  it('name each wiring mistake of a DTO, word for word', async () => {
    class Leaf {
      @IsString() name!: string;
    }
    class Wired {
      @ValidateNested() untyped!: object;
      @IsString() @Expose({ name: 'same' }) first!: string;
      @IsString() @Expose({ name: 'same' }) second!: string;
      @IsString() @Expose({ groups: ['admin'] }) grouped!: string;
      @IsString() @Expose({ name: 'wire' }) @Exclude() both!: string;
      @IsString() @Expose({ name: 'constructor' }) renamed!: string;
      @Matches(42 as never) matched!: string;
      @IsInt()
      @Type(() => {
        throw new Error('too early');
      })
      early!: number;
      @ValidateNested() @Type(() => Leaf) leaf!: Leaf;
      // Its declared type is the nested class: no @Type needed. An array's is not.
      @ValidateNested() byDesign!: Leaf;
      @ValidateNested() listed!: Leaf[];
      @IsString() @Expose({ since: 1 }) since!: string;
      @IsString() @Expose({ until: 2 }) until!: string;
      // Exposed only to plain objects: its input key is its own name, not "same".
      @IsString() @Expose({ name: 'same', toPlainOnly: true }) plainOnly!: string;
    }
    @Exclude()
    class ExposeOnly {
      @Expose() @IsString() name!: string;
    }
    @Tool({ name: 'wired', description: 'x' })
    class WiredTool {
      execute(@Input() input: Wired): unknown {
        return input;
      }
    }
    @Tool({ name: 'expose.only', description: 'x' })
    class ExposeOnlyTool {
      execute(@Input() input: ExposeOnly): unknown {
        return input;
      }
    }
    const problems = await definitionProblems(
      toolset({ name: 'w', tools: [WiredTool, ExposeOnlyTool], granted: PermissionSet.all() }),
    );
    expect(problems).toEqual([
      'WiredTool.execute parameter #1: Wired.untyped: @ValidateNested() needs the nested class; add @Type(() => TheClass) from class-transformer',
      'WiredTool.execute parameter #1: Wired.grouped: @Expose with groups, since or until is not supported for tool input (a call has no groups or version); remove them',
      'WiredTool.execute parameter #1: Wired.both: it is both @Expose({ name }) and @Exclude(); keep one',
      'WiredTool.execute parameter #1: Wired.renamed: "constructor" cannot be an input key; choose another @Expose({ name })',
      'WiredTool.execute parameter #1: Wired.matched: @Matches needs a RegExp or a string pattern',
      'WiredTool.execute parameter #1: Wired.early: its @Type thunk threw (too early)',
      'WiredTool.execute parameter #1: Wired.listed: @ValidateNested() needs the nested class; add @Type(() => TheClass) from class-transformer',
      'WiredTool.execute parameter #1: Wired.since: @Expose with groups, since or until is not supported for tool input (a call has no groups or version); remove them',
      'WiredTool.execute parameter #1: Wired.until: @Expose with groups, since or until is not supported for tool input (a call has no groups or version); remove them',
      'WiredTool.execute parameter #1: Wired.second: its input key "same" is also another property\'s; give each @Expose({ name }) a name of its own',
      'ExposeOnlyTool.execute parameter #1: ExposeOnly: a class-level @Exclude() (expose only what is @Expose()d) is not supported for tool input; put @Exclude() on the properties the caller must not set instead',
    ]);
  });

  it('refuse what cannot be honoured, saying what to write instead', async () => {
    class Circle {
      @IsInt() radius!: number;
    }
    class Shapes {
      @ValidateNested()
      @Type(() => Circle, { discriminator: { property: 'kind', subTypes: [{ name: 'circle', value: Circle }] } })
      shape!: Circle;
      @ValidateNested() @Type(() => Circle) @Transform(({ value }) => value) other!: Circle;
      @IsDate() when!: Date;
    }
    @Tool({ name: 'shapes', description: 'x' })
    class ShapesTool {
      execute(@Input() input: Shapes): unknown {
        return input;
      }
    }
    const problems = await definitionProblems(
      toolset({ name: 's', tools: [ShapesTool], granted: PermissionSet.all() }),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Shapes.shape: @Type with a discriminator is not supported'),
        expect.stringContaining('Shapes.other: @Transform on a @ValidateNested() property is not supported'),
        expect.stringContaining('Shapes.when: @IsDate() checks a Date, but tool input is JSON'),
      ]),
    );
  });
});
