import { readFileSync } from 'node:fs';
import { Type } from 'class-transformer';
import * as v from 'class-validator';
import { Description, Input, PermissionSet, Tool, toolset, ToolValidationError } from 'hermes-tools';
import { buildRegistry } from './support/buildRegistry.js';

enum Priority {
  Low,
  High,
}
enum Color {
  Red = 'red',
  Blue = 'blue',
}

@v.ValidatorConstraint({ name: 'isPrime' })
class IsPrime implements v.ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'number' && [2, 3, 5, 7, 11, 13].includes(value);
  }
  defaultMessage(): string {
    return '$property must be a small prime';
  }
}

type Decorate = (target: object, property: string) => void;

/** A custom constraint whose name is also a key every object inherits. */
@v.ValidatorConstraint({ name: 'constructor' })
class Constructor implements v.ValidatorConstraintInterface {
  validate(): boolean {
    return true;
  }
}

/**
 * A custom decorator registered under the name isEnum, with the enum as its only constraint (@IsEnum also passes the
 * enum's values).
 */
const customIsEnum: Decorate = (target, property) =>
  v.registerDecorator({
    name: 'isEnum',
    target: target.constructor,
    propertyName: property,
    constraints: [Color],
    validator: { validate: (x: unknown) => typeof x === 'string' },
  });

class Inner {
  @v.IsString() a!: string;
}
const INNER = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false };

/** Each row of the README's "decorator → JSON Schema" table: the decorators, and the property schema they give. */
const ROWS: [row: string, decorators: Decorate[], schema: Record<string, unknown>][] = [
  ['@IsString()', [v.IsString()], { type: 'string' }],
  ['@IsNumber()', [v.IsNumber()], { type: 'number' }],
  ['@IsInt()', [v.IsInt()], { type: 'integer' }],
  ['@IsBoolean()', [v.IsBoolean()], { type: 'boolean' }],
  ['@IsObject()', [v.IsObject()], { type: 'object', properties: {}, required: [], additionalProperties: true }],
  ['@IsArray()', [v.IsArray()], { type: 'array', items: {} }],
  ['@Min(n) / @Max(n)', [v.IsNumber(), v.Min(1), v.Max(9)], { type: 'number', minimum: 1, maximum: 9 }],
  ['@IsPositive() / @IsNegative()', [v.IsPositive()], { type: 'number', exclusiveMinimum: 0 }],
  [
    '@MinLength(n) / @MaxLength(n) / @Length(a, b)',
    [v.IsString(), v.Length(2, 5)],
    { type: 'string', minLength: 2, maxLength: 5 },
  ],
  ['@IsNotEmpty() on a string', [v.IsString(), v.IsNotEmpty()], { type: 'string', minLength: 1 }],
  ['@Matches(re)', [v.Matches(/^[a-z]+$/)], { type: 'string', pattern: '^[a-z]+$' }],
  ['@IsIn([...])', [v.IsIn(['a', 'b'])], { type: 'string', enum: ['a', 'b'] }],
  ['@IsIn([1, 2])', [v.IsIn([1, 2])], { type: 'integer', enum: [1, 2] }],
  ['@Equals(x)', [v.Equals('yes')], { type: 'string', enum: ['yes'] }],
  ['@IsEnum(StringEnum)', [v.IsEnum(Color)], { type: 'string', enum: ['red', 'blue'] }],
  ['@IsEnum(NumericEnum)', [v.IsEnum(Priority)], { type: 'integer', enum: [0, 1] }],
  ['@IsEmail()', [v.IsEmail()], { type: 'string', pattern: '@', description: 'Must also satisfy: isEmail.' }],
  ["@IsUUID() / @IsUUID('4')", [v.IsUUID('4')], { type: 'string', format: 'uuid' }],
  ['@IsUrl()', [v.IsUrl()], { type: 'string', description: 'Must also satisfy: isUrl.' }],
  ['@IsFQDN()', [v.IsFQDN()], { type: 'string', pattern: '\\.', description: 'Must also satisfy: isFqdn.' }],
  ["@IsIP('4')", [v.IsIP('4')], { type: 'string', format: 'ipv4' }],
  ["@IsIP('6')", [v.IsIP('6')], { type: 'string', pattern: ':', description: 'Must also satisfy: isIp("6").' }],
  [
    '@IsDateString() / @IsISO8601()',
    [v.IsISO8601()],
    { type: 'string', pattern: '^[+-]?\\d{4}', description: 'Must also satisfy: isIso8601.' },
  ],
  ['@IsDivisibleBy(n), n a positive integer', [v.IsInt(), v.IsDivisibleBy(5)], { type: 'integer', multipleOf: 5 }],
  [
    '@ArrayUnique() of scalar items',
    [v.IsString({ each: true }), v.ArrayUnique()],
    { type: 'array', items: { type: 'string' }, uniqueItems: true },
  ],
  ['@IsAlpha() / @IsHexColor() / @IsHash(alg)…', [v.IsAlpha()], { type: 'string', pattern: '^[A-Za-z]+$' }],
  [
    '@IsJSON() / @IsISBN() / @IsLowercase()…',
    [v.IsLowercase()],
    { type: 'string', pattern: '^[^A-Z]*$', description: 'Must also satisfy: isLowercase.' },
  ],
  ["@Contains('x')", [v.Contains('a.b')], { type: 'string', pattern: 'a\\.b' }],
  ['@IsBooleanString()', [v.IsBooleanString()], { type: 'string', enum: ['true', 'false', '1', '0'] }],
  ['@Type(() => Date) @IsDate()', [Type(() => Date), v.IsDate()], { type: 'string', format: 'date-time' }],
  [
    '@ArrayMinSize(n) / @ArrayMaxSize(n) / @ArrayNotEmpty()',
    [v.IsArray(), v.ArrayNotEmpty(), v.ArrayMaxSize(4)],
    { type: 'array', items: {}, minItems: 1, maxItems: 4 },
  ],
  ['@IsString({ each: true })', [v.IsString({ each: true })], { type: 'array', items: { type: 'string' } }],
  [
    'no schema form: named in the description',
    [v.IsString(), v.NotContains('x')],
    { type: 'string', description: 'Must also satisfy: notContains("x").' },
  ],
  [
    '@Validate(Constraint): its @ValidatorConstraint name',
    [v.IsInt(), v.Validate(IsPrime)],
    { type: 'integer', description: 'Must also satisfy: isPrime.' },
  ],
];

