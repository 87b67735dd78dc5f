import { Exclude, Expose, Transform, Type } from 'class-transformer';
import { IsBoolean, IsDate, IsIn, IsInt, IsNumber, IsOptional, IsString, Length, Matches, ValidateIf, ValidateNested } from 'class-validator';
import { Arg, Input, PermissionSet, Tool, toolset, toolsModule, ToolValidationError } from 'hermes-tools';
import { buildRegistry, definitionProblems } from './support/buildRegistry.js';

let received: unknown;
let transformCalls = 0;

class Task {
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value)) @IsString() @Length(3, 120) title!: string;
  @Type(() => Date) @IsDate() @Expose({ name: 'due_at' }) dueAt!: Date;
  @Transform(({ value }) => `${value}!`, { toPlainOnly: true }) @IsOptional() @IsString() plainOnly?: string;
  @Transform(({ value }) => (typeof value === 'string' ? value.toUpperCase() : value), { toClassOnly: true }) @IsOptional() @IsString() classOnly?: string;
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
  @Transform(({ value }) => (typeof value === 'string' ? value.repeat(1_000_000) : value)) @IsOptional() @IsString() grows?: string;
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
  return (await buildRegistry(toolsModule({ coerce, limits: { maxStringLength: 10_000 } }), toolset({ name: 't', tools: [AddTask, HostileTool], granted: PermissionSet.all() })))
    .registry;
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

