// The validator of a closed object comes in two forms: generated code (the default) and the closures it is
// generated from (kept for hosts that forbid generated code). The same shapes and values go through both, and
// they must agree on everything: the value handed on, every issue in order, and what they spent of the limits.
import { jest } from '@jest/globals';
import fc from 'fast-check';
import { compileShape } from '../../src/schema/compileShape.js';
import type { NumberShape, ObjectShape, PropertyShape, Shape, StringShape } from '../../src/schema/Shape.js';
import type { ValidationRunLimits } from '../../src/schema/ValidationRun.js';
import { ValidationRun } from '../../src/schema/ValidationRun.js';

const NAMES = [
  'path',
  'maxBytes',
  'mode',
  'a',
  'b',
  'x-y',
  '$ref',
  'quote"d',
  'back\\slash',
  'line\nbreak',
  "it's",
  'ünï',
  '__proto__x',
  'constructor',
  'toString',
];

const stringShape: fc.Arbitrary<StringShape> = fc.record(
  {
    kind: fc.constant('string' as const),
    minLength: fc.integer({ min: 0, max: 4 }),
    maxLength: fc.integer({ min: 1, max: 6 }),
    enum: fc.constantFrom(['a', 'bb', 'ccc'], ['x']),
    pattern: fc.constantFrom('^[a-c]+$', '\\d'),
    format: fc.constantFrom('email' as const, 'uuid' as const),
    nullable: fc.boolean(),
    description: fc.constant('text'),
  },
  { requiredKeys: ['kind'] },
);
const numberShape: fc.Arbitrary<NumberShape> = fc.record(
  {
    kind: fc.constant('number' as const),
    integer: fc.boolean(),
    minimum: fc.integer({ min: -3, max: 3 }),
    maximum: fc.integer({ min: 0, max: 9 }),
    exclusiveMinimum: fc.integer({ min: -3, max: 3 }),
    exclusiveMaximum: fc.integer({ min: 0, max: 9 }),
    enum: fc.constantFrom([1, 2, 3], [0.5]),
    nullable: fc.boolean(),
  },
  { requiredKeys: ['kind', 'integer'] },
);
const leafShape: fc.Arbitrary<Shape> = fc.oneof(
  stringShape,
  numberShape,
  fc.record({ kind: fc.constant('boolean' as const), nullable: fc.boolean() }),
  fc.constant({ kind: 'unknown' as const }),
);

const objectShape: fc.Arbitrary<ObjectShape> = fc.letrec((tie) => ({
  shape: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leafShape,
    fc.record(
      {
        kind: fc.constant('array' as const),
        items: tie('shape') as fc.Arbitrary<Shape>,
        maxItems: fc.integer({ min: 0, max: 3 }),
      },
      { requiredKeys: ['kind', 'items'] },
    ),
    tie('object'),
  ),
  object: fc
    .uniqueArray(
      fc.record({
        name: fc.constantFrom(...NAMES),
        shape: tie('shape') as fc.Arbitrary<Shape>,
        required: fc.boolean(),
        default: fc.option(fc.record({ value: fc.constantFrom<unknown>('d', 7, true, null, { nested: [1] }) }), {
          nil: undefined,
        }),
      }),
      { selector: (p) => p.name, maxLength: 6 },
    )
    .map(
      (properties) =>
        ({
          kind: 'object' as const,
          properties: properties.map(withoutUndefinedDefault),
          additionalProperties: false,
        }) satisfies ObjectShape,
    ),
})).object as fc.Arbitrary<ObjectShape>;

function withoutUndefinedDefault(p: PropertyShape & { default?: { value: unknown } | undefined }): PropertyShape {
  const { default: given, ...rest } = p;
  return given === undefined ? rest : { ...rest, default: given };
}

/**
 * Values near what a shape allows: right and wrong types, nulls, boundaries, coercible text, unknown and prototype
 * keys.
 */
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  any: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom<unknown>(
      null,
      undefined,
      true,
      false,
      0,
      -0,
      1,
      2,
      3,
      0.5,
      9,
      10,
      -3,
      NaN,
      Infinity,
      '',
      'a',
      'bb',
      'ccc',
      'x',
      'abcdefgh',
      '7',
      'true',
      '[1]',
      '{"a":1}',
      '😀😀',
      'a@b.co',
    ),
    fc.string({ maxLength: 8 }),
    fc.integer({ min: -5, max: 12 }),
    fc.array(tie('any'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...NAMES, '__proto__', 'prototype', 'extra'), tie('any'), { maxKeys: 6 }),
  ),
})).any;

const limits: fc.Arbitrary<ValidationRunLimits> = fc.record({
  maxDepth: fc.integer({ min: 1, max: 4 }),
  maxStringLength: fc.integer({ min: 1, max: 10 }),
  maxArrayLength: fc.integer({ min: 1, max: 5 }),
  maxProperties: fc.integer({ min: 1, max: 8 }),
  maxIssues: fc.integer({ min: 1, max: 6 }),
  maxTotalSize: fc.integer({ min: 8, max: 200 }),
});

function outcome(
  shape: Shape,
  input: unknown,
  runLimits: ValidationRunLimits,
  coerce: boolean,
  generate: boolean,
  quoteValues: boolean,
) {
  const run = new ValidationRun(runLimits, { quoteValues });
  let out: unknown;
  let threw: unknown;
  try {
    out = compileShape(shape, { coerce, generate })(input, '', run, 0);
  } catch (error) {
    threw = String(error);
  }
  return { out, threw, size: run.size, dropped: run.dropped, issues: run.finish() };
}

