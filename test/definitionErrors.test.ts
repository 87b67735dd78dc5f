import { injectable, inject } from 'inversify';
import { IsString } from 'class-validator';
import { Arg, Ctx, Example, Input, Permissions, PermissionSet, Tool, ToolDefinitionError, toolset, type ToolContext } from 'hermes-tools';
import { buildRegistry, definitionProblems } from './support/buildRegistry.js';

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
  execute(@Arg('union') union: string | number, @Arg('list') list: string[], undecorated: string, @Arg('record') record: Record<string, string>, @Ctx() ctx: ToolContext): string {
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
      toolset({ name: 'a', tools: [Nameless, BadOptions, BadParams, BadExample, Mixed, UndecoratedDto, DupA, NotATool, NoMetadata] }),
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
      'Mixed.execute: mixes @Input() with @Arg()',
      'UndecoratedDto.execute parameter #1: Undecorated has no class-validator decorators',
      'NotATool: is listed as a tool but has no @Tool decorator',
      'NoMetadata.execute: has no design:paramtypes metadata, so parameter types cannot be read. Turn on "emitDecoratorMetadata"',
      'DupB.execute: tool name "dup" is already used by DupA.execute in toolset "a"',
    ];
    for (const start of expected) expect(problems).toContainEqual(expect.stringContaining(start));
    expect(problems).toHaveLength(expected.length);
  });

  it('name a dependency the container cannot provide', async () => {
    const problems = await definitionProblems(toolset({ name: 'a', tools: [NeedsDep] }));
    expect(problems).toEqual([expect.stringMatching(/^NeedsDep: the container could not create it \(are its dependencies bound\?\)/)]);
  });

  it('are a ToolError with code invalid_definition and a readable message', async () => {
    const error = await buildRegistry(toolset({ name: 'a', tools: [Nameless] })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolDefinitionError);
    expect(error).toMatchObject({ code: 'invalid_definition', retryable: false });
    expect((error as Error).message).toBe(
      'hermes-tools found 2 problems in the tool definitions:\n- Nameless.execute: @Tool needs a name\n- Nameless.execute: @Tool needs a description, which is what the model reads to choose the tool',
    );
  });

  it('carry each problem as data too: where, a stable code, and the message', async () => {
    const error = (await buildRegistry(toolset({ name: 'a', tools: [Nameless] })).catch((e: unknown) => e)) as ToolDefinitionError;
    expect(error.details).toEqual([
      { where: 'Nameless.execute', code: 'missing_name', message: '@Tool needs a name' },
      { where: 'Nameless.execute', code: 'missing_description', message: '@Tool needs a description, which is what the model reads to choose the tool' },
    ]);
    const duplicate = (await buildRegistry(toolset({ name: 'a', tools: [DupA] }), toolset({ name: 'a', tools: [] })).catch((e: unknown) => e)) as ToolDefinitionError;
    expect(duplicate.details).toEqual([{ where: '', code: 'duplicate_toolset', message: 'toolset "a" is loaded twice; give each toolset its own name' }]);
    expect(new ToolDefinitionError(['a problem in words']).details).toEqual([{ where: '', code: 'unspecified', message: 'a problem in words' }]);
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