function dtoOf(decorators: Decorate[]): Function {
  class RowDto {
    value!: unknown;
  }
  for (const decorate of [...decorators].reverse()) decorate(RowDto.prototype, 'value');
  return RowDto;
}

async function schemaOf(dto: Function): Promise<Record<string, unknown>> {
  @Tool({ name: 'row', description: 'x' })
  class RowTool {
    execute(@Input(dto as new () => object) _input: object): string {
      return 'ok';
    }
  }
  const { registry } = await buildRegistry(toolset({ name: 'r', tools: [RowTool], granted: PermissionSet.all() }));
  return (registry.definitions()[0]!.inputSchema as { properties: Record<string, Record<string, unknown>> }).properties
    .value!;
}

describe('the README table of class-validator decorators and their JSON Schema', () => {
  it.each(ROWS)('%s', async (_row, decorators, schema) => {
    expect(await schemaOf(dtoOf(decorators))).toEqual(schema);
  });

  it.each([
    ["@IsIP('4')", [v.IsIP('4')], { type: 'string', format: 'ipv4' }],
    [
      '@IsIP() of either version: no format, named',
      [v.IsIP()],
      { type: 'string', description: 'Must also satisfy: isIp.' },
    ],
    ['@Equals(3)', [v.Equals(3)], { type: 'number', enum: [3] }],
    ['@Equals(true): no schema form', [v.Equals(true)], { description: 'Must also satisfy: equals(true).' }],
    ['@IsIn of fractions', [v.IsIn([1.5, 2])], { type: 'number', enum: [1.5, 2] }],
    ['@IsIn of mixed types: no schema form', [v.IsIn(['a', 1])], { description: 'Must also satisfy: isIn.' }],
    ['@IsNegative()', [v.IsNegative()], { type: 'number', exclusiveMaximum: 0 }],
    ['@Length(a) without b', [v.IsString(), v.Length(2)], { type: 'string', minLength: 2 }],
    ['@MinLength(n) @MaxLength(n)', [v.MinLength(2), v.MaxLength(5)], { type: 'string', minLength: 2, maxLength: 5 }],
    ['@IsNotEmpty() after a longer @MinLength', [v.MinLength(3), v.IsNotEmpty()], { type: 'string', minLength: 3 }],
    [
      '@IsNotEmpty() on a number: named',
      [v.IsInt(), v.IsNotEmpty()],
      { type: 'integer', description: 'Must also satisfy: isNotEmpty.' },
    ],
    ["@Matches('^a$') as a string", [v.Matches('^a$')], { type: 'string', pattern: '^a$' }],
    ['@Matches with the u flag', [v.Matches(/^a$/u)], { type: 'string', pattern: '^a$' }],
    [
      '@Matches with the i flag: named',
      [v.Matches(/^a$/i)],
      { type: 'string', description: 'Must also satisfy: matches.' },
    ],
    [
      "@Matches('^a$', 'i'): named",
      [v.Matches('^a$', 'i')],
      { type: 'string', description: 'Must also satisfy: matches("^a$", "i").' },
    ],
    [
      '@IsEmail(options): named, since the options narrow the format',
      [v.IsEmail({ allow_display_name: true })],
      { type: 'string', pattern: '@', description: 'Must also satisfy: isEmail.' },
    ],
    [
      '@ArrayMinSize(n) with @ArrayNotEmpty()',
      [v.IsArray(), v.ArrayMinSize(3), v.ArrayNotEmpty()],
      { type: 'array', items: {}, minItems: 3 },
    ],
    [
      '@ArrayNotEmpty() then @ArrayMinSize(n)',
      [v.IsArray(), v.ArrayNotEmpty(), v.ArrayMinSize(3)],
      { type: 'array', items: {}, minItems: 3 },
    ],
    [
      '@ArrayUnique(): named',
      [v.IsArray(), v.ArrayUnique()],
      { type: 'array', items: {}, description: 'Must also satisfy: arrayUnique.' },
    ],
    [
      '@Type(() => Number) @IsInt({ each: true })',
      [Type(() => Number), v.IsInt({ each: true })],
      { type: 'array', items: { type: 'integer' } },
    ],
    [
      '@IsPositive({ each: true }) @IsDivisibleBy(2, { each: true })',
      [v.IsPositive({ each: true }), v.IsDivisibleBy(2, { each: true })],
      {
        type: 'array',
        items: { type: 'number', exclusiveMinimum: 0, multipleOf: 2 },
      },
    ],
    // A number version names the same format as a string one.
    ['@IsIP(4)', [v.IsIP(4)], { type: 'string', format: 'ipv4' }],
    ['@IsIP(6)', [v.IsIP(6)], { type: 'string', pattern: ':', description: 'Must also satisfy: isIp(6).' }],
    [
      '@IsDateString(options): a year first, the rest named',
      [v.IsDateString({ strict: true })],
      { type: 'string', pattern: '^[+-]?\\d{4}', description: 'Must also satisfy: isDateString.' },
    ],
    [
      '@IsDivisibleBy(2.5): validator.js divides by parseInt(n), so named',
      [v.IsDivisibleBy(2.5)],
      { type: 'number', description: 'Must also satisfy: isDivisibleBy(2.5).' },
    ],
    [
      '@ArrayUnique() of any items: two equal objects are not duplicates to a Set, so named',
      [v.IsArray(), v.ArrayUnique()],
      { type: 'array', items: {}, description: 'Must also satisfy: arrayUnique.' },
    ],
    ['@ArrayMinSize(n) alone says an array', [v.ArrayMinSize(2)], { type: 'array', items: {}, minItems: 2 }],
    ["@IsHash('md5')", [v.IsHash('md5')], { type: 'string', pattern: '^[a-fA-F0-9]{32}$' }],
    [
      '@IsMongoId()',
      [v.IsMongoId()],
      { type: 'string', pattern: '^(0[xXhH])?[0-9A-Fa-f]+$', minLength: 24, maxLength: 24 },
    ],
    [
      "@IsAlpha('de-DE'): another alphabet, named",
      [v.IsAlpha('de-DE')],
      { type: 'string', description: 'Must also satisfy: isAlpha("de-DE").' },
    ],
    ["@Matches('^a$', ''): no modifiers", [v.Matches('^a$', '')], { type: 'string', pattern: '^a$' }],
    [
      '@Equals(null): no schema form, named without its argument',
      [v.Equals(null)],
      { description: 'Must also satisfy: equals.' },
    ],
    // A value of the other type than the one declared cannot be an enum of it: named.
    [
      "@IsInt() @Equals('a')",
      [v.IsInt(), v.Equals('a')],
      { type: 'integer', description: 'Must also satisfy: equals("a").' },
    ],
    [
      '@IsString() @Equals(3)',
      [v.IsString(), v.Equals(3)],
      { type: 'string', description: 'Must also satisfy: equals(3).' },
    ],
    ["@IsInt() @IsIn(['a'])", [v.IsInt(), v.IsIn(['a'])], { type: 'integer', description: 'Must also satisfy: isIn.' }],
    [
      '@IsString() @IsIn([1])',
      [v.IsString(), v.IsIn([1])],
      { type: 'string', description: 'Must also satisfy: isIn.' },
    ],
    ['@IsEnum of an empty enum: no schema form', [v.IsEnum({})], { description: 'Must also satisfy: isEnum.' }],
    [
      '@Validate(Constraint) named as an inherited key (constructor): no type, no format',
      [v.Validate(Constructor)],
      { description: 'Must also satisfy: constructor.' },
    ],
    ['@IsEnum of fractions', [v.IsEnum({ half: 1.5, two: 2 })], { type: 'number', enum: [1.5, 2] }],
    [
      '@IsEnum of mixed types: no schema form',
      [v.IsEnum({ a: 'a', one: 1 })],
      { description: 'Must also satisfy: isEnum.' },
    ],
    // A check of the author's own that takes a built-in's name, without that built-in's arguments: named, not read as
    // the built-in.
    [
      'a custom check named isEnum, given the enum but not its values: named',
      [customIsEnum],
      { description: 'Must also satisfy: isEnum.' },
    ],
    [
      '@Length(a) after @MaxLength(n): the maximum stays',
      [v.IsString(), v.Length(2), v.MaxLength(5)],
      { type: 'string', minLength: 2, maxLength: 5 },
    ],
    // Each string or number constraint on its own says the type.
    ['@MinLength(n) alone', [v.MinLength(2)], { type: 'string', minLength: 2 }],
    ['@MaxLength(n) alone', [v.MaxLength(5)], { type: 'string', maxLength: 5 }],
    ['@Length(a, b) alone', [v.Length(2, 5)], { type: 'string', minLength: 2, maxLength: 5 }],
    ['@IsNotEmpty() alone', [v.IsNotEmpty()], { type: 'string', minLength: 1 }],
    ['@IsAlphanumeric()', [v.IsAlphanumeric()], { type: 'string', pattern: '^[0-9A-Za-z]+$' }],
    ['@IsNumberString()', [v.IsNumberString()], { type: 'string', pattern: '^[+-]?([0-9]*[.])?[0-9]+$' }],
    [
      "@NotContains('x')",
      [v.NotContains('x')],
      { type: 'string', description: 'Must also satisfy: notContains("x").' },
    ],
    ['@Min(n) alone', [v.Min(1)], { type: 'number', minimum: 1 }],
    ['@Max(n) alone', [v.Max(9)], { type: 'number', maximum: 9 }],
    ['@IsDivisibleBy(n) alone', [v.IsDivisibleBy(5)], { type: 'number', multipleOf: 5 }],
    [
      '@IsNotEmptyObject()',
      [v.IsNotEmptyObject()],
      {
        type: 'object',
        properties: {},
        required: [],
        additionalProperties: true,
        description: 'Must also satisfy: isNotEmptyObject.',
      },
    ],
    // A @Description comes first, then the checks with no schema form, one space between; an empty one is left out.
    [
      '@Description(text) and a named check',
      [Description('How many.'), v.IsInt(), v.Validate(IsPrime)],
      { type: 'integer', description: 'How many. Must also satisfy: isPrime.' },
    ],
    [
      "@Description('') and a named check",
      [Description(''), v.IsInt(), v.Validate(IsPrime)],
      { type: 'integer', description: 'Must also satisfy: isPrime.' },
    ],
    [
      'two checks with no schema form: named with a comma between',
      [v.IsInt(), v.IsDivisibleBy(2.5), v.Validate(IsPrime)],
      { type: 'integer', description: 'Must also satisfy: isPrime, isDivisibleBy(2.5).' },
    ],
    [
      'a check named without its function argument',
      [v.IsInt(), v.Validate(IsPrime, [() => 2, 7])],
      { type: 'integer', description: 'Must also satisfy: isPrime(7).' },
    ],
    // @IsDefined() is what `required` says: never named.
    ['@IsDefined() @IsString()', [v.IsDefined(), v.IsString()], { type: 'string' }],
    ['@IsDefined() @IsArray()', [v.IsDefined(), v.IsArray()], { type: 'array', items: {} }],
    // On a nested DTO, the checks that the nested schema already makes are not named again.
    ['@ValidateNested() @IsObject()', [v.ValidateNested(), Type(() => Inner), v.IsObject()], INNER],
    ['@ValidateNested() @IsNotEmptyObject()', [v.ValidateNested(), Type(() => Inner), v.IsNotEmptyObject()], INNER],
    ['@ValidateNested() @IsDefined()', [v.ValidateNested(), Type(() => Inner), v.IsDefined()], INNER],
    [
      '@ValidateNested() @IsNotEmpty(): named',
      [v.ValidateNested(), Type(() => Inner), v.IsNotEmpty()],
      { ...INNER, description: 'Must also satisfy: isNotEmpty.' },
    ],
  ] as [string, Decorate[], Record<string, unknown>][])('beyond the table: %s', async (_row, decorators, schema) => {
    expect(await schemaOf(dtoOf(decorators))).toEqual(schema);
  });

  it('lists every row the test checks, and no other', () => {
    const readme = readFileSync(new URL('../../docs/concepts.md', import.meta.url), 'utf8');
    const section = readme.slice(
      readme.indexOf('<!-- decorator-schema-table -->'),
      readme.indexOf('<!-- /decorator-schema-table -->'),
    );
    const rows = [...section.matchAll(/^\| (.+?) \| `.*` \|$/gm)].map((m) => m[1]!.replace(/`/g, ''));
    expect(rows).toEqual(ROWS.map(([row]) => row));
  });

  it('take the type from @Type(() => X) when no check says it, never from the declared type alone (class-validator does not check it)', async () => {
    class Typed {
      @v.IsDefined() s!: string;
      @v.IsDefined() n!: number;
      @v.IsDefined() b!: boolean;
      @v.IsDefined() o!: object;
      @v.IsDefined() a!: string[];
      @Type(() => String) @v.IsDefined() ts!: unknown;
      @Type(() => Number) @v.IsDefined() tn!: unknown;
      @Type(() => Boolean) @v.IsDefined() tb!: unknown;
      @Type(() => Date) @v.IsDefined() td!: unknown;
    }
    @Tool({ name: 'typed', description: 'x' })
    class TypedTool {
      execute(@Input() _input: Typed): string {
        return 'ok';
      }
    }
    const { registry } = await buildRegistry(toolset({ name: 't', tools: [TypedTool], granted: PermissionSet.all() }));
    expect(registry.definitions()[0]!.inputSchema).toStrictEqual({
      type: 'object',
      properties: {
        s: {},
        n: {},
        b: {},
        o: {},
        a: {},
        ts: { type: 'string' },
        tn: { type: 'number' },
        tb: { type: 'boolean' },
        td: { type: 'string', format: 'date-time' },
      },
      required: ['s', 'n', 'b', 'o', 'a', 'ts', 'tn', 'tb', 'td'],
      additionalProperties: false,
    });
  });

  it('require a property that a check fails when absent, unless it is optional, conditional or has a default', async () => {
    class Required {
      @v.IsString({ each: true }) each!: string[];
      @v.IsString() plain!: string;
      @v.IsOptional() @v.IsString() optional?: string;
      @v.ValidateIf((o: Required) => o.plain === 'x') @v.IsString() conditional?: string;
      @v.IsString() defaulted = 'd';
      @v.Allow() allowed?: unknown;
    }
    @Tool({ name: 'required', description: 'x' })
    class RequiredTool {
      execute(@Input() _input: Required): string {
        return 'ok';
      }
    }
    const { registry } = await buildRegistry(
      toolset({ name: 'q', tools: [RequiredTool], granted: PermissionSet.all() }),
    );
    expect((registry.definitions()[0]!.inputSchema as { required: string[] }).required).toEqual(['each', 'plain']);
  });

  it('report a custom constraint by its @ValidatorConstraint name', async () => {
    class Prime {
      @v.IsInt() @v.Validate(IsPrime) n!: number;
    }
    @Tool({ name: 'prime', description: 'x' })
    class PrimeTool {
      execute(@Input() input: Prime): number {
        return input.n;
      }
    }
    const { registry } = await buildRegistry(toolset({ name: 'p', tools: [PrimeTool], granted: PermissionSet.all() }));
    const error = await registry.call('prime', { n: 4 }).catch((e: unknown) => e);
    expect((error as ToolValidationError).issues).toEqual([
      { path: 'n', message: 'n must be a small prime', constraint: 'isPrime' },
    ]);
  });
});
