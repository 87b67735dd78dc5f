import { IsIn, IsOptional, IsString, Length, Matches, MaxLength, MinLength } from 'class-validator';
import {
  Arg,
  Input,
  PermissionSet,
  Tool,
  ToolDefinitionError,
  type ToolRegistry,
  toolset,
  toolsModule,
} from 'hermes-tools';
import { buildRegistry, definitionProblems } from './support/buildRegistry.js';

const all = PermissionSet.all();

@Tool({ name: 'slug', description: 'A pattern with a length bound.' })
class Slug {
  execute(@Arg('s', { pattern: '^[a-z]+$', maxLength: 20, minLength: 2 }) s: string): string {
    return s;
  }
}

class SlugInput {
  @Matches(/^[a-z]+$/) @MaxLength(20) @IsString() first!: string;
  @IsString() @MaxLength(20) @Matches(/^[a-z]+$/) second!: string;
  @Length(2, 20) @Matches(/^[a-z]+$/) third!: string;
  @IsOptional() @Matches(/^[a-z]+$/) @MinLength(3) fourth?: string;
  @IsOptional() @Matches(/^[a-z]+$/) @IsIn(['abc']) fifth?: string;
}

@Tool({ name: 'slug.dto', description: 'The same, as a DTO.' })
class SlugDto {
  execute(@Input() input: SlugInput): string {
    return input.first;
  }
}

@Tool({ name: 'numbers', description: 'Coerced arguments.' })
class Numbers {
  execute(@Arg('n') n: number, @Arg('tags', { items: String, optional: true }) tags?: string[]): string {
    return `${n}${tags?.length ?? ''}`;
  }
}

@Tool({ name: 'formats', description: 'Formats.' })
class Formats {
  execute(
    @Arg('host', { format: 'hostname', optional: true }) host?: string,
    @Arg('email', { format: 'email', optional: true }) email?: string,
  ): string {
    return `${host}${email}`;
  }
}

function toolWithPattern(pattern: string) {
  @Tool({ name: 'bad.pattern', description: 'x' })
  class BadPattern {
    execute(@Arg('s', { pattern, maxLength: 20 }) s: string): string {
      return s;
    }
  }
  return toolset({ name: 't', tools: [BadPattern], granted: all });
}

async function issues(registry: ToolRegistry, tool: string, args: unknown) {
  const outcome = await registry.dispatch(tool, args);
  return outcome.ok ? [] : (outcome.error.issues ?? []).map((i) => [i.path, i.constraint]);
}

