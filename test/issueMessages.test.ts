import { plainToInstance, Transform } from 'class-transformer';
import {
  IsDefined,
  IsIn,
  IsString,
  Length,
  NotEquals,
  registerDecorator,
  Validate,
  type ValidationOptions,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
  validate,
} from 'class-validator';
import { Arg, Input, PermissionSet, Tool, toolset, type ToolRegistry } from 'hermes-tools';
import { buildRegistry } from './support/buildRegistry.js';

const wide = {
  type: 'object',
  properties: Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`p${i}`, { type: 'number' }])),
  additionalProperties: false,
};

@Tool({ name: 'shapes', description: 'x' })
class Shapes {
  execute(
    @Arg('o', {
      type: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
      optional: true,
    })
    o?: object,
    @Arg('wide', { type: wide, optional: true }) w?: object,
  ): string {
    return `${String(o)}${String(w)}`;
  }
}

async function registry(): Promise<ToolRegistry> {
  return (await buildRegistry(toolset({ name: 't', tools: [Shapes], granted: PermissionSet.all() }))).registry;
}

async function failure(r: ToolRegistry, args: unknown) {
  const outcome = await r.dispatch('shapes', args);
  if (outcome.ok) throw new Error('expected a failure');
  return outcome.error;
}

describe('issue messages', () => {
  it('clip unknown key names, so one huge key cannot make a huge outcome', async () => {
    const key = 'k'.repeat(200_000);
    const error = await failure(await registry(), { o: { a: 'x', [key]: 1 }, [key]: 2 });
    expect(JSON.stringify(error).length).toBeLessThan(2_000);
    expect(error.issues!.map((i) => i.path)).toEqual([`${'k'.repeat(64)}…`, `o.${'k'.repeat(64)}…`]);
  });

  it('show a key of 64 characters whole, and clip one of 65', async () => {
    for (const [length, shown] of [
      [63, 'k'.repeat(63)],
      [64, 'k'.repeat(64)],
      [65, `${'k'.repeat(64)}…`],
    ] as const) {
      const error = await failure(await registry(), { o: { a: 'x', ['k'.repeat(length)]: 1 } });
      expect(error.issues!.map((i) => i.path)).toEqual([`o.${shown}`]);
    }
  });

  it('show the first 20 known names and count the rest', async () => {
    const narrow = {
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`p${i}`, { type: 'number' }])),
      additionalProperties: false,
    };
    @Tool({ name: 'narrow', description: 'x' })
    class Narrow {
      execute(
        @Arg('n', { type: narrow, optional: true }) n?: object,
        @Arg('m', {
          type: { ...narrow, properties: { ...narrow.properties, p20: { type: 'number' } } },
          optional: true,
        })
        m?: object,
      ): string {
        return `${String(n)}${String(m)}`;
      }
    }
    const { registry: r } = await buildRegistry(toolset({ name: 'n', tools: [Narrow], granted: PermissionSet.all() }));
    const names = Array.from({ length: 20 }, (_, i) => `p${i}`).join(', ');
    const messages = async (args: unknown) => {
      const outcome = await r.dispatch('narrow', args);
      return outcome.ok ? [] : outcome.error.issues!.map((i) => i.message);
    };
    expect(await messages({ n: { nope: 1 } })).toEqual([`n.nope is not a known property; remove it (known: ${names})`]);
    expect(await messages({ m: { nope: 1 } })).toEqual([
      `m.nope is not a known property; remove it (known: ${names}, …and 1 more)`,
    ]);
  });

  it('say "known: none" for an object that declares no property', async () => {
    @Tool({ name: 'closed', description: 'x' })
    class Closed {
      execute(
        @Arg('c', { type: { type: 'object', properties: {}, additionalProperties: false }, optional: true }) c?: object,
      ): string {
        return String(c);
      }
    }
    const { registry: r } = await buildRegistry(toolset({ name: 'c', tools: [Closed], granted: PermissionSet.all() }));
    const outcome = await r.dispatch('closed', { c: { nope: 1 } });
    expect(outcome.ok ? [] : outcome.error.issues!.map((i) => i.message)).toEqual([
      'c.nope is not a known property; remove it (known: none)',
    ]);
  });

  it('cap the list of known names they show', async () => {
    const error = await failure(await registry(), { wide: { nope: 1 } });
    expect(error.issues![0]!.message).toBe(
      `wide.nope is not a known property; remove it (known: ${Array.from({ length: 20 }, (_, i) => `p${i}`).join(', ')}, …and 80 more)`,
    );
  });

  it('describe a class instance as one, never "must be an object, got an object"', async () => {
    class Foo {
      a = 'x';
    }
    const r = await registry();
    expect((await failure(r, { o: new Foo() })).issues![0]!.message).toBe(
      'o must be an object, got an instance of Foo',
    );
    expect((await failure(r, { o: new Date(0) })).issues![0]!.message).toBe(
      'o must be an object, got an instance of Date',
    );
    expect((await failure(r, { o: new Map() })).issues![0]!.message).toBe(
      'o must be an object, got an instance of Map',
    );
  });

  it('describe an object whose prototype or constructor cannot be read, or whose class has no usable name, without throwing', async () => {
    const r = await registry();
    const got = async (value: unknown) => (await failure(r, { o: { a: value } })).issues![0]!.message;
    const noPrototype = new Proxy(
      {},
      {
        getPrototypeOf() {
          throw new Error('trap');
        },
      },
    );
    expect(await got({})).toBe('o.a must be a string, got an object');
    expect(await got(Object.create(null))).toBe('o.a must be a string, got an object');
    expect(await got(noPrototype)).toBe('o.a must be a string, got an object that cannot be read');
    const noConstructor = Object.create(
      new Proxy(
        {},
        {
          get() {
            throw new Error('trap');
          },
        },
      ),
    ) as object;
    expect(await got(noConstructor)).toBe('o.a must be a string, got an object with a prototype of its own');
    class Unnamed {}
    Object.defineProperty(Unnamed, 'name', { value: '' });
    expect(await got(new Unnamed())).toBe('o.a must be a string, got an object with a prototype of its own');
    class Long {}
    Object.defineProperty(Long, 'name', { value: 'L'.repeat(65) });
    expect(await got(new Long())).toBe(`o.a must be a string, got an instance of ${'L'.repeat(64)}…`);
  });

  it('describe what was received by its kind, quoting only scalars and strings of at most 40 characters', async () => {
    const r = await registry();
    const got = async (args: unknown) =>
      (await failure(r, args)).issues![0]!.message.replace('the arguments must be an object, got ', '');
    expect(await got(null)).toBe('null');
    expect(await got([])).toBe('an array');
    expect(await got(undefined)).toBe('nothing');
    expect(await got('a')).toBe('"a"');
    expect(await got('x'.repeat(39))).toBe(`"${'x'.repeat(39)}"`);
    expect(await got('x'.repeat(40))).toBe(`"${'x'.repeat(40)}"`);
    expect(await got('x'.repeat(41))).toBe('a string of 41 characters');
    expect(await got(1.5)).toBe('1.5');
    expect(await got(false)).toBe('false');
    expect(await got(10n)).toBe('a bigint');
    expect(await got(Symbol('s'))).toBe('a symbol');
    expect(await got(() => 1)).toBe('a function');
    expect(await got(Object.create(Object.create(null) as object) as object)).toBe(
      'an object with a prototype of its own',
    );
    expect(await got(Object.create({ constructor: { name: 'NotAClass' } }) as object)).toBe(
      'an object with a prototype of its own',
    );
  });

  it('describe a result that does not match its declared output by kind and size only, never quoting it', async () => {
    let result: unknown;
    @Tool({ name: 'declared', description: 'x', output: { type: 'object' } })
    class Declared {
      execute(): unknown {
        return result;
      }
    }
    const { registry: r } = await buildRegistry(
      toolset({ name: 'd', tools: [Declared], granted: PermissionSet.all() }),
    );
    const got = async (value: unknown) => {
      result = value;
      const outcome = await r.dispatch('declared', {});
      if (outcome.ok) throw new Error('expected a failure');
      return outcome.error.issues![0]!.message;
    };
    expect(await got('a')).toBe('the result must be an object, got a string of 1 character');
    expect(await got('secret')).toBe('the result must be an object, got a string of 6 characters');
    expect(await got(42)).toBe('the result must be an object, got a number');
    expect(await got(true)).toBe('the result must be an object, got a boolean');
    expect(await got(null)).toBe('the result must be an object, got null');
  });

  it('take a result string of 4 characters or more out of a DTO message function, and show a shorter one (no secret is that short) or a value that is not a string', async () => {
    class Named {
      @IsIn(['ok'], { message: (args) => `${String(args.value)} is taken` }) name!: string;
      @IsIn(['ok'], { message: '$property is $value' }) label!: string;
    }
    let result: unknown;
    @Tool({ name: 'named', description: 'x', output: Named })
    class NamedTool {
      execute(): unknown {
        return result;
      }
    }
    const { registry: r } = await buildRegistry(
      toolset({ name: 'n', tools: [NamedTool], granted: PermissionSet.all() }),
    );
    const got = async (name: unknown) => {
      result = { name, label: name };
      const outcome = await r.dispatch('named', {});
      if (outcome.ok) throw new Error('expected a failure');
      return outcome.error.issues!.map((issue) => issue.message);
    };
    expect(await got('abc')).toEqual(['abc is taken', 'label is a string of 3 characters']);
    expect(await got('abcd')).toEqual(['a string of 4 characters is taken', 'label is a string of 4 characters']);
    expect(await got('abcde')).toEqual(['a string of 5 characters is taken', 'label is a string of 5 characters']);
    // Only a string is taken out: a message function's text for any other value is left as it is.
    expect(await got(null)).toEqual(['null is taken', 'label is null']);
  });
});

