// Unit tests of the schema pieces, below the public API.
import 'reflect-metadata';
import { IsIn, Matches } from 'class-validator';
import { compileShape } from '../../src/schema/compileShape.js';
import type { DefinitionProblem } from '../../src/contracts/DefinitionProblem.js';
import { formatProblem } from '../../src/errors/formatProblem.js';
import { jsonSchemaToShape } from '../../src/schema/jsonSchemaToShape.js';
import { shapeToJsonSchema } from '../../src/schema/shapeToJsonSchema.js';
import type { NumberShape, Shape, StringShape } from '../../src/schema/Shape.js';
import { defaultValidationLimits } from '../../src/schema/ValidationLimits.js';
import { ValidationRun } from '../../src/schema/ValidationRun.js';

function check(shape: Shape, value: unknown, quoteValues = true) {
  const run = new ValidationRun(defaultValidationLimits, { quoteValues });
  const out = compileShape(shape, { coerce: false })(value, '', run, 0);
  return { out, issues: run.finish() };
}

describe('jsonSchemaToShape', () => {
  it('round-trips the keywords it supports', () => {
    const schema = {
      type: 'object',
      properties: {
        id: { type: 'string', format: 'uuid' },
        n: { type: ['integer', 'null'], minimum: 0, exclusiveMaximum: 10 },
        tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, maxItems: 2 },
      },
      required: ['id'],
      additionalProperties: false,
    };
    const problems: DefinitionProblem[] = [];
    expect(shapeToJsonSchema(jsonSchemaToShape(schema, 'x', problems))).toEqual(schema);
    expect(problems).toEqual([]);
  });

  it('keeps the value schema of an open map', () => {
    const schema = {
      type: 'object',
      properties: {},
      required: [],
      additionalProperties: { type: 'array', items: { type: 'integer' } },
    };
    const problems: DefinitionProblem[] = [];
    const shape = jsonSchemaToShape(schema, 'x', problems);
    expect(shape).toMatchObject({
      kind: 'object',
      additionalProperties: { kind: 'array', items: { kind: 'number', integer: true } },
    });
    expect(shapeToJsonSchema(shape)).toEqual(schema);
    expect(check(shape, { a: [1], b: [1.5] }).issues.map((i) => i.path)).toEqual(['b[0]']);
    expect(problems).toEqual([]);
  });

  it('refuses keywords the validator would not enforce, instead of ignoring them', () => {
    const problems: DefinitionProblem[] = [];
    jsonSchemaToShape(
      { type: 'object', properties: { a: { oneOf: [] } }, patternProperties: {} },
      'T output',
      problems,
    );
    expect(problems.map((p) => p.code)).toEqual(['unsupported_keyword', 'unsupported_keyword']);
    expect(problems.map(formatProblem)).toEqual([
      'T output: the JSON Schema keyword "patternProperties" is not supported; use a DTO class instead',
      'T output.a: the JSON Schema keyword "oneOf" is not supported; use a DTO class instead',
    ]);
  });
  it('names each problem of a schema by its code and where it is', () => {
    const problems: DefinitionProblem[] = [];
    const schema = JSON.parse(
      '{"type":"object","properties":{"list":{"type":["string","number"]},"bad":{"type":"date"},"mail":{"type":"string","format":"e-mail"},"__proto__":{"type":"string"},"notSchema":3,"map":{"type":"object","additionalProperties":"yes"}}}',
    );
    jsonSchemaToShape(schema, 'T', problems);
    expect(problems.map((p) => [p.where, p.code])).toEqual([
      ['T.list', 'invalid_type'],
      ['T.bad', 'invalid_type'],
      ['T.mail', 'unknown_format'],
      ['T', 'forbidden_key'],
      ['T.notSchema', 'invalid_schema'],
      ['T.map', 'invalid_schema'],
    ]);
  });

  it('reads a type list as nullable only when it lists "null", and keeps the description of a list it refuses', () => {
    const read = (schema: Record<string, unknown>) => {
      const problems: DefinitionProblem[] = [];
      return { shape: jsonSchemaToShape(schema, 'x', problems), problems: problems.map(formatProblem) };
    };
    expect(read({ type: ['string'] })).toEqual({ shape: { kind: 'string' }, problems: [] });
    expect(read({ type: ['null', 'string'] })).toEqual({ shape: { kind: 'string', nullable: true }, problems: [] });
    expect(read({ type: ['null'], description: 'd' })).toEqual({
      shape: { kind: 'unknown', description: 'd' },
      problems: ['x: a type list must be one type, optionally with "null"'],
    });
    expect(read({ type: ['string', 'null', 'number'] }).problems).toEqual([
      'x: a type list must be one type, optionally with "null"',
    ]);
    // No type and no enum: anything, still nullable and described.
    expect(read({ type: [], description: 'd' }).shape).toEqual({ kind: 'unknown', description: 'd' });
    expect(read({ description: 'd' })).toEqual({ shape: { kind: 'unknown', description: 'd' }, problems: [] });
    expect(read({ type: 'date', description: 'd' })).toEqual({
      shape: { kind: 'unknown', description: 'd' },
      problems: ['x: "type" must be one of string, number, integer, boolean, array, object'],
    });
  });

  it('accepts every keyword it supports, and names a nested problem by where it is', () => {
    const problems: DefinitionProblem[] = [];
    const annotations = {
      title: 't',
      default: 1,
      examples: [1],
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      description: 'd',
    };
    jsonSchemaToShape(
      {
        type: 'array',
        ...annotations,
        minItems: 0,
        maxItems: 2,
        items: { type: 'number', minimum: 0, maximum: 2, exclusiveMinimum: -1, exclusiveMaximum: 3 },
      },
      'x',
      problems,
    );
    jsonSchemaToShape(
      { type: 'string', minLength: 0, maxLength: 2, pattern: '^a', format: 'date', enum: ['a'] },
      'x',
      problems,
    );
    jsonSchemaToShape({ type: 'object', properties: {}, required: [], additionalProperties: false }, 'x', problems);
    expect(problems).toEqual([]);
    jsonSchemaToShape({ type: 'array', items: { type: 'date' } }, 'x', problems);
    jsonSchemaToShape({ type: 'object', additionalProperties: { type: 'string', format: 'colour' } }, 'x', problems);
    expect(problems.map(formatProblem)).toEqual([
      'x.items: "type" must be one of string, number, integer, boolean, array, object',
      'x.additionalProperties: unknown format "colour"',
    ]);
  });

  it('reads a pattern as a Unicode regex, as it is run', () => {
    const problems: DefinitionProblem[] = [];
    // Without the u flag, "a{" is a literal brace; with it, a syntax error.
    jsonSchemaToShape({ type: 'string', pattern: 'a{' }, 'x', problems);
    expect(problems.map((p) => p.code)).toEqual(['invalid_pattern']);
  });

  it('reads an enum without a type as numbers only when every value is a number, and each enum as its type', () => {
    const shape = (schema: Record<string, unknown>) => jsonSchemaToShape(schema, 'x', []);
    expect(shape({ enum: [1, 2] })).toEqual({ kind: 'number', integer: false, enum: [1, 2] });
    expect(shape({ enum: [1, 'a'] })).toEqual({ kind: 'string', enum: ['1', 'a'] });
    expect(shape({ enum: ['a', 1] })).toEqual({ kind: 'string', enum: ['a', '1'] });
    expect(shape({ type: 'integer', enum: ['1', 2] })).toEqual({ kind: 'number', integer: true, enum: [1, 2] });
  });

  it('keeps a limit, a pattern, a format or a description only when it has the right type', () => {
    const problems: DefinitionProblem[] = [];
    const shape = jsonSchemaToShape(
      { type: 'string', minLength: '1', maxLength: null, pattern: 5, format: 'colour', description: 42 },
      'x',
      problems,
    );
    expect(shape).toStrictEqual({ kind: 'string' });
    expect(problems.map(formatProblem)).toEqual(['x: unknown format "colour"', 'x: "pattern" must be a string']);
    // A format is a name, not anything whose text is one.
    const listed: DefinitionProblem[] = [];
    expect(jsonSchemaToShape({ type: 'string', format: ['email'] }, 'x', listed)).toStrictEqual({ kind: 'string' });
    expect(listed.map(formatProblem)).toEqual(['x: unknown format ["email"]']);
    expect(jsonSchemaToShape({ type: 'number', minimum: '0', maximum: 1 }, 'x', [])).toStrictEqual({
      kind: 'number',
      integer: false,
      maximum: 1,
    });
    expect(jsonSchemaToShape({ type: 'array', minItems: '0', maxItems: 1 }, 'x', [])).toStrictEqual({
      kind: 'array',
      items: { kind: 'unknown' },
      maxItems: 1,
    });
  });

  it('reads items, properties, required and additionalProperties only when each is the right kind of value', () => {
    const read = (schema: Record<string, unknown>) => {
      const problems: DefinitionProblem[] = [];
      return { shape: jsonSchemaToShape(schema, 'x', problems), problems: problems.map(formatProblem) };
    };
    expect(read({ type: 'array', items: null })).toEqual({
      shape: { kind: 'array', items: { kind: 'unknown' } },
      problems: [],
    });
    expect(read({ type: 'object', properties: 'ab', required: 'ab' })).toEqual({
      shape: { kind: 'object', properties: [], additionalProperties: true },
      problems: [],
    });
    // A required list that is not an array, or none, requires nothing (a string is not read letter by letter),
    // whatever the properties are named.
    const named = { a: { type: 'string' }, 'Stryker was here': { type: 'string' } };
    for (const required of ['a', true, null, undefined]) {
      expect(read({ type: 'object', properties: named, ...(required !== undefined && { required }) }).shape).toEqual({
        kind: 'object',
        properties: [
          { name: 'a', shape: { kind: 'string' }, required: false },
          { name: 'Stryker was here', shape: { kind: 'string' }, required: false },
        ],
        additionalProperties: true,
      });
    }
    expect(read({ type: 'object', properties: { a: null, b: [] } }).problems).toEqual([
      'x.a: must be a JSON Schema object',
      'x.b: must be a JSON Schema object',
    ]);
    expect(read({ type: 'object', additionalProperties: true })).toEqual({
      shape: { kind: 'object', properties: [], additionalProperties: true },
      problems: [],
    });
    for (const extra of [null, [], 'yes']) {
      expect(read({ type: 'object', additionalProperties: extra })).toEqual({
        shape: { kind: 'object', properties: [], additionalProperties: false },
        problems: ['x: "additionalProperties" must be a boolean or a JSON Schema object'],
      });
    }
  });
});

