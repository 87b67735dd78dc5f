import { injectable, inject } from 'inversify';
import { IsDate, IsInt, IsOptional, IsString, Matches, ValidateNested } from 'class-validator';
import { Exclude, Expose, Transform, Type } from 'class-transformer';
import {
  Arg,
  type ArgOptions,
  Ctx,
  type DefinitionProblem,
  Example,
  Input,
  Permissions,
  PermissionSet,
  Tool,
  ToolDefinitionError,
  toolset,
  type ToolContext,
} from 'hermes-tools';
import { buildRegistry, definitionProblems } from './support/buildRegistry.js';

const NEEDS_DESCRIPTION =
  "@Tool needs a description, which is what the model reads to choose the tool: give { description }, or write it as the method's JSDoc comment and give the registry the module hermes-tools typegen writes (toolsModule({ types }))";

class NoteInput {
  @IsString() text!: string;
}

class Undecorated {
  text!: string;
}

@Tool({ name: '', description: '' })
class Nameless {
  execute(): string {
    return '';
  }
}

@Tool({ name: '9 bad name!', description: 'x', version: 'one', deprecated: true as unknown as string })
@Permissions('*:read', 'fs')
class BadOptions {
  execute(): string {
    return '';
  }
}

@Tool({ name: 'bad.params', description: 'Parameters reflection cannot read.' })
class BadParams {
  execute(
    @Arg('union') union: string | number,
    @Arg('list') list: string[],
    undecorated: string,
    @Arg('record') record: Record<string, string>,
    @Ctx() ctx: ToolContext,
  ): string {
    return `${union}${list}${undecorated}${String(record)}${ctx.tool}`;
  }
}

@Tool({ name: 'bad.example', description: 'An example that fails its own validation.', deprecated: 'Old.' })
@Example({ description: 'Wrong type', input: { count: 'three' } })
class BadExample {
  execute(@Arg('count', { integer: true }) count: number): number {
    return count;
  }
}

// Validators are compiled on a tool's first call, but its examples are checked when the registry is built, output too.
@Tool({
  name: 'bad.output_example',
  description: 'An example whose output does not match the declared output.',
  output: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'], additionalProperties: false },
})
@Example({ description: 'Wrong output', input: { count: 1 }, output: { n: 'one' } })
class BadOutputExample {
  execute(@Arg('count', { integer: true }) count: number): { n: number } {
    return { n: count };
  }
}

@Tool({ name: 'mixed', description: 'Mixes @Input and @Arg.' })
class Mixed {
  execute(@Input() input: NoteInput, @Arg('other') other: string): string {
    return input.text + other;
  }
}

@Tool({ name: 'undecorated.dto', description: 'A DTO without class-validator decorators.' })
class UndecoratedDto {
  execute(@Input() input: Undecorated): string {
    return input.text;
  }
}

@Tool({ name: 'dup', description: 'First.' })
class DupA {
  execute(): string {
    return 'a';
  }
}

@Tool({ name: 'dup', description: 'Second.' })
class DupB {
  execute(): string {
    return 'b';
  }
}

@injectable()
class MissingDependency {}

@Tool({ name: 'needs.dep', description: 'Needs an unbound service.' })
class NeedsDep {
  constructor(@inject(MissingDependency) readonly dep: MissingDependency) {}
  execute(): string {
    return 'x';
  }
}

class NotATool {
  execute(): string {
    return 'x';
  }
}

// What esbuild, tsx and vite emit: the decorators run, but no design:paramtypes.
class NoMetadata {
  execute(path: string): string {
    return path;
  }
}
Tool({ name: 'no.metadata', description: 'Compiled without decorator metadata.' })(NoMetadata);
Arg('path')(NoMetadata.prototype, 'execute', 0);