describe('issue paths: a key of 64 characters', () => {
  it('is never cut, even where redaction makes it longer', async () => {
    const key = 'https://user:hunter22@example.com/'.padEnd(64, 'k');
    expect(key).toHaveLength(64);
    const error = await (await registry()).call('shapes', { o: { a: 'x', [key]: 1 } }).catch((e: unknown) => e);
    // A ToolValidationError's issues are redacted, paths included: the password goes, the key is shown whole.
    expect(error).toMatchObject({ code: 'invalid_input' });
    const redacted = `o.https://user:[redacted]@example.com/${'k'.repeat(30)}`;
    expect((error as { issues: { path: string }[] }).issues.map((i) => i.path)).toEqual([redacted]);
  });
});

/** The issues of calling a tool that takes `dto` with `args`, as `path | constraint | message`. */
async function dtoIssues(dto: Function, args: unknown): Promise<string[]> {
  @Tool({ name: 'dto', description: 'x' })
  class DtoTool {
    execute(@Input() _input: object): string {
      return 'ok';
    }
  }
  Reflect.defineMetadata('design:paramtypes', [dto], DtoTool.prototype, 'execute');
  const { registry: r } = await buildRegistry(toolset({ name: 'd', tools: [DtoTool], granted: PermissionSet.all() }));
  const outcome = await r.dispatch('dto', args);
  return outcome.ok ? [] : outcome.error.issues!.map((i) => `${i.path} | ${i.constraint} | ${i.message}`);
}