describe('shapeToJsonSchema', () => {
  it('writes only the keywords a shape declares, without keys left undefined', () => {
    const string: StringShape = { kind: 'string', minLength: undefined, maxLength: 3, description: undefined };
    expect(shapeToJsonSchema(string)).toStrictEqual({ type: 'string', maxLength: 3 });
    expect(shapeToJsonSchema({ kind: 'number', integer: false, minimum: 1, maximum: undefined })).toStrictEqual({
      type: 'number',
      minimum: 1,
    });
    expect(shapeToJsonSchema({ kind: 'boolean', description: 'd' })).toStrictEqual({
      type: 'boolean',
      description: 'd',
    });
  });

  it('writes back every keyword a shape keeps', () => {
    const schemas = [
      { type: 'string', minLength: 1, maxLength: 2, pattern: '^a', format: 'date', enum: ['a'], description: 'd' },
      { type: 'integer', minimum: 1, maximum: 5, exclusiveMinimum: 0, exclusiveMaximum: 6, enum: [1, 2] },
      { type: 'array', items: { type: 'boolean' }, minItems: 1, maxItems: 2 },
    ];
    for (const schema of schemas) expect(shapeToJsonSchema(jsonSchemaToShape(schema, 'x', []))).toStrictEqual(schema);
  });

  it('says a nullable shape without a type is that schema or null', () => {
    expect(shapeToJsonSchema({ kind: 'unknown', nullable: true })).toStrictEqual({ anyOf: [{}, { type: 'null' }] });
    expect(shapeToJsonSchema({ kind: 'unknown', nullable: true, description: 'd' })).toStrictEqual({
      anyOf: [{ description: 'd' }, { type: 'null' }],
    });
    expect(shapeToJsonSchema({ kind: 'string', nullable: true })).toStrictEqual({ type: ['string', 'null'] });
  });

  it("gives a DTO shape its class's schema, with the shape's description when it has one", () => {
    class Pick {
      @IsIn(['a']) code!: string;
    }
    const plain = shapeToJsonSchema({ kind: 'dto', dto: Pick });
    expect(plain).toMatchObject({ type: 'object', properties: { code: { enum: ['a'] } } });
    expect(Object.keys(plain)).not.toContain('description');
    expect(shapeToJsonSchema({ kind: 'dto', dto: Pick, description: 'd' })).toStrictEqual({
      ...plain,
      description: 'd',
    });
  });
});