describe('declared patterns', () => {
  it('never run on a value that failed its length checks', async () => {
    const { registry } = await buildRegistry(toolset({ name: 't', tools: [Slug], granted: all }));
    expect(await issues(registry, 'slug', { s: `${'a'.repeat(39)}!` })).toEqual([['s', 'maxLength']]);
    expect(await issues(registry, 'slug', { s: '!' })).toEqual([['s', 'minLength']]);
    expect(await issues(registry, 'slug', { s: 'ab!' })).toEqual([['s', 'matches']]);
  });

  it('never run after @MinLength failed in a DTO: 2 characters fail it alone, 3 reach the pattern', async () => {
    const { registry } = await buildRegistry(toolset({ name: 't', tools: [SlugDto], granted: all }));
    const valid = { first: 'abc', second: 'abc', third: 'abc' };
    expect(await issues(registry, 'slug.dto', { ...valid, fourth: 'a!' })).toEqual([['fourth', 'minLength']]);
    expect(await issues(registry, 'slug.dto', { ...valid, fourth: 'ab!' })).toEqual([['fourth', 'matches']]);
    expect(await issues(registry, 'slug.dto', { ...valid, fourth: 'abc!' })).toEqual([['fourth', 'matches']]);
    expect(await issues(registry, 'slug.dto', { ...valid, fourth: 'abc' })).toEqual([]);
  });

  it('still run after another check than a length failed in a DTO', async () => {
    const { registry } = await buildRegistry(toolset({ name: 't', tools: [SlugDto], granted: all }));
    expect(await issues(registry, 'slug.dto', { first: 'abc', second: 'abc', third: 'abc', fifth: 'X!' })).toEqual([
      ['fifth', 'isIn'],
      ['fifth', 'matches'],
    ]);
  });

  it('never run after @MaxLength or @Length failed in a DTO, whatever the decorator order', async () => {
    const { registry } = await buildRegistry(toolset({ name: 't', tools: [SlugDto], granted: all }));
    const long = `${'a'.repeat(39)}!`;
    expect(await issues(registry, 'slug.dto', { first: long, second: long, third: long })).toEqual([
      ['first', 'maxLength'],
      ['second', 'maxLength'],
      ['third', 'isLength'],
    ]);
    expect(await issues(registry, 'slug.dto', { first: 'ab!', second: 'abc', third: 'abc' })).toEqual([
      ['first', 'matches'],
    ]);
  });

  it('that are catastrophically ambiguous are refused when the registry is built, with what to do', async () => {
    const problems = await definitionProblems(toolWithPattern('^(a|aa)+$'));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain("@Arg('s')");
    expect(problems[0]).toContain('"^(a|aa)+$"');
    expect(problems[0]).toMatch(
      /rewrite it without nested or overlapping quantifiers, or use a format, or a DTO with a custom constraint/,
    );
  });

  it('are refused in a JSON Schema type, in an output schema and in @Matches', async () => {
    @Tool({
      name: 'schema.patterns',
      description: 'x',
      output: { type: 'object', properties: { id: { type: 'string', pattern: '^(x+x+)+y$' } } },
    })
    class SchemaPatterns {
      execute(
        @Arg('o', { type: { type: 'object', properties: { code: { type: 'string', pattern: '^(\\w+\\s?)*$' } } } })
        o: object,
      ): object {
        return o;
      }
    }
    class AmbiguousInput {
      @IsString() @Matches(/^([a-z]+)+$/i) name!: string;
    }
    @Tool({ name: 'dto.pattern', description: 'x' })
    class DtoPattern {
      execute(@Input() input: AmbiguousInput): string {
        return input.name;
      }
    }
    const problems = await definitionProblems(
      toolset({ name: 't', tools: [SchemaPatterns, DtoPattern], granted: all }),
    );
    expect(problems).toEqual([
      expect.stringMatching(
        /@Arg\('o'\)\.code: pattern "\^\(\\\\w\+\\\\s\?\)\*\$" can take exponential or polynomial time/,
      ),
      expect.stringMatching(/output\.id: pattern "\^\(x\+x\+\)\+y\$" can take/),
      expect.stringMatching(/AmbiguousInput\.name: @Matches: pattern "\^\(\[a-z\]\+\)\+\$" can take/),
    ]);
  });

  it('that are not valid regexes are refused in a JSON Schema too', async () => {
    @Tool({ name: 'schema.invalid', description: 'x' })
    class InvalidPattern {
      execute(@Arg('s', { type: { type: 'string', pattern: '(' } }) s: string): string {
        return s;
      }
    }
    expect(await definitionProblems(toolset({ name: 't', tools: [InvalidPattern], granted: all }))).toEqual([
      expect.stringMatching(/@Arg\('s'\): pattern "\(" is not a valid regular expression/),
    ]);
  });

  it('are judged with their flags, each verdict kept apart, and refused by code, word for word; a pattern is shown up to 200 characters', async () => {
    class Flagged {
      @Matches(/^(a|A)+$/) plain!: string;
      @Matches(/^(a|A)+$/i) folded!: string;
      @Matches(/^(.|\n)+$/) lines!: string;
      @Matches(/^(.|\n)+$/s) dotAll!: string;
      @Matches(/^(?:\n^)*\n*$/) single!: string;
      @Matches(/^(?:\n^)*\n*$/m) multiLine!: string;
      // Valid without the u flag, which the @Arg below has, and is refused for.
      @Matches('\\_') escaped!: string;
    }
    @Tool({ name: 'flagged', description: 'x' })
    class FlaggedTool {
      execute(@Input() input: Flagged): string {
        return input.plain;
      }
    }
    const at200 = `(${'a'.repeat(199)}`;
    const at201 = `(${'a'.repeat(200)}`;
    @Tool({ name: 'unicode', description: 'x' })
    class UnicodeTool {
      execute(
        @Arg('escaped', { pattern: '\\_' }) escaped: string,
        @Arg('named', { pattern: '^(?<a>x)\\k<a>$' }) named: string,
        @Arg('at200', { pattern: at200 }) a: string,
        @Arg('at201', { pattern: at201 }) b: string,
      ): string {
        return escaped + named + a + b;
      }
    }
    const error = await buildRegistry(toolset({ name: 't', tools: [FlaggedTool, UnicodeTool], granted: all })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ToolDefinitionError);
    const unsafe = (shown: string) =>
      `pattern ${shown} can take exponential or polynomial time on some inputs (nested or overlapping quantifiers, such as (a|aa)+, (a+)+ or .*a.*), so a model could block the process with one call; rewrite it without nested or overlapping quantifiers, or use a format, or a DTO with a custom constraint`;
    expect((error as ToolDefinitionError).details).toEqual([
      {
        where: 'FlaggedTool.execute parameter #1: Flagged.folded: @Matches',
        code: 'unsafe_pattern',
        message: unsafe('"^(a|A)+$"'),
      },
      {
        where: 'FlaggedTool.execute parameter #1: Flagged.dotAll: @Matches',
        code: 'unsafe_pattern',
        message: unsafe('"^(.|\\\\n)+$"'),
      },
      {
        where: 'FlaggedTool.execute parameter #1: Flagged.multiLine: @Matches',
        code: 'unsafe_pattern',
        message: unsafe(JSON.stringify(/^(?:\n^)*\n*$/.source)),
      },
      {
        where: "UnicodeTool.execute @Arg('escaped')",
        code: 'invalid_pattern',
        message: 'pattern "\\\\_" is not a valid regular expression',
      },
      {
        where: "UnicodeTool.execute @Arg('named')",
        code: 'unreadable_pattern',
        message:
          'pattern "^(?<a>x)\\\\k<a>$" uses syntax the backtracking check cannot read (named groups or backreferences, for example), so it cannot be shown to be safe; rewrite it without them, or use a format, or a DTO with a custom constraint',
      },
      {
        where: "UnicodeTool.execute @Arg('at200')",
        code: 'invalid_pattern',
        message: `pattern "${at200}" is not a valid regular expression`,
      },
      {
        where: "UnicodeTool.execute @Arg('at201')",
        code: 'invalid_pattern',
        message: `pattern "${at201.slice(0, 200)}…" is not a valid regular expression`,
      },
    ]);
  });

  it('that hold a lookaround reading to the end at every position are refused: quadratic, though not ambiguous', async () => {
    for (const pattern of ['x(?=[a-z]*1)', '^(?:(?!.{0,50000}\u0000).)*$', '^(?=a)(?:(?=.*z)x)+$', '(?<=a.*)b']) {
      const problems = await definitionProblems(toolWithPattern(pattern));
      expect(problems).toEqual([expect.stringMatching(/has a lookaround .* takes quadratic time on a long value/)]);
    }
    // Right after a leading ^, a lookaround runs once; a short one is linear anywhere.
    for (const pattern of ['^(?=.*[A-Z])(?=.*\\d).{8,64}$', '^[a-z]+(?=\\d{2})', 'a(?=b{0,100})'])
      await expect(buildRegistry(toolWithPattern(pattern))).resolves.toBeDefined();
  });

  it('that are ordinary are accepted', async () => {
    await expect(buildRegistry(toolWithPattern('^[a-z0-9]+(?:-[a-z0-9]+)*$'))).resolves.toBeDefined();
  });
});