describe('class-transformer decorators on @Input DTOs', () => {
  it('show wire names, Dates as date-time strings, and no @Exclude()d property', async () => {
    const schema = (await registry()).definitions().find((d) => d.name === 'tasks.add')!.inputSchema as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(schema.properties)).toEqual(['title', 'due_at', 'plainOnly', 'classOnly', 'ids', 'kind_of', 'slot']);
    expect(schema.properties.due_at).toEqual({ type: 'string', format: 'date-time' });
    expect(schema.properties.ids).toEqual({ type: 'array', items: { type: 'integer' } });
    expect(schema.required).toEqual(['title', 'due_at']);
  });

  it('hand the handler the transformed instance: trimmed, a Date, property names, toClassOnly applied, toPlainOnly not', async () => {
    await expect((await registry()).call('tasks.add', { ...valid, plainOnly: 'p', classOnly: 'c', ids: [1, 2], role: 'admin' })).resolves.toBe('added');
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
    expect(await issues((await registry()).call('tasks.add', { ...valid, title: '  ab ' }))).toEqual([['title', 'isLength']]);
  });

  it('take a Date only from an ISO 8601 date-time string, coercion on or off', async () => {
    for (const coerce of [false, true]) {
      const r = await registry(coerce);
      expect(await issues(r.call('tasks.add', { ...valid, due_at: 'next tuesday' }))).toEqual([['due_at', 'isDate']]);
      expect(await issues(r.call('tasks.add', { ...valid, due_at: 1_709_803_800_000 }))).toEqual([['due_at', 'isDate']]);
      await expect(r.call('tasks.add', valid)).resolves.toBe('added');
    }
  });

  it('take a Date only from a real calendar date: months 01 to 12, days up to the last of the month, leap years included', async () => {
    const r = await registry();
    const date = async (due_at: string) => {
      const outcome = await r.dispatch('tasks.add', { ...valid, due_at });
      return outcome.ok ? 'ok' : outcome.error.issues!.map((i) => i.constraint).join();
    };
    for (const good of ['2024-02-29T00:00:00Z', '2024-01-31T23:59:59Z', '2024-12-01T00:00:00.123456789+02:00', '2024-04-30T12:00:00-05:30', '2024-03-07T09:30:00.5Z']) {
      expect([good, await date(good)]).toEqual([good, 'ok']);
    }
    // Refused by the conversion, by name, never turned into an Invalid Date for @IsDate to catch with its own words.
    for (const bad of ['2023-02-29T00:00:00Z', '2024-04-31T00:00:00Z', '2024-00-10T00:00:00Z', '2024-13-10T00:00:00Z', '2024-01-00T00:00:00Z', '2024-01-32T00:00:00Z']) {
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
    // Past the length, years before 0100 (which the format refuses), and one character off in each part of the common form.
    expect(await date(fraction(44))).toBe('due_at must be an ISO 8601 date-time string such as "2024-03-07T09:30:00Z", got a string of 65 characters');
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
      expect([text, await date(text)]).toEqual([text, `due_at must be an ISO 8601 date-time string such as "2024-03-07T09:30:00Z", got ${JSON.stringify(text)}`]);
    }
  });

  it('take a Date from a string exactly when a string argument of format date-time takes it (years, months, days, times and offsets)', async () => {
    @Tool({ name: 'when', description: 'x' })
    class When {
      execute(@Arg('at', { format: 'date-time' }) _at: string): string {
        return 'ok';
      }
    }
    const r = (await buildRegistry(toolsModule({}), toolset({ name: 'w', tools: [When, AddTask], granted: PermissionSet.all() }))).registry;
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
    // Eight years from 0100 on, three of them leap years, with 16 real dates each (17 in a leap year), at four times of day.
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
    const r = (await buildRegistry(toolsModule({}), toolset({ name: 'd', tools: [DatedTool, AddTask], granted: PermissionSet.all() }))).registry;
    const messages = async (name: string, args: Record<string, unknown>) => {
      const outcome = await r.dispatch(name, args);
      return outcome.ok ? 'ok' : outcome.error.issues!.map((i) => `${i.path}: ${i.message} (${i.constraint})`);
    };
    expect(await messages('tasks.add', { ...valid, due_at: null })).toEqual(['due_at: due_at must be a Date instance (isDate)']);
    expect(await messages('dated', { dates: [null] })).toEqual(['dates[0]: each value in dates[0] must be a Date instance (isDate)']);
    expect(await messages('dated', { dates: ['2024-03-07T09:30:00Z'], ids: [1, null] })).toEqual(['ids[1]: each value in ids[1] must be an integer number (isInt)']);
    // An array inside the array is no string, whatever it holds.
    expect(await messages('dated', { dates: [['2024-03-07T09:30:00Z']] })).toEqual([
      'dates[0]: dates[0] must be an ISO 8601 date-time string such as "2024-03-07T09:30:00Z", got an array (isDate)',
    ]);
    expect(await messages('dated', { dates: ['2024-03-07T09:30:00Z', '2024-03-08T09:30:00Z'], ids: [1, 2] })).toBe('ok');
    expect((received as Dated).dates.map((d) => d.toISOString())).toEqual(['2024-03-07T09:30:00.000Z', '2024-03-08T09:30:00.000Z']);
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
    const r = (await buildRegistry(toolsModule({}), toolset({ name: 'c', tools: [ConvertedTool], granted: PermissionSet.all() }))).registry;
    await expect(r.call('converted', { code: 42, amount: '7.5', flag: 'no', off: 0, codes: [1, true], flags: [1, '', 'x'] })).resolves.toBe('ok');
    expect({ ...(received as Converted) }).toEqual({ code: '42', amount: 7.5, flag: true, off: false, codes: ['1', 'true'], flags: [true, false, true] });
  });

  it('name issues and unknown keys by the key the caller sends', async () => {
    const r = await registry();
    expect(await issues(r.call('tasks.add', { title: 'abc' }))).toEqual([['due_at', 'isDefined']]);
    expect(await issues(r.call('tasks.add', { ...valid, dueAt: valid.due_at }))).toEqual([['dueAt', 'whitelistValidation']]);
    expect(await issues(r.call('tasks.add', { ...valid, kind_of: 'fixed', slot: 'x' }))).toEqual([['slot', 'isLength']]);
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
  ])('read %s for a @ValidateIf() field whose condition holds as a value the checks need', async (_label, slot, expected) => {
    const r = await registry();
    expect(await issues(r.call('tasks.add', { ...valid, kind_of: 'fixed', ...slot }))).toEqual(expected);
    await expect(r.call('tasks.add', { ...valid, ...slot })).resolves.toBe('added');
    await expect(r.call('tasks.add', { ...valid, kind_of: 'fixed', slot: '09:30' })).resolves.toBe('added');
  });

  it('bound what a @Transform returns: a huge string is refused, prototype keys are refused, shared objects are copied', async () => {
    const r = await registry();
    expect(await issues(r.call('hostile', { grows: 'abc' }))).toEqual([['grows', 'limit']]);
    expect(await issues(r.call('hostile', { parsed: '{"__proto__":{"polluted":1}}' }))).toEqual([['parsed.__proto__', 'forbiddenKey']]);
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
    transformCalls = 0;
    expect(await issues(r.call('hostile', { throws: 'x'.repeat(20_000) }))).toEqual([['throws', 'limit']]);
    expect(transformCalls).toBe(0);
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
    const problems = await definitionProblems(toolset({ name: 'w', tools: [WiredTool, ExposeOnlyTool], granted: PermissionSet.all() }));
    expect(problems).toEqual([
      'WiredTool.execute parameter #1: Wired.untyped: @ValidateNested() needs the nested class; add @Type(() => TheClass) from class-transformer',
      'WiredTool.execute parameter #1: Wired.grouped: @Expose with groups, since or until is not supported for tool input (a call has no groups or version); remove them',
      'WiredTool.execute parameter #1: Wired.both: it is both @Expose({ name }) and @Exclude(); keep one',
      'WiredTool.execute parameter #1: Wired.renamed: "constructor" cannot be an input key; choose another @Expose({ name })',
      'WiredTool.execute parameter #1: Wired.matched: @Matches needs a RegExp or a string pattern',
      'WiredTool.execute parameter #1: Wired.early: its @Type thunk threw (too early)',
      'WiredTool.execute parameter #1: Wired.second: its input key "same" is also another property\'s; give each @Expose({ name }) a name of its own',
      'ExposeOnlyTool.execute parameter #1: ExposeOnly: a class-level @Exclude() (expose only what is @Expose()d) is not supported for tool input; put @Exclude() on the properties the caller must not set instead',
    ]);
  });

  it('refuse what cannot be honoured, saying what to write instead', async () => {
    class Circle {
      @IsInt() radius!: number;
    }
    class Shapes {
      @ValidateNested() @Type(() => Circle, { discriminator: { property: 'kind', subTypes: [{ name: 'circle', value: Circle }] } }) shape!: Circle;
      @ValidateNested() @Type(() => Circle) @Transform(({ value }) => value) other!: Circle;
      @IsDate() when!: Date;
    }
    @Tool({ name: 'shapes', description: 'x' })
    class ShapesTool {
      execute(@Input() input: Shapes): unknown {
        return input;
      }
    }
    const problems = await definitionProblems(toolset({ name: 's', tools: [ShapesTool], granted: PermissionSet.all() }));
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Shapes.shape: @Type with a discriminator is not supported'),
        expect.stringContaining('Shapes.other: @Transform on a @ValidateNested() property is not supported'),
        expect.stringContaining('Shapes.when: @IsDate() checks a Date, but tool input is JSON'),
      ]),
    );
  });
});