describe('wiring mistakes', () => {
  it('fail when the registry is built, all at once, in one ToolDefinitionError', async () => {
    const problems = await definitionProblems(
      toolset({
        name: 'a',
        tools: [
          Nameless,
          BadOptions,
          BadParams,
          BadExample,
          BadOutputExample,
          Mixed,
          UndecoratedDto,
          DupA,
          NotATool,
          NoMetadata,
        ],
      }),
      toolset({ name: 'b', tools: [DupB] }),
    );
    const expected = [
      'Nameless.execute: @Tool needs a name',
      'Nameless.execute: @Tool needs a description',
      'BadOptions.execute: tool name "9 bad name!" must match',
      'BadOptions.execute: version "one" is not a semantic version',
      'BadOptions.execute: deprecated must be a sentence saying what to use instead, not true',
      'BadOptions.execute: @Permissions: "*:read" is not allowed',
      'BadOptions.execute: @Permissions: "fs" is not of the form "domain:action"',
      "BadParams.execute @Arg('union'): reflection cannot tell its type",
      "BadParams.execute @Arg('list'): is an array, and reflection cannot see its element type; add { items: String }",
      'BadParams.execute parameter #3 (String): has no @Arg(name), @Input() or @Ctx()',
      "BadParams.execute @Arg('record'): reflection cannot tell its type",
      'BadExample.execute: deprecated "Old." is not a sentence',
      'BadExample.execute: @Example #1 ("Wrong type") does not pass the tool\'s own validation: count must be an integer, got "three"',
      'BadOutputExample.execute: @Example #1 ("Wrong output") has an output that does not match the declared output: n must be an integer, got a string of 3 characters',
      'Mixed.execute: mixes @Input() with @Arg()',
      'UndecoratedDto.execute parameter #1: Undecorated has no class-validator decorators',
      'NotATool: is listed in a toolset but has no @Tool, @Resource, @ResourceTemplate or @Prompt decorator',
      'NoMetadata.execute: has no design:paramtypes metadata, and no entry in a type manifest, so parameter types cannot be read. Run hermes-tools typegen',
      'DupB.execute: tool name "dup" is already used by DupA.execute in toolset "a"',
    ];
    for (const start of expected) expect(problems).toContainEqual(expect.stringContaining(start));
    expect(problems).toHaveLength(expected.length);
  });

  it('name a dependency the container cannot provide', async () => {
    const problems = await definitionProblems(toolset({ name: 'a', tools: [NeedsDep] }));
    expect(problems).toEqual([
      expect.stringMatching(/^NeedsDep: the container could not create it \(are its dependencies bound\?\)/),
    ]);
  });

  it('are a ToolError with code invalid_definition and a readable message', async () => {
    const error = await buildRegistry(toolset({ name: 'a', tools: [Nameless] })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolDefinitionError);
    expect(error).toMatchObject({ code: 'invalid_definition', retryable: false });
    expect((error as Error).message).toBe(
      `hermes-tools found 2 problems in the tool definitions:\n- Nameless.execute: @Tool needs a name\n- Nameless.execute: ${NEEDS_DESCRIPTION}`,
    );
  });

  it('carry each problem as data too: where, a stable code, and the message', async () => {
    const error = (await buildRegistry(toolset({ name: 'a', tools: [Nameless] })).catch(
      (e: unknown) => e,
    )) as ToolDefinitionError;
    expect(error.details).toEqual([
      { where: 'Nameless.execute', code: 'missing_name', message: '@Tool needs a name' },
      {
        where: 'Nameless.execute',
        code: 'missing_description',
        message: NEEDS_DESCRIPTION,
      },
    ]);
    const duplicate = (await buildRegistry(
      toolset({ name: 'a', tools: [DupA] }),
      toolset({ name: 'a', tools: [] }),
    ).catch((e: unknown) => e)) as ToolDefinitionError;
    expect(duplicate.details).toEqual([
      { where: '', code: 'duplicate_toolset', message: 'toolset "a" is loaded twice; give each toolset its own name' },
    ]);
    expect(new ToolDefinitionError(['a problem in words']).details).toEqual([
      { where: '', code: 'unspecified', message: 'a problem in words' },
    ]);
  });

  it('include a duplicate toolset name and malformed grants', async () => {
    const problems = await definitionProblems(toolset({ name: 'a', tools: [DupA] }), toolset({ name: 'a', tools: [] }));
    expect(problems).toEqual(['toolset "a" is loaded twice; give each toolset its own name']);
    expect(() => PermissionSet.none().grant('*')).toThrow(ToolDefinitionError);
  });
});

describe('declared types that cannot be used', () => {
  it('name each problem of an @Arg, saying what to write instead', async () => {
    @Tool({ name: 'bad.args', description: 'Arguments whose declarations contradict their types.' })
    class BadArgs {
      execute(
        @Arg('s', { minimum: 1 }) s: string,
        @Arg('n', { minLength: 1, maxItems: 2 }) n: number,
        @Arg('b', { integer: true }) b: boolean,
        @Arg('a', { items: String, pattern: 'x' }) a: string[],
        @Arg('f', { format: 'phone' as never }) f: string,
        @Arg('p', { pattern: 42 as never }) p: string,
        @Arg('e', { enum: ['x', 1] as never }) e: string,
        @Arg('m', { enum: [1, 'x'] as never }) m: number,
        @Arg('d') d: Date,
        @Arg('t', {
          type: () => {
            throw new Error('not yet defined');
          },
        })
        t: string,
        @Arg('ok', { type: String, minLength: 1 }) ok: string,
      ): string {
        return `${s}${n}${b}${a}${f}${p}${e}${m}${String(d)}${t}${ok}`;
      }
    }
    expect(await definitionProblems(toolset({ name: 'a', tools: [BadArgs] }))).toEqual([
      "BadArgs.execute @Arg('s'): minimum applies only to number or array arguments",
      "BadArgs.execute @Arg('n'): minLength, maxItems apply only to string or array arguments",
      "BadArgs.execute @Arg('b'): integer applies only to other arguments",
      "BadArgs.execute @Arg('a'): pattern applies only to string or number arguments",
      'BadArgs.execute @Arg(\'f\'): unknown format "phone"',
      "BadArgs.execute @Arg('p'): pattern must be a string",
      "BadArgs.execute @Arg('e'): enum values of a string argument must be strings",
      "BadArgs.execute @Arg('m'): enum values of a number argument must be numbers",
      "BadArgs.execute @Arg('d'): Date cannot arrive in JSON; declare a string with { format: 'date-time' } and parse it",
      "BadArgs.execute @Arg('t'): its type thunk threw (not yet defined); is the class declared after its use?",
    ]);
  });

  it('name each problem of a JSON Schema, at its path', async () => {
    @Tool({ name: 'bad.schemas', description: 'JSON Schemas with keywords that cannot be enforced.' })
    class BadSchemas {
      execute(
        @Arg('list', { type: { type: ['string', 'number'] } }) list: unknown,
        @Arg('kind', { type: { type: 'date' } }) kind: unknown,
        @Arg('obj', {
          type: {
            type: 'object',
            properties: JSON.parse(
              '{"__proto__":{"type":"string"},"ok":{"type":"string"},"bad":"string","fmt":{"type":"string","format":"phone"},"pat":{"type":"string","pattern":1}}',
            ),
            additionalProperties: 'no',
          },
        })
        obj: unknown,
      ): string {
        return `${String(list)}${String(kind)}${String(obj)}`;
      }
    }
    expect(await definitionProblems(toolset({ name: 'a', tools: [BadSchemas] }))).toEqual([
      'BadSchemas.execute @Arg(\'list\'): a type list must be one type, optionally with "null"',
      'BadSchemas.execute @Arg(\'kind\'): "type" must be one of string, number, integer, boolean, array, object',
      'BadSchemas.execute @Arg(\'obj\'): declares a property named "__proto__", which can reach a prototype; rename it',
      "BadSchemas.execute @Arg('obj').bad: must be a JSON Schema object",
      'BadSchemas.execute @Arg(\'obj\').fmt: unknown format "phone"',
      'BadSchemas.execute @Arg(\'obj\').pat: "pattern" must be a string',
      'BadSchemas.execute @Arg(\'obj\'): "additionalProperties" must be a boolean or a JSON Schema object',
    ]);
  });
});