describe('coercion', () => {
  it('does not coerce numeric text longer than 64 characters, nor scan it', async () => {
    const { registry } = await buildRegistry(
      toolsModule({ coerce: true }),
      toolset({ name: 't', tools: [Numbers], granted: all }),
    );
    expect(await registry.dispatch('numbers', { n: ' -1.5e3 ' })).toMatchObject({ ok: true, value: '-1500' });
    expect(await registry.dispatch('numbers', { n: '5.' })).toMatchObject({ ok: true, value: '5' });
    expect(await issues(registry, 'numbers', { n: '1'.repeat(65) })).toEqual([['n', 'isNumber']]);
    expect(await issues(registry, 'numbers', { n: `${'1'.repeat(80_000)}x` })).toEqual([['n', 'isNumber']]);
  });

  it('coerces only text to a number: an array or an object whose text would read as one stays what it is, and is refused', async () => {
    const { registry } = await buildRegistry(
      toolsModule({ coerce: true }),
      toolset({ name: 't', tools: [Numbers], granted: all }),
    );
    expect(await issues(registry, 'numbers', { n: ['42'] })).toEqual([['n', 'isNumber']]);
    expect(await issues(registry, 'numbers', { n: [7] })).toEqual([['n', 'isNumber']]);
    expect(await issues(registry, 'numbers', { n: true })).toEqual([['n', 'isNumber']]);
  });

  it('coerces numeric text of 64 characters at most: 63 and 64 are numbers, 65 is not', async () => {
    const { registry } = await buildRegistry(
      toolsModule({ coerce: true }),
      toolset({ name: 't', tools: [Numbers], granted: all }),
    );
    expect(await registry.dispatch('numbers', { n: '1'.repeat(63) })).toMatchObject({
      ok: true,
      value: String(Number('1'.repeat(63))),
    });
    expect(await registry.dispatch('numbers', { n: '1'.repeat(64) })).toMatchObject({
      ok: true,
      value: String(Number('1'.repeat(64))),
    });
    expect(await registry.dispatch('numbers', { n: ` ${'1'.repeat(62)} ` })).toMatchObject({
      ok: true,
      value: String(Number('1'.repeat(62))),
    });
    expect(await issues(registry, 'numbers', { n: ` ${'1'.repeat(63)} ` })).toEqual([['n', 'isNumber']]);
  });

  it.each([
    ['42', '42'],
    ['-7', '-7'],
    ['0.25', '0.25'],
    ['.5', '0.5'],
    ['-.5', '-0.5'],
    ['5.', '5'],
    ['1e3', '1000'],
    ['1E3', '1000'],
    ['1e+3', '1000'],
    ['25e-1', '2.5'],
    [' \t42\n ', '42'],
  ])('coerces the numeric text %j to a number', async (text, shown) => {
    const { registry } = await buildRegistry(
      toolsModule({ coerce: true }),
      toolset({ name: 't', tools: [Numbers], granted: all }),
    );
    expect(await registry.dispatch('numbers', { n: text })).toMatchObject({ ok: true, value: shown });
  });

  it.each([
    '+1',
    '1e',
    'e3',
    '.',
    '-',
    '1.2.3',
    '0x10',
    '1_000',
    '',
    ' ',
    'Infinity',
    'NaN',
    '1 2',
    'x42',
    '42x',
    '4a2',
    '--1',
    '1ee3',
    '1e3.5',
  ])('does not coerce the text %j, which is not a decimal number', async (text) => {
    const { registry } = await buildRegistry(
      toolsModule({ coerce: true }),
      toolset({ name: 't', tools: [Numbers], granted: all }),
    );
    expect(await issues(registry, 'numbers', { n: text })).toEqual([['n', 'isNumber']]);
  });

  it('parses JSON text for an array only when it starts, after spaces, with a bracket', async () => {
    const { registry } = await buildRegistry(
      toolsModule({ coerce: true }),
      toolset({ name: 't', tools: [Numbers], granted: all }),
    );
    expect(await registry.dispatch('numbers', { n: 1, tags: ' \t\r\n["a","b"]' })).toMatchObject({
      ok: true,
      value: '12',
    });
    expect(await issues(registry, 'numbers', { n: 1, tags: '{"a":1}' })).toEqual([['tags', 'isArray']]);
    expect(await issues(registry, 'numbers', { n: 1, tags: 'x["a"]' })).toEqual([['tags', 'isArray']]);
    expect(await issues(registry, 'numbers', { n: 1, tags: '["a"' })).toEqual([['tags', 'isArray']]);
    expect(await issues(registry, 'numbers', { n: 1, tags: '   ' })).toEqual([['tags', 'isArray']]);
  });

  it('parses JSON text only when its brackets, outside strings, nest within maxDepth', async () => {
    // The arguments are level 1 and tags level 2: with maxDepth 3, tags may nest 2 deep.
    const { registry } = await buildRegistry(
      toolsModule({ coerce: true, limits: { maxDepth: 3 } }),
      toolset({ name: 't', tools: [Numbers], granted: all }),
    );
    expect(await issues(registry, 'numbers', { n: 1, tags: '[["a"]]' })).toEqual([['tags[0]', 'isString']]);
    expect(await issues(registry, 'numbers', { n: 1, tags: '[["a"],["b"],{"c":1}]' })).toEqual([
      ['tags[0]', 'isString'],
      ['tags[1]', 'isString'],
      ['tags[2]', 'isString'],
    ]);
    expect(await issues(registry, 'numbers', { n: 1, tags: '[[["a"]]]' })).toEqual([['tags', 'isArray']]);
    expect(await issues(registry, 'numbers', { n: 1, tags: '[{"a":{}}]' })).toEqual([['tags', 'isArray']]);
    // Brackets inside strings, escaped quotes included, do not count.
    expect(await registry.dispatch('numbers', { n: 1, tags: '["[[[[", "{{{{"]' })).toMatchObject({
      ok: true,
      value: '12',
    });
    expect(await registry.dispatch('numbers', { n: 1, tags: '["\\"[[[[", "\\\\", "]]]]{{{{"]' })).toMatchObject({
      ok: true,
      value: '13',
    });
  });

  it('parses JSON text of maxStringLength characters, and not one more', async () => {
    const { registry } = await buildRegistry(
      toolsModule({ coerce: true, limits: { maxStringLength: 100 } }),
      toolset({ name: 't', tools: [Numbers], granted: all }),
    );
    const text = (length: number) => `["${'a'.repeat(length - 4)}"]`;
    expect(await registry.dispatch('numbers', { n: 1, tags: text(99) })).toMatchObject({ ok: true, value: '11' });
    expect(await registry.dispatch('numbers', { n: 1, tags: text(100) })).toMatchObject({ ok: true, value: '11' });
    expect(await issues(registry, 'numbers', { n: 1, tags: text(101) })).toEqual([['tags', 'isArray']]);
  });

  it('does not parse JSON text longer than maxStringLength', async () => {
    const { registry } = await buildRegistry(
      toolsModule({ coerce: true, limits: { maxStringLength: 100 } }),
      toolset({ name: 't', tools: [Numbers], granted: all }),
    );
    expect(await registry.dispatch('numbers', { n: 1, tags: '["a"]' })).toMatchObject({ ok: true, value: '11' });
    expect(await issues(registry, 'numbers', { n: 1, tags: JSON.stringify(new Array(60).fill('a')) })).toEqual([
      ['tags', 'isArray'],
    ]);
  });
});