describe('generated object validators', () => {
  it('agree with the closures they are generated from on every value, issue and size (2,500 cases)', () => {
    fc.assert(
      fc.property(
        objectShape,
        fc.array(value, { minLength: 1, maxLength: 4 }),
        limits,
        fc.boolean(),
        fc.boolean(),
        (shape, inputs, runLimits, coerce, quote) => {
          for (const input of inputs) {
            expect(outcome(shape, input, runLimits, coerce, true, quote)).toEqual(
              outcome(shape, input, runLimits, coerce, false, quote),
            );
          }
        },
      ),
      { numRuns: 2_500, seed: 20261130 },
    );
  });

  it('agree on values built from the shape itself, valid and one field off', () => {
    fc.assert(
      fc.property(objectShape, limits, fc.boolean(), fc.nat(), (shape, runLimits, coerce, pick) => {
        const valid = Object.fromEntries(shape.properties.map((p) => [p.name, sampleFor(p.shape)]));
        const names = shape.properties.map((p) => p.name);
        const off =
          names.length === 0
            ? { extra: 1 }
            : { ...valid, [names[pick % names.length]!]: pick % 2 === 0 ? null : 'wrong' };
        for (const input of [valid, off, JSON.stringify(valid)]) {
          expect(outcome(shape, input, runLimits, coerce, true, true)).toEqual(
            outcome(shape, input, runLimits, coerce, false, true),
          );
        }
      }),
      { numRuns: 1_000, seed: 1130 },
    );
  });

  it('write property names into the code as string literals only, whatever they hold', () => {
    const hostile = ['"]; globalThis.pwned = 1; ["', '\u2028', '\\', '`$' + '{1}`', '*/ throw 1 /*'];
    const shape: ObjectShape = {
      kind: 'object',
      properties: hostile.map((name) => ({ name, shape: { kind: 'string' }, required: true })),
      additionalProperties: false,
    };
    const input = Object.fromEntries(hostile.map((name) => [name, name]));
    expect(
      outcome(
        shape,
        input,
        { maxDepth: 4, maxStringLength: 100, maxArrayLength: 5, maxProperties: 10, maxIssues: 10 },
        false,
        true,
        true,
      ),
    ).toEqual({
      out: input,
      threw: undefined,
      size: expect.any(Number),
      dropped: 0,
      issues: [],
    });
    expect((globalThis as { pwned?: unknown }).pwned).toBeUndefined();
  });

  it('are not made on a host that forbids code generation from strings: the closures validate alike, small objects and large', async () => {
    // What `node --disallow-code-generation-from-strings`, a Content Security Policy or an edge runtime does: the
    // Function constructor throws. A fresh copy of the modules probes the host anew (the answer is cached per copy).
    const properties = (count: number): ObjectShape => ({
      kind: 'object',
      properties: Array.from({ length: count }, (_, i) => ({
        name: `p${i}`,
        shape: i % 2 === 0 ? { kind: 'string', maxLength: 3 } : { kind: 'number', integer: true, minimum: 0 },
        required: i < 2,
      })),
      additionalProperties: false,
    });
    const runLimits: ValidationRunLimits = {
      maxDepth: 4,
      maxStringLength: 100,
      maxArrayLength: 5,
      maxProperties: 40,
      maxIssues: 10,
    };
    const inputs: unknown[] = [
      { p0: 'abc', p1: 2 },
      { p0: 'abcd', p1: -1, extra: true },
      { p1: '2' },
      [],
      '{"p0":"a","p1":0}',
    ];
    const original = globalThis.Function;
    const forbidden = new Proxy(original, {
      apply: () => {
        throw new EvalError('Code generation from strings disallowed for this context');
      },
      construct: () => {
        throw new EvalError('Code generation from strings disallowed for this context');
      },
    });
    const seen: unknown[] = [];
    globalThis.Function = forbidden;
    try {
      await jest.isolateModulesAsync(async () => {
        const fresh = await import('../../src/schema/compileShape.js');
        for (const shape of [properties(2), properties(25)]) {
          for (const coerce of [false, true]) {
            const validator = fresh.compileShape(shape, { coerce, generate: true });
            for (const input of inputs) {
              const run = new ValidationRun(runLimits, { quoteValues: true });
              const out = validator(input, '', run, 0);
              seen.push({ out, size: run.size, dropped: run.dropped, issues: run.finish() });
            }
          }
        }
      });
    } finally {
      globalThis.Function = original;
    }
    const expected: unknown[] = [];
    for (const shape of [properties(2), properties(25)]) {
      for (const coerce of [false, true]) {
        for (const input of inputs) {
          const { threw: _, ...rest } = outcome(shape, input, runLimits, coerce, false, true);
          expected.push(rest);
        }
      }
    }
    expect(seen).toEqual(expected);
    expect(seen[1]).toMatchObject({
      out: { p0: 'abcd', p1: -1 },
      issues: [
        {
          path: 'extra',
          message: 'extra is not a known argument; remove it (known: p0, p1)',
          constraint: 'whitelistValidation',
        },
        { path: 'p0', message: 'p0 must be at most 3 characters long', constraint: 'maxLength' },
        { path: 'p1', message: 'p1 must be >= 0, got -1', constraint: 'min' },
      ],
    });
  });
});

function sampleFor(shape: Shape): unknown {
  switch (shape.kind) {
    case 'string':
      return shape.enum?.[0] ?? 'a'.repeat(shape.minLength ?? 1);
    case 'number':
      return shape.enum?.[0] ?? shape.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(shape.properties.map((p) => [p.name, sampleFor(p.shape)]));
    default:
      return null;
  }
}