// The problems of an @Arg as data: each registry is built in the test itself, and each problem is checked word for
// word with its code, which is what a caller reading ToolDefinitionError.details (or a model reading codes) sees.
describe('the problems of an @Arg, as data', () => {
  /** The ToolDefinitionError details of building a registry from `tool` (fails the test if it builds). */
  async function detailsOf(tool: Function): Promise<readonly DefinitionProblem[]> {
    const error = await buildRegistry(toolset({ name: 'a', tools: [tool] })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolDefinitionError);
    return (error as ToolDefinitionError).details;
  }

  /** A tool whose one argument, `x`, reflects as Object and is declared by `options`. */
  function oneArg(options: ArgOptions, name = 'one.arg'): Function {
    @Tool({ name, description: 'One argument.' })
    class OneArg {
      execute(@Arg('x', options) x: unknown): unknown {
        return x;
      }
    }
    return OneArg;
  }

  const at = "OneArg.execute @Arg('x')";

  it('name every constraint set on an argument of another kind (misplaced_constraint)', async () => {
    const values: Record<string, unknown> = {
      minLength: 1,
      maxLength: 1,
      pattern: 'x',
      format: 'email',
      integer: true,
      minimum: 1,
      maximum: 1,
      exclusiveMinimum: 1,
      exclusiveMaximum: 1,
      minItems: 1,
      maxItems: 1,
      items: String,
    };
    const kinds: { type: Function; base: ArgOptions; own: string[]; others: string }[] = [
      { type: String, base: {}, own: ['minLength', 'maxLength', 'pattern', 'format'], others: 'number or array' },
      {
        type: Number,
        base: {},
        own: ['integer', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'],
        others: 'string or array',
      },
      { type: Boolean, base: {}, own: [], others: 'other' },
      { type: Array, base: { items: String }, own: ['minItems', 'maxItems', 'items'], others: 'string or number' },
      { type: NoteInput, base: {}, own: [], others: 'scalar or array' },
    ];
    const found: unknown[] = [];
    const expected: unknown[] = [];
    for (const { type, base, own, others } of kinds) {
      for (const key of Object.keys(values).filter((k) => !own.includes(k))) {
        found.push({ type: type.name, key, details: await detailsOf(oneArg({ type, ...base, [key]: values[key] })) });
        expected.push({
          type: type.name,
          key,
          details: [{ where: at, code: 'misplaced_constraint', message: `${key} applies only to ${others} arguments` }],
        });
      }
    }
    expect(found).toEqual(expected);
  });

  it('accept every constraint on the kind of argument it belongs to', async () => {
    const { registry } = await buildRegistry(
      toolset({
        name: 'a',
        tools: [
          oneArg({ type: String, minLength: 1, maxLength: 2, pattern: '^a', format: 'email' }, 'a.string'),
          oneArg(
            { type: Number, integer: true, minimum: 1, maximum: 2, exclusiveMinimum: 0, exclusiveMaximum: 3 },
            'a.number',
          ),
          oneArg({ type: Boolean }, 'a.boolean'),
          oneArg({ type: Array, items: String, minItems: 1, maxItems: 2 }, 'a.array'),
          oneArg({ type: NoteInput }, 'a.dto'),
        ],
      }),
    );
    expect(registry.definitions({ toolsets: ['a'] }).map((d) => [d.name, d.inputSchema.properties])).toEqual([
      ['a.string', { x: { type: 'string', minLength: 1, maxLength: 2, pattern: '^a', format: 'email' } }],
      ['a.number', { x: { type: 'integer', minimum: 1, maximum: 2, exclusiveMinimum: 0, exclusiveMaximum: 3 } }],
      ['a.boolean', { x: { type: 'boolean' } }],
      ['a.array', { x: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 2 } }],
      [
        'a.dto',
        {
          x: {
            type: 'object',
            properties: { text: { type: 'string' } },
            required: ['text'],
            additionalProperties: false,
          },
        },
      ],
    ]);
  });

  it('give each problem of a declared type its code, its place and what to write instead', async () => {
    @Tool({ name: 'thunk', description: 'A type thunk that throws.' })
    class Thunk {
      execute(
        @Arg('t', {
          type: () => {
            throw new Error('not yet defined');
          },
        })
        t: string,
      ): string {
        return t;
      }
    }
    @Tool({ name: 'items.thunk', description: 'An items thunk that throws.' })
    class ItemsThunk {
      execute(
        @Arg('l', {
          items: () => {
            throw new Error('later');
          },
        })
        l: string[],
      ): string[] {
        return l;
      }
    }
    @Tool({ name: 'no.items', description: 'An array without its element type.' })
    class NoItems {
      execute(@Arg('l') l: string[]): string[] {
        return l;
      }
    }
    @Tool({ name: 'object.items', description: 'Elements whose type reflection cannot tell.' })
    class ObjectItems {
      execute(@Arg('l', { items: Object }) l: unknown[]): unknown[] {
        return l;
      }
    }
    @Tool({ name: 'a.date', description: 'A Date argument.' })
    class ADate {
      execute(@Arg('d') d: Date): string {
        return String(d);
      }
    }
    @Tool({ name: 'a.union', description: 'A union argument.' })
    class AUnion {
      execute(@Arg('u') u: string | number): string {
        return String(u);
      }
    }
    @Tool({ name: 'optional.union', description: 'An optional union argument.' })
    class OptionalUnion {
      execute(@Arg('u', { optional: true }) u: string | number | undefined): string {
        return String(u);
      }
    }
    @Tool({ name: 'defaulted.union', description: 'A union argument with a default.' })
    class DefaultedUnion {
      execute(@Arg('u', { default: 'x' }) u: string | number): string {
        return String(u);
      }
    }
    const untellable =
      'reflection cannot tell its type (a union, an interface, Record, any or unknown all look like Object';
    const strict = ', and so, under "strict", do `u: string | undefined` and `u: string | null`';
    const cases: [Function, DefinitionProblem[]][] = [
      [
        Thunk,
        [
          {
            where: "Thunk.execute @Arg('t')",
            code: 'type_thunk_threw',
            message: 'its type thunk threw (not yet defined); is the class declared after its use?',
          },
        ],
      ],
      [
        ItemsThunk,
        [
          {
            where: "ItemsThunk.execute @Arg('l')[]",
            code: 'type_thunk_threw',
            message: 'its items thunk threw (later); is the class declared after its use?',
          },
        ],
      ],
      [
        NoItems,
        [
          {
            where: "NoItems.execute @Arg('l')",
            code: 'missing_item_type',
            message:
              'is an array, and reflection cannot see its element type; add { items: String } (or Number, Boolean, a DTO class, a JSON Schema)',
          },
        ],
      ],
      // An element has no parameter name to put in the @Arg to write.
      [
        ObjectItems,
        [
          {
            where: "ObjectItems.execute @Arg('l')[]",
            code: 'untellable_type',
            message: `${untellable}); add { type: String } (or Number, Boolean, a DTO class, a JSON Schema)`,
          },
        ],
      ],
      [
        ADate,
        [
          {
            where: "ADate.execute @Arg('d')",
            code: 'date_type',
            message: "Date cannot arrive in JSON; declare a string with { format: 'date-time' } and parse it",
          },
        ],
      ],
      [
        AUnion,
        [
          {
            where: "AUnion.execute @Arg('u')",
            code: 'untellable_type',
            message: `${untellable}${strict}); write @Arg('u', { type: String }) (Number, Boolean, a DTO class or a JSON Schema in place of String); add optional: true if it may be absent`,
          },
        ],
      ],
      [
        OptionalUnion,
        [
          {
            where: "OptionalUnion.execute @Arg('u')",
            code: 'untellable_type',
            message: `${untellable}${strict}); write @Arg('u', { type: String, optional: true }) (Number, Boolean, a DTO class or a JSON Schema in place of String), or declare the parameter \`u?: string\`, which reflects as String`,
          },
        ],
      ],
      // A default makes the argument optional as much as optional: true does.
      [
        DefaultedUnion,
        [
          {
            where: "DefaultedUnion.execute @Arg('u')",
            code: 'untellable_type',
            message: `${untellable}${strict}); write @Arg('u', { type: String }) (Number, Boolean, a DTO class or a JSON Schema in place of String), or declare the parameter \`u?: string\`, which reflects as String`,
          },
        ],
      ],
      [
        oneArg({ type: String, format: 'phone' as never }),
        [{ where: at, code: 'unknown_format', message: 'unknown format "phone"' }],
      ],
      // Valid without the u flag, which every pattern is compiled with.
      [
        oneArg({ type: String, pattern: 'x{' }),
        [{ where: at, code: 'invalid_pattern', message: 'pattern "x{" is not a valid regular expression' }],
      ],
      [
        oneArg({ type: String, pattern: 42 as never }),
        [{ where: at, code: 'invalid_pattern', message: 'pattern must be a string' }],
      ],
      [
        oneArg({ type: String, enum: ['a', 1] }),
        [{ where: at, code: 'invalid_enum', message: 'enum values of a string argument must be strings' }],
      ],
      [
        oneArg({ type: Number, enum: [1, 'a'] }),
        [{ where: at, code: 'invalid_enum', message: 'enum values of a number argument must be numbers' }],
      ],
    ];
    const found: unknown[] = [];
    for (const [tool] of cases) found.push([tool.name, await detailsOf(tool)]);
    expect(found).toEqual(cases.map(([tool, details]) => [tool.name, details]));
  });

  it('still report the declaration, not a crash, when an argument that cannot be typed has a default', async () => {
    @Tool({ name: 'defaults', description: 'Defaults on arguments that cannot be typed.' })
    class Defaults {
      execute(
        @Arg('t', {
          type: () => {
            throw new Error('not yet defined');
          },
          default: 'x',
        })
        t: string,
        @Arg('l', { default: ['a'] }) l: string[],
        @Arg('d', { default: '2020-01-01T00:00:00Z' }) d: Date,
      ): string {
        return `${t}${l}${String(d)}`;
      }
    }
    const details = await detailsOf(Defaults);
    expect(details.map((d) => [d.where, d.code])).toEqual([
      ["Defaults.execute @Arg('t')", 'type_thunk_threw'],
      ["Defaults.execute @Arg('l')", 'missing_item_type'],
      ["Defaults.execute @Arg('d')", 'date_type'],
    ]);
  });

  it('type an argument reflection cannot tell from its enum, when all its values are of one kind', async () => {
    @Tool({ name: 'enums', description: 'Enums on arguments that reflect as Object.' })
    class Enums {
      execute(@Arg('s', { enum: ['a', 'b'] }) s: unknown, @Arg('n', { enum: [1, 2] }) n: unknown): string {
        return `${String(s)}${String(n)}`;
      }
    }
    const { registry } = await buildRegistry(toolset({ name: 'a', tools: [Enums] }));
    expect(registry.definitions()[0]?.inputSchema.properties).toEqual({
      s: { type: 'string', enum: ['a', 'b'] },
      n: { type: 'number', enum: [1, 2] },
    });

    @Tool({ name: 'enums.mismatched', description: 'Enums that cannot type their arguments.' })
    class Mismatched {
      execute(
        @Arg('n', { enum: ['a', 'b'] }) n: number,
        @Arg('mixed', { enum: ['a', 1] }) mixed: unknown,
        @Arg('empty', { enum: [] }) empty: unknown,
      ): string {
        return `${n}${String(mixed)}${String(empty)}`;
      }
    }
    // A reflected type wins over the enum: a number argument with string values is a mistake, not a string argument.
    expect((await detailsOf(Mismatched)).map((d) => [d.where, d.code, d.message.slice(0, 40)])).toEqual([
      ["Mismatched.execute @Arg('n')", 'invalid_enum', 'enum values of a number argument must be'],
      ["Mismatched.execute @Arg('mixed')", 'untellable_type', 'reflection cannot tell its type (a union'],
      ["Mismatched.execute @Arg('empty')", 'untellable_type', 'reflection cannot tell its type (a union'],
    ]);
  });

  it('refuse a type that is a function but not a class (not_a_class), wherever it is named, with or without a default', async () => {
    const makeNote = () => NoteInput;
    class Deep {
      @ValidateNested()
      @Type(() => {
        throw new Error('deep');
      })
      x!: NoteInput;
    }
    class Outer {
      @ValidateNested()
      @Type(() => makeNote as never)
      inner!: NoteInput;
      @ValidateNested()
      @Type(() => Deep)
      beside!: Deep;
    }
    @Tool({ name: 'functions', description: 'Types that are functions, not classes.' })
    class Functions {
      execute(
        @Arg('t', { type: () => () => String }) t: string,
        @Arg('named', { type: () => makeNote }) named: NoteInput,
        @Arg('defaulted', { type: () => makeNote, default: { text: 'x' } }) defaulted: NoteInput,
        // An items thunk is resolved once, as a type thunk is: a thunk's thunk is not a class either.
        @Arg('l', { items: () => () => String }) l: string[],
        @Arg('outer', { type: Outer }) outer: Outer,
      ): string {
        return `${t}${String(named)}${String(defaulted)}${l}${String(outer)}`;
      }
    }
    const fix =
      'not a class; name String, Number, Boolean, a DTO class or a JSON Schema, or a thunk that returns one of them (() => TheDto)';
    expect(await detailsOf(Functions)).toEqual([
      {
        where: "Functions.execute @Arg('t')",
        code: 'not_a_class',
        message: `its type is an anonymous function, ${fix}`,
      },
      {
        where: "Functions.execute @Arg('named')",
        code: 'not_a_class',
        message: `its type is the function makeNote, ${fix}`,
      },
      {
        where: "Functions.execute @Arg('defaulted')",
        code: 'not_a_class',
        message: `its type is the function makeNote, ${fix}`,
      },
      {
        where: "Functions.execute @Arg('l')[]",
        code: 'not_a_class',
        message: `its type is an anonymous function, ${fix}`,
      },
      {
        where: "Functions.execute @Arg('outer'): Outer.inner",
        code: 'not_a_class',
        message: `its type is the function makeNote, ${fix}`,
      },
      // The classes nested beside it are still checked.
      {
        where: "Functions.execute @Arg('outer'): Deep.x",
        code: 'type_thunk_threw',
        message: 'its @Type thunk threw (deep)',
      },
    ]);

    @Tool({ name: 'input.function', description: 'An @Input whose thunk returns a function.' })
    class InputFunction {
      execute(@Input(() => makeNote) input: NoteInput): string {
        return input.text;
      }
    }
    expect(await detailsOf(InputFunction)).toEqual([
      {
        where: 'InputFunction.execute parameter #1',
        code: 'not_a_class',
        message: `its type is the function makeNote, ${fix}`,
      },
    ]);
  });

  it('refuse a declared type that is neither a class nor a JSON Schema (not_a_class), saying what it was, not that reflection could not tell', async () => {
    @Tool({ name: 'no.class', description: 'Declared types that name no class.' })
    class NoClass {
      execute(
        // A thunk that returns undefined: a class not yet defined where a CommonJS module cycle reads it.
        @Arg('missing', { type: () => undefined as never }) missing: unknown,
        @Arg('empty', { type: () => null as never }) empty: unknown,
        @Arg('named', { type: () => 'NoteInput' as never }) named: unknown,
        @Arg('direct', { type: null as never }) direct: unknown,
        @Arg('count', { type: 42 as never, optional: true }) count: unknown,
        @Arg('l', { items: () => undefined as never }) l: unknown[],
      ): string {
        return `${String(missing)}${String(empty)}${String(named)}${String(direct)}${String(count)}${String(l)}`;
      }
    }
    const fix =
      'not a class; name String, Number, Boolean, a DTO class or a JSON Schema, or a thunk that returns one of them (() => TheDto)';
    expect(await detailsOf(NoClass)).toEqual([
      {
        where: "NoClass.execute @Arg('missing')",
        code: 'not_a_class',
        message: `its type thunk returned undefined, ${fix}`,
      },
      { where: "NoClass.execute @Arg('empty')", code: 'not_a_class', message: `its type thunk returned null, ${fix}` },
      {
        where: "NoClass.execute @Arg('named')",
        code: 'not_a_class',
        message: `its type thunk returned a string, ${fix}`,
      },
      // A null type is no type: reflection's, as when it is left out.
      {
        where: "NoClass.execute @Arg('direct')",
        code: 'untellable_type',
        message:
          'reflection cannot tell its type (a union, an interface, Record, any or unknown all look like Object, and so, under "strict", do `direct: string | undefined` and `direct: string | null`); write @Arg(\'direct\', { type: String }) (Number, Boolean, a DTO class or a JSON Schema in place of String); add optional: true if it may be absent',
      },
      { where: "NoClass.execute @Arg('count')", code: 'not_a_class', message: `its type is a number, ${fix}` },
      {
        where: "NoClass.execute @Arg('l')[]",
        code: 'not_a_class',
        message: `its items thunk returned undefined, ${fix}`,
      },
    ]);

    // Without decorator metadata, a null type leaves nothing to read: reflection saw nothing, the declaration named
    // nothing.
    class Bare {
      execute(x: unknown): unknown {
        return x;
      }
    }
    Arg('x', { type: null as never })(Bare.prototype, 'execute', 0);
    Tool({ name: 'bare', description: 'No decorator metadata.' })(Bare);
    expect(await detailsOf(Bare)).toEqual([
      {
        where: "Bare.execute @Arg('x')",
        code: 'untellable_type',
        message:
          'reflection cannot tell its type (a union, an interface, Record, any or unknown all look like Object, and so, under "strict", do `x: string | undefined` and `x: string | null`); write @Arg(\'x\', { type: String }) (Number, Boolean, a DTO class or a JSON Schema in place of String); add optional: true if it may be absent',
      },
    ]);
  });

  it('refuse a @Type thunk that returns no class, which would let the nested value reach the handler unchecked and uncopied', async () => {
    class Holder {
      @IsString() name!: string;
      @ValidateNested()
      @Type(() => undefined as never)
      missing!: NoteInput;
      @ValidateNested()
      @Type(() => null as never)
      empty!: NoteInput;
      @ValidateNested()
      @Type(() => 'NoteInput' as never)
      named!: NoteInput;
    }
    @Tool({ name: 'type.nothing', description: 'A @Type thunk that returns no class.' })
    class TypeNothing {
      execute(@Input() input: Holder): string {
        return input.name;
      }
    }
    const fix = 'not a class; return the nested DTO class (@Type(() => TheDto))';
    expect(await detailsOf(TypeNothing)).toEqual([
      {
        where: 'TypeNothing.execute parameter #1: Holder.missing',
        code: 'not_a_class',
        message: `its @Type thunk returned undefined, ${fix}`,
      },
      {
        where: 'TypeNothing.execute parameter #1: Holder.empty',
        code: 'not_a_class',
        message: `its @Type thunk returned null, ${fix}`,
      },
      {
        where: 'TypeNothing.execute parameter #1: Holder.named',
        code: 'not_a_class',
        message: `its @Type thunk returned a string, ${fix}`,
      },
    ]);
  });
});