@Tool({ name: 'every.format', description: 'One optional argument per format.' })
class EveryFormat {
  execute(
    @Arg('email', { format: 'email', optional: true }) _email?: string,
    @Arg('uri', { format: 'uri', optional: true }) _uri?: string,
    @Arg('uuid', { format: 'uuid', optional: true }) _uuid?: string,
    @Arg('date-time', { format: 'date-time', optional: true }) _dateTime?: string,
    @Arg('date', { format: 'date', optional: true }) _date?: string,
    @Arg('time', { format: 'time', optional: true }) _time?: string,
    @Arg('ipv4', { format: 'ipv4', optional: true }) _ipv4?: string,
    @Arg('ipv6', { format: 'ipv6', optional: true }) _ipv6?: string,
    @Arg('hostname', { format: 'hostname', optional: true }) _hostname?: string,
  ): string {
    return 'ok';
  }
}

/**
 * Valid values of each format, shorter than its longest, at it, and one character past it (valid to validator.js where
 * it can be).
 */
const FORMAT_LENGTHS: [format: string, max: number, below: string, at: string, above: string][] = [
  [
    'email',
    254,
    'a@b.co',
    `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`,
    `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.com`,
  ],
  ['uri', 2_084, 'https://e.com/', `https://e.com/${'a'.repeat(2_070)}`, `https://e.com/${'a'.repeat(2_071)}`],
  [
    'uuid',
    36,
    '123e4567-e89b-42d3-a456-426614174000',
    '123e4567-e89b-42d3-a456-426614174000',
    '123e4567-e89b-42d3-a456-4266141740000',
  ],
  [
    'date-time',
    64,
    '2024-01-01T00:00:00Z',
    `2024-01-01T00:00:00.${'1'.repeat(38)}+00:00`,
    `2024-01-01T00:00:00.${'1'.repeat(39)}+00:00`,
  ],
  ['date', 10, '2024-01-01', '2024-01-01', '2024-01-011'],
  ['time', 32, '12:00', `12:00:00.${'1'.repeat(17)}+00:00`, `12:00:00.${'1'.repeat(18)}+00:00`],
  ['ipv4', 15, '1.2.3.4', '255.255.255.255', '255.255.255.2555'],
  ['ipv6', 64, '::1', `fe80::1%${'e'.repeat(56)}`, `fe80::1%${'e'.repeat(57)}`],
  [
    'hostname',
    253,
    'example',
    `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`,
    `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(62)}`,
  ],
];