describe('DTO issue messages', () => {
  it('word a default message as class-validator does: $constraint1 lists joined with ", ", every $constraintN replaced, an empty message meaning the default, a null for @IsDefined', async () => {
    class Worded {
      @IsIn(['a', 'b']) kind!: string;
      @Length(2, 3, { message: '$property takes $constraint1 to $constraint2 characters (at least $constraint1)' })
      code!: string;
      @IsString({ message: '' }) name!: string;
      @IsDefined() present!: unknown;
    }
    const args = { kind: 'c', code: 'x', name: 1, present: null };
    const messages = [
      'kind must be one of the following values: a, b',
      'code takes 2 to 3 characters (at least 2)',
      'name must be a string',
      'present should not be null or undefined',
    ];
    expect(await dtoIssues(Worded, args)).toEqual([
      `kind | isIn | ${messages[0]}`,
      `code | isLength | ${messages[1]}`,
      `name | isString | ${messages[2]}`,
      `present | isDefined | ${messages[3]}`,
    ]);
    expect((await validate(plainToInstance(Worded, args))).flatMap((e) => Object.values(e.constraints ?? {}))).toEqual(
      messages,
    );
  });

  it('word a custom constraint that has no message of its own by the name it is reported under', async () => {
    @ValidatorConstraint({ name: 'isPalindrome' })
    class IsPalindrome implements ValidatorConstraintInterface {
      validate(value: unknown): boolean {
        return typeof value === 'string' && [...value].reverse().join('') === value;
      }
    }
    class Unregistered implements ValidatorConstraintInterface {
      validate(value: unknown): boolean {
        return value === 'ok';
      }
    }
    class NoMessage implements ValidatorConstraintInterface {
      validate(value: unknown): boolean {
        return value === 'ok';
      }
    }
    function IsShort(options?: ValidationOptions) {
      return (target: object, propertyName: string) =>
        registerDecorator({
          name: 'isShort',
          target: target.constructor,
          propertyName,
          options,
          validator: { validate: (v: unknown) => typeof v === 'string' && v.length < 3 },
        });
    }
    function IsOk(options?: ValidationOptions) {
      return (target: object, propertyName: string) =>
        registerDecorator({ name: 'isOk', target: target.constructor, propertyName, options, validator: NoMessage });
    }
    class Checked {
      @Validate(IsPalindrome) word!: string;
      @Validate(Unregistered) plain!: string;
      @IsShort() short!: string;
      @IsOk() ok!: string;
    }
    expect(await dtoIssues(Checked, { word: 'abc', plain: 'no', short: 'long', ok: 'no' })).toEqual([
      'word | isPalindrome | word failed the isPalindrome constraint',
      'plain | customValidation | plain failed the customValidation constraint',
      'short | isShort | short failed the isShort constraint',
      'ok | isOk | ok failed the isOk constraint',
    ]);
  });

  it('require a property whose check fails or throws on nothing, run with its declared constraints, and leave optional one that passes', async () => {
    @ValidatorConstraint({ name: 'longEnough' })
    class LongEnough implements ValidatorConstraintInterface {
      validate(value: string): boolean {
        return value.length >= 3;
      }
    }
    class Account {
      @Validate(LongEnough) handle!: string;
      @NotEquals('admin') role?: string;
    }
    expect(await dtoIssues(Account, {})).toEqual(['handle | isDefined | handle is required']);
    expect(await dtoIssues(Account, { handle: 'abc' })).toEqual([]);
    expect(await dtoIssues(Account, { handle: 'abc', role: 'admin' })).toEqual([
      'role | notEquals | role should not be equal to admin',
    ]);
  });

  it('show $value in an input message as JSON, a string of more than 40 characters cut to 40', async () => {
    class Quoted {
      @IsIn(['ok'], { message: '$property got $value' }) v!: unknown;
      @Transform(() => Symbol('tag')) @IsIn(['ok'], { message: '$property got $value' }) made!: unknown;
    }
    const shown = async (v: unknown) => (await dtoIssues(Quoted, { v, made: 'ok' }))[0];
    expect(await shown('x'.repeat(39))).toBe(`v | isIn | v got ${'x'.repeat(39)}`);
    expect(await shown('x'.repeat(40))).toBe(`v | isIn | v got ${'x'.repeat(40)}`);
    expect(await shown('x'.repeat(41))).toBe(`v | isIn | v got ${'x'.repeat(40)}…`);
    expect(await shown({ a: [1, 'b'] })).toBe('v | isIn | v got {"a":[1,"b"]}');
    expect(await shown(12)).toBe('v | isIn | v got 12');
    expect(await dtoIssues(Quoted, { v: 'ok', made: 'ok' })).toEqual(['made | isIn | made got Symbol(tag)']);
  });

  it('show $value that JSON cannot write (a BigInt a @Transform made) as its type', async () => {
    class Big {
      @Transform(() => 10n) @IsIn(['ok'], { message: '$property got $value' }) big!: unknown;
    }
    expect(await dtoIssues(Big, { big: 'ok' })).toEqual(['big | isIn | big got bigint']);
  });
});