// The problems of a DTO as data: what a caller reading ToolDefinitionError.details (or a model reading codes) sees,
// each DTO in a registry of its own, each problem checked word for word with its code and its place.
describe('the problems of a DTO, as data', () => {
  /** A tool whose one parameter is the DTO `dto`. */
  function inputTool(dto: Function): Function {
    @Tool({ name: 'dto.tool', description: 'One DTO.' })
    class DtoTool {
      execute(@Input(() => dto) input: unknown): unknown {
        return input;
      }
    }
    return DtoTool;
  }

  /** The ToolDefinitionError details of building a registry from a tool taking `dto` (fails the test if it builds). */
  async function detailsOf(dto: Function): Promise<readonly DefinitionProblem[]> {
    const error = await buildRegistry(toolset({ name: 'a', tools: [inputTool(dto)] })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolDefinitionError);
    return (error as ToolDefinitionError).details;
  }

  const at = 'DtoTool.execute parameter #1';

  it('give each wiring mistake of a DTO its code, its place and what to write instead', async () => {
    class Leaf {
      @IsString() name!: string;
    }
    class Circle {
      @IsInt() radius!: number;
    }
    class Wired {
      @ValidateNested() untyped!: object;
      @IsString() @Expose({ name: 'same' }) first!: string;
      @IsString() @Expose({ name: 'same' }) second!: string;
      @IsString() @Expose({ groups: ['admin'] }) grouped!: string;
      @IsString() @Expose({ name: 'wire' }) @Exclude() both!: string;
      @IsString() @Expose({ name: 'constructor' }) renamed!: string;
      @IsInt()
      @Type(() => {
        throw new Error('too early');
      })
      early!: number;
      @ValidateNested() @Type(() => Leaf) @Transform(({ value }) => value) transformed!: Leaf;
      @ValidateNested()
      @Type(() => Circle, { discriminator: { property: 'kind', subTypes: [{ name: 'circle', value: Circle }] } })
      shape!: Circle;
      @IsDate() when!: Date;
    }
    @Exclude()
    class ExposeOnly {
      @Expose() @IsString() name!: string;
    }
    // Decorated by hand: a class field cannot be named constructor, and a bundler that emits no metadata leaves no
    // design:type.
    class Forbidden {
      text!: string;
    }
    IsString()(Forbidden.prototype, 'text');
    IsString()(Forbidden.prototype, 'constructor');
    IsString()(Forbidden.prototype, '__proto__');
    IsString()(Forbidden.prototype, 'prototype');
    class NoMetadata {
      inner!: Leaf;
    }
    ValidateNested()(NoMetadata.prototype, 'inner');
    const needsClass = '@ValidateNested() needs the nested class; add @Type(() => TheClass) from class-transformer';
    const cases: [Function, DefinitionProblem[]][] = [
      [
        Wired,
        [
          { where: `${at}: Wired.untyped`, code: 'missing_nested_type', message: needsClass },
          {
            where: `${at}: Wired.grouped`,
            code: 'unsupported_keyword',
            message:
              '@Expose with groups, since or until is not supported for tool input (a call has no groups or version); remove them',
          },
          {
            where: `${at}: Wired.both`,
            code: 'unsupported_keyword',
            message: 'it is both @Expose({ name }) and @Exclude(); keep one',
          },
          {
            where: `${at}: Wired.renamed`,
            code: 'forbidden_key',
            message: '"constructor" cannot be an input key; choose another @Expose({ name })',
          },
          { where: `${at}: Wired.early`, code: 'type_thunk_threw', message: 'its @Type thunk threw (too early)' },
          {
            where: `${at}: Wired.transformed`,
            code: 'unsupported_keyword',
            message:
              "@Transform on a @ValidateNested() property is not supported; put the @Transform on the nested class's properties",
          },
          {
            where: `${at}: Wired.shape`,
            code: 'unsupported_keyword',
            message:
              '@Type with a discriminator is not supported for tool input yet; use one nested class with an @IsIn() kind property and @ValidateIf() for the fields of each kind',
          },
          {
            where: `${at}: Wired.when`,
            code: 'date_type',
            message:
              '@IsDate() checks a Date, but tool input is JSON, where a date is a string; add @Type(() => Date) from class-transformer (an ISO 8601 string is then made a Date), or use @IsISO8601() on a string',
          },
          {
            where: `${at}: Wired.second`,
            code: 'duplicate_arg',
            message: 'its input key "same" is also another property\'s; give each @Expose({ name }) a name of its own',
          },
        ],
      ],
      [
        ExposeOnly,
        [
          {
            where: `${at}: ExposeOnly`,
            code: 'unsupported_keyword',
            message:
              'a class-level @Exclude() (expose only what is @Expose()d) is not supported for tool input; put @Exclude() on the properties the caller must not set instead',
          },
        ],
      ],
      [
        Forbidden,
        [
          {
            where: `${at}: Forbidden.constructor`,
            code: 'forbidden_key',
            message: '"constructor" cannot be a property name of tool input',
          },
          {
            where: `${at}: Forbidden.__proto__`,
            code: 'forbidden_key',
            message: '"__proto__" cannot be a property name of tool input',
          },
          {
            where: `${at}: Forbidden.prototype`,
            code: 'forbidden_key',
            message: '"prototype" cannot be a property name of tool input',
          },
        ],
      ],
      [NoMetadata, [{ where: `${at}: NoMetadata.inner`, code: 'missing_nested_type', message: needsClass }]],
    ];
    const found: unknown[] = [];
    for (const [dto] of cases) found.push([dto.name, await detailsOf(dto)]);
    expect(found).toEqual(cases.map(([dto, details]) => [dto.name, details]));
  });

  it('find no problem in a DTO whose constructor throws: it has no defaults, and a call still gets an instance of it', async () => {
    class Strict {
      @IsString() text!: string;
      @IsOptional() @IsString() mode = 'plain';
      constructor() {
        throw new Error('use Strict.create()');
      }
    }
    @Tool({ name: 'strict', description: 'A DTO that cannot be constructed.' })
    class StrictTool {
      execute(@Input() input: Strict): unknown {
        return { strict: input instanceof Strict, ...input };
      }
    }
    const { registry } = await buildRegistry(toolset({ name: 'a', tools: [StrictTool] }));
    expect(registry.definitions()[0]?.inputSchema).toMatchObject({
      properties: { text: { type: 'string' }, mode: { type: 'string' } },
      required: ['text'],
    });
    expect(registry.definitions()[0]?.inputSchema.properties).toEqual({
      text: { type: 'string' },
      mode: { type: 'string' },
    });
    const outcome = await registry.dispatch('strict', { text: 'x' });
    expect(outcome.ok && outcome.value).toEqual({ strict: true, text: 'x' });
  });

  it("run a DTO's constructor once to read its defaults, however many tools take it, then once per call", async () => {
    let constructed = 0;
    class Counted {
      @IsOptional() @IsString() mode = 'plain';
      constructor() {
        constructed++;
      }
    }
    const tool = (name: string) => {
      @Tool({ name, description: 'Takes a Counted.' })
      class CountedTool {
        execute(@Input() input: Counted): string {
          return input.mode;
        }
      }
      return CountedTool;
    };
    const { registry } = await buildRegistry(toolset({ name: 'a', tools: [tool('first'), tool('second')] }));
    expect(registry.definitions({ toolsets: ['a'] }).map((d) => d.inputSchema.properties)).toEqual([
      { mode: { type: 'string', default: 'plain' } },
      { mode: { type: 'string', default: 'plain' } },
    ]);
    expect(constructed).toBe(1);
    expect(await registry.dispatch('first', {})).toMatchObject({ ok: true, value: 'plain' });
    expect(await registry.dispatch('second', { mode: 'fancy' })).toMatchObject({ ok: true, value: 'fancy' });
    expect(constructed).toBe(3);
  });

  it('check an @Matches pattern with the flags it runs with: its RegExp flags, or its modifiers string', async () => {
    class Patterns {
      @Matches(42 as never) notAPattern!: string;
      // Without the s flag, . stops at a line break: one way to match, safe.
      @Matches('^.*\\n.*$') lines!: string;
      @Matches('^.*\\n.*$', 's') anyLines!: string;
      @Matches(/^.*\n.*$/s) regexAnyLines!: string;
      @Matches('x{', 'u') braced!: string;
    }
    const unsafe = (source: string) =>
      `pattern ${JSON.stringify(source)} can take exponential or polynomial time on some inputs (nested or overlapping quantifiers, such as (a|aa)+, (a+)+ or .*a.*), so a model could block the process with one call; rewrite it without nested or overlapping quantifiers, or use a format, or a DTO with a custom constraint`;
    expect(await detailsOf(Patterns)).toEqual([
      {
        where: `${at}: Patterns.notAPattern`,
        code: 'invalid_pattern',
        message: '@Matches needs a RegExp or a string pattern',
      },
      { where: `${at}: Patterns.anyLines: @Matches`, code: 'unsafe_pattern', message: unsafe('^.*\\n.*$') },
      { where: `${at}: Patterns.regexAnyLines: @Matches`, code: 'unsafe_pattern', message: unsafe('^.*\\n.*$') },
      {
        where: `${at}: Patterns.braced: @Matches`,
        code: 'invalid_pattern',
        message: 'pattern "x{" is not a valid regular expression',
      },
    ]);
  });
});