describe('compileShape', () => {
  it('counts characters as code points, as JSON Schema does', () => {
    const shape: Shape = { kind: 'string', maxLength: 2 };
    expect(check(shape, '😀😀').issues).toEqual([]);
    expect(check(shape, '😀😀😀').issues.map((i) => i.constraint)).toEqual(['maxLength']);
  });

  it('counts code points wherever the UTF-16 length alone cannot decide a bound', () => {
    const min = (minLength: number, value: string) =>
      check({ kind: 'string', minLength }, value).issues.map((i) => i.constraint);
    expect(min(2, '😀')).toEqual(['minLength']);
    expect(min(2, '😀a')).toEqual([]);
    expect(min(3, '😀😀')).toEqual(['minLength']);
    expect(min(3, '😀😀😀')).toEqual([]);
    expect(min(2, 'a')).toEqual(['minLength']);
    expect(min(2, 'abcd')).toEqual([]);
    const max = (maxLength: number, value: string) =>
      check({ kind: 'string', maxLength }, value).issues.map((i) => i.constraint);
    expect(max(3, '😀😀😀')).toEqual([]);
    expect(max(3, '😀😀a😀')).toEqual(['maxLength']);
    expect(max(3, 'abc')).toEqual([]);
  });

  it('counts a lone surrogate as one character, and a pair only when a high one is followed by a low one', () => {
    const lengths = (value: string) =>
      [1, 2, 3].map((maxLength) => check({ kind: 'string', maxLength }, value).issues.length === 0);
    // A low surrogate before a high one, a high one followed by a letter, and a low one alone: no pairs.
    expect(lengths('\udc00\ud800')).toEqual([false, true, true]);
    expect(lengths('\ud83dA')).toEqual([false, true, true]);
    expect(lengths('a\udc00')).toEqual([false, true, true]);
    expect(lengths('\ud800\udfff')).toEqual([true, true, true]);
    expect(lengths('\udbff\udc00a')).toEqual([false, true, true]);
    expect(lengths('\ud7ff\udc00')).toEqual([false, true, true]);
    expect(lengths('\ud800\ue000')).toEqual([false, true, true]);
  });

  it('names each declared number bound it breaks, one at a time, with what it got', () => {
    const issues = (shape: Partial<NumberShape>, value: number) =>
      check({ kind: 'number', integer: false, ...shape }, value).issues.map((i) => [i.constraint, i.message]);
    expect(issues({ exclusiveMinimum: 2 }, 2)).toEqual([['exclusiveMinimum', 'the arguments must be > 2, got 2']]);
    expect(issues({ exclusiveMinimum: 2 }, 2.5)).toEqual([]);
    expect(issues({ exclusiveMaximum: 2 }, 2)).toEqual([['exclusiveMaximum', 'the arguments must be < 2, got 2']]);
    expect(issues({ maximum: 2 }, 3)).toEqual([['max', 'the arguments must be <= 2, got 3']]);
    expect(issues({ minimum: 2 }, 1)).toEqual([['min', 'the arguments must be >= 2, got 1']]);
    expect(issues({ enum: [1, 2] }, 3)).toEqual([['isIn', 'the arguments must be one of 1, 2, got 3']]);
    // At an inclusive bound is within it; a value not in the enum is told only that.
    expect(issues({ minimum: 2, maximum: 2 }, 2)).toEqual([]);
    expect(issues({ exclusiveMaximum: 2 }, 1.5)).toEqual([]);
    expect(issues({ enum: [5], minimum: 4, maximum: 4.5 }, 3)).toEqual([
      ['isIn', 'the arguments must be one of 5, got 3'],
    ]);
    expect(issues({ minimum: 2, maximum: 1 }, 1.5)).toEqual([
      ['min', 'the arguments must be >= 2, got 1.5'],
      ['max', 'the arguments must be <= 1, got 1.5'],
    ]);
  });

  it('says how many characters a string must have, in the singular for one', () => {
    const message = (shape: Partial<StringShape>, value: string) =>
      check({ kind: 'string', ...shape }, value).issues.map((i) => i.message);
    expect(message({ minLength: 1 }, '')).toEqual(['the arguments must be at least 1 character long']);
    expect(message({ minLength: 2 }, 'a')).toEqual(['the arguments must be at least 2 characters long']);
    expect(message({ maxLength: 1 }, 'ab')).toEqual(['the arguments must be at most 1 character long']);
    expect(message({ maxLength: 2 }, 'abc')).toEqual(['the arguments must be at most 2 characters long']);
    expect(message({ pattern: '^a$' }, 'b')).toEqual(['the arguments must match the pattern ^a$']);
    // One problem at a time: outside the enum says only that; outside the lengths, the pattern and the format do not
    // run.
    expect(message({ enum: ['a'], maxLength: 1, pattern: '^a$' }, 'bb')).toEqual([
      'the arguments must be one of "a", got "bb"',
    ]);
    expect(message({ minLength: 2, pattern: '^b$', format: 'email' }, 'a')).toEqual([
      'the arguments must be at least 2 characters long',
    ]);
    expect(message({ maxLength: 1, pattern: '^b$', format: 'email' }, 'aa')).toEqual([
      'the arguments must be at most 1 character long',
    ]);
    expect(check({ kind: 'string', format: 'email' }, 'nope').issues).toEqual([
      { path: '', message: 'the arguments must be a valid email', constraint: 'email' },
    ]);
    // The pattern is read as Unicode: one astral character is one "." to it.
    expect(message({ pattern: '^.$' }, '😀')).toEqual([]);
  });

  it('says how many items an array must have, in the singular for one', () => {
    const message = (minItems: number, value: unknown[]) =>
      check({ kind: 'array', items: { kind: 'number', integer: false }, minItems }, value).issues.map((i) => i.message);
    expect(message(1, [])).toEqual(['the arguments must have at least 1 item, got 0']);
    expect(message(2, [1])).toEqual(['the arguments must have at least 2 items, got 1']);
    expect(message(2, [1, 2])).toEqual([]);
  });

  it('rejects NaN, Infinity and non-integers where integers are declared', () => {
    const shape: Shape = { kind: 'number', integer: true };
    for (const value of [NaN, Infinity, -Infinity, 1.5, '1']) expect(check(shape, value).issues).toHaveLength(1);
    expect(check(shape, -0).issues).toEqual([]);
  });

  it('never mutates its input and copies defaults per call', () => {
    const shape: Shape = {
      kind: 'object',
      additionalProperties: false,
      properties: [
        {
          name: 'list',
          shape: { kind: 'array', items: { kind: 'number', integer: false } },
          required: false,
          default: { value: [1] },
        },
      ],
    };
    const input = Object.freeze({});
    const first = check(shape, input).out as { list: number[] };
    first.list.push(2);
    expect((check(shape, input).out as { list: number[] }).list).toEqual([1]);
  });

  it('accepts only JSON for unknown shapes', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(check({ kind: 'unknown' }, { a: [1, 'x', null] }).issues).toEqual([]);
    expect(check({ kind: 'unknown' }, cyclic).issues).toHaveLength(1);
    expect(check({ kind: 'unknown' }, () => 1).issues).toHaveLength(1);
  });
});