describe('formats', () => {
  it.each(FORMAT_LENGTHS)(
    '%s: accepted below and at its longest (%i characters), refused one character past it',
    async (format, max, below, at, above) => {
      const { registry } = await buildRegistry(toolset({ name: 't', tools: [EveryFormat], granted: all }));
      expect([at.length, above.length]).toEqual([max, max + 1]);
      expect(await issues(registry, 'every.format', { [format]: below })).toEqual([]);
      expect(await issues(registry, 'every.format', { [format]: at })).toEqual([]);
      expect(await issues(registry, 'every.format', { [format]: above })).toEqual([[format, format]]);
    },
  );

  it('fail on a string longer than the format allows, before validator.js runs', async () => {
    const { registry } = await buildRegistry(toolset({ name: 't', tools: [Formats], granted: all }));
    expect(await registry.dispatch('formats', { host: `${'a.'.repeat(100)}com` })).toMatchObject({ ok: true });
    expect(await issues(registry, 'formats', { host: `${'a.'.repeat(130)}com` })).toEqual([['host', 'hostname']]);
    expect(await issues(registry, 'formats', { email: `${'a'.repeat(60)}@${'b.'.repeat(100)}com` })).toEqual([
      ['email', 'email'],
    ]);
  });
});

@Tool({ name: 'coerced.object', description: 'An open object, coerced from JSON text.' })
class CoercedObject {
  execute(@Arg('open', { type: { type: 'object', properties: { id: { type: 'string' } } } }) open: object): string {
    return JSON.stringify(open);
  }
}