describe('ValidationRun({ quoteValues: false })', () => {
  const secret = 'sk-live-0123456789abcdef';
  const shapes: [string, Shape, unknown][] = [
    ['a type mismatch', { kind: 'number', integer: false }, secret],
    ['an enum', { kind: 'string', enum: ['a', 'b'] }, secret],
    ['a pattern', { kind: 'string', pattern: '^[0-9]+$' }, secret],
    ['a format', { kind: 'string', format: 'uuid' }, secret],
    ['a length', { kind: 'string', maxLength: 3 }, secret],
    ['an object', { kind: 'object', properties: [], additionalProperties: false }, secret],
    ['a boolean', { kind: 'boolean' }, secret],
    ['an array', { kind: 'array', items: { kind: 'string' } }, secret],
  ];

  it.each(shapes)('describes %s without any part of the value', (_label, shape, value) => {
    const { issues } = check(shape, value, false);
    expect(issues).toHaveLength(1);
    for (const part of ['sk-live', '0123', 'abcdef']) expect(issues[0]!.message).not.toContain(part);
  });

  it('takes the value out of DTO messages, custom ones included', () => {
    class Secretive {
      @IsIn(['a'], { message: '$property must be a, not $value' }) code!: string;
      @Matches(/^x$/, { message: (args) => `${args.property} is bad: ${String(args.value)}!` }) other!: string;
    }
    const { issues } = check({ kind: 'dto', dto: Secretive }, { code: secret, other: secret }, false);
    expect(issues.map((i) => i.message)).toEqual([
      'code must be a, not a string of 24 characters',
      'other is bad: a string of 24 characters!',
    ]);
    expect(check({ kind: 'dto', dto: Secretive }, { code: secret, other: 'y' }).issues[0]!.message).toBe(
      'code must be a, not sk-live-0123456789abcdef',
    );
  });

  it('says what a mismatched string was by its length, and quotes nothing of numbers', () => {
    expect(check({ kind: 'number', integer: false }, secret, false).issues[0]!.message).toBe(
      'the arguments must be a number, got a string of 24 characters',
    );
    expect(check({ kind: 'number', integer: true, maximum: 10 }, 987654321, false).issues[0]!.message).toBe(
      'the arguments must be <= 10',
    );
    expect(check({ kind: 'number', integer: true, enum: [1, 2] }, 987654321, false).issues[0]!.message).toBe(
      'the arguments must be one of 1, 2',
    );
    expect(check({ kind: 'string', enum: ['a'] }, 'b', true).issues[0]!.message).toBe(
      'the arguments must be one of "a", got "b"',
    );
  });
});

describe('free-form values (the unknown shape)', () => {
  it('are copied from own enumerable keys into fresh plain objects', () => {
    const proto = { inherited: true };
    const input = Object.assign(Object.create(proto) as object, { a: 1 });
    // A prototype of its own is a class-like object: refused, not copied.
    expect(check({ kind: 'unknown' }, input).issues.map((i) => i.constraint)).toEqual(['isObject']);
    const plain = { a: [1, { b: null }] };
    Object.defineProperty(plain, 'hidden', { value: 1, enumerable: false });
    const { out, issues } = check({ kind: 'unknown' }, plain);
    expect(issues).toEqual([]);
    expect(out).toEqual({ a: [1, { b: null }] });
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(out).not.toBe(plain);
  });

  it('refuse what JSON cannot hold, at its path', () => {
    // biome-ignore lint/suspicious/noSparseArray: the hole is the value under test.
    const { issues } = check({ kind: 'unknown' }, { n: NaN, f: () => 1, u: undefined, b: 1n, holes: [1, , 3] });
    expect(issues.map((i) => [i.path, i.constraint])).toEqual([
      ['n', 'isJson'],
      ['f', 'isJson'],
      ['u', 'isJson'],
      ['b', 'isJson'],
      ['holes[1]', 'isJson'],
    ]);
  });
});