describe('coercion: what is parsed, and what an unparsed text is called', () => {
  const coerced = async (limits = {}) =>
    (
      await buildRegistry(
        toolsModule({ coerce: true, limits }),
        toolset({ name: 't', tools: [Numbers, CoercedObject], granted: all }),
      )
    ).registry;
  const messages = async (registry: ToolRegistry, tool: string, args: unknown) => {
    const outcome = await registry.dispatch(tool, args);
    return outcome.ok ? [] : (outcome.error.issues ?? []).map((i) => i.message);
  };

  it.each([
    ['.25', '0.25'],
    ['-.125', '-0.125'],
    ['1e10', '10000000000'],
    ['15e-10', '1.5e-9'],
    ['2E+12', '2000000000000'],
  ])('coerces %j, whose fraction or exponent has several digits', async (text, shown) => {
    expect(await (await coerced()).dispatch('numbers', { n: text })).toMatchObject({ ok: true, value: shown });
  });

  it('refuses numeric text that makes no finite number ("1e999"), as it refuses NaN and Infinity given as numbers', async () => {
    const r = await coerced();
    expect(await messages(r, 'numbers', { n: '1e999' })).toEqual(['n must be a number, got Infinity']);
    expect(await messages(r, 'numbers', { n: '-1e999' })).toEqual(['n must be a number, got -Infinity']);
    expect(await messages(r, 'numbers', { n: Number.NaN })).toEqual(['n must be a number, got NaN']);
    expect(await messages(r, 'numbers', { n: Number.POSITIVE_INFINITY })).toEqual(['n must be a number, got Infinity']);
    expect(await r.dispatch('numbers', { n: '1e308' })).toMatchObject({ ok: true, value: '1e+308' });
  });

  it('leaves a text for an array that does not start with "[" unparsed, and quotes it', async () => {
    const r = await coerced();
    expect(await messages(r, 'numbers', { n: 1, tags: '{"a":1}' })).toEqual([
      'tags must be an array, got "{\\"a\\":1}"',
    ]);
    expect(await messages(r, 'numbers', { n: 1, tags: '"a"' })).toEqual(['tags must be an array, got "\\"a\\""']);
    expect(await messages(r, 'coerced.object', { open: '[1]' })).toEqual(['open must be an object, got "[1]"']);
    expect(await messages(r, 'coerced.object', { open: '{"id":"a"}' })).toEqual([]);
    expect(await r.dispatch('coerced.object', { open: ' {"id":"a"}' })).toMatchObject({
      ok: true,
      value: '{"id":"a"}',
    });
  });

  it('returns a text that is not JSON as it was, and quotes it', async () => {
    const r = await coerced();
    expect(await messages(r, 'numbers', { n: 1, tags: '["a"' })).toEqual(['tags must be an array, got "[\\"a\\""']);
    expect(await messages(r, 'coerced.object', { open: '{id: 1}' })).toEqual(['open must be an object, got "{id: 1}"']);
  });

  it('takes an array as it is, even one whose first item is "["', async () => {
    const r = await coerced();
    expect(await r.dispatch('numbers', { n: 1, tags: ['[', '{'] })).toMatchObject({ ok: true, value: '12' });
    expect(await r.dispatch('coerced.object', { open: { id: '{' } })).toMatchObject({ ok: true, value: '{"id":"{"}' });
  });

  it('counts a "}" as closing what a "{" opened', async () => {
    // The arguments are level 1 and tags level 2: with maxDepth 3, tags may nest 2 deep, one object after another.
    const r = await coerced({ maxDepth: 3 });
    expect(await messages(r, 'numbers', { n: 1, tags: '[{"a":1},{"b":2},{"c":3}]' })).toEqual([
      'tags[0] must be a string, got an object',
      'tags[1] must be a string, got an object',
      'tags[2] must be a string, got an object',
    ]);
    expect(await messages(r, 'numbers', { n: 1, tags: '[{"a":{}}]' })).toEqual([
      'tags must be an array, got "[{\\"a\\":{}}]"',
    ]);
  });

  it('parses a text only while it fits what is left of maxTotalSize: at it, the object is parsed (and then passes the total); one more, it is not', async () => {
    // The arguments object 8 + "open" 4 + 8 = 20; a text of 80 reaches 100 exactly, one of 81 passes it.
    const r = await coerced({ maxTotalSize: 100 });
    const text = (length: number) => `{"id":"${'x'.repeat(length - 9)}"}`;
    expect(await r.dispatch('coerced.object', { open: text(10) })).toMatchObject({ ok: true, value: text(10) });
    expect(await messages(r, 'coerced.object', { open: text(80) })).toEqual([
      'the arguments must be at most 100 in total size (characters of strings and keys, plus 8 per value and per key)',
    ]);
    expect(await messages(r, 'coerced.object', { open: text(81) })).toEqual([
      'open must be an object, got a string of 81 characters',
    ]);
  });

  it('counts the parsed text as well as what it parses to: a text whose object alone would fit is refused when both do not', async () => {
    // 20 for the arguments, then 40 for the text and about as much again for the object it holds: over 100 together,
    // under it apart.
    const r = await coerced({ maxTotalSize: 100 });
    const text = `{"id":"${'x'.repeat(31)}"}`;
    expect(await messages(r, 'coerced.object', { open: text })).toEqual([
      'the arguments must be at most 100 in total size (characters of strings and keys, plus 8 per value and per key)',
    ]);
    expect(await r.dispatch('coerced.object', { open: { id: 'x'.repeat(31) } })).toMatchObject({ ok: true });
  });
});