describe('compileShape: what each leaf check charges and says', () => {
  // What a value costs toward maxTotalSize: its characters, plus VALUE_COST (8) per value.
  function sized(shape: Shape, value: unknown, coerce = false) {
    const run = new ValidationRun(defaultValidationLimits);
    compileShape(shape, { coerce })(value, 'x', run, 0);
    return { size: run.size, issues: run.finish() };
  }

  it('charges a boolean, and names a value that is not one', () => {
    expect(sized({ kind: 'boolean' }, true)).toEqual({ size: 8, issues: [] });
    const { size, issues } = sized({ kind: 'boolean' }, 'yes');
    expect(size).toBe(8);
    expect(issues).toEqual([{ path: 'x', message: 'x must be a boolean, got "yes"', constraint: 'isBoolean' }]);
  });

  it('charges a value that is not a string as one value, and a string by its characters', () => {
    expect(sized({ kind: 'string' }, 5)).toMatchObject({ size: 8, issues: [{ constraint: 'isString' }] });
    expect(sized({ kind: 'string' }, 'abcd')).toEqual({ size: 12, issues: [] });
  });

  it('charges text that coercion could not make a number by its characters', () => {
    expect(sized({ kind: 'number', integer: false }, 'abc', true)).toMatchObject({
      size: 11,
      issues: [{ constraint: 'isNumber' }],
    });
    expect(sized({ kind: 'number', integer: false }, '12', true)).toEqual({ size: 8, issues: [] });
    expect(sized({ kind: 'number', integer: false }, 12)).toEqual({ size: 8, issues: [] });
  });
});
