// Unit tests of the schema pieces, below the public API.
import { compileShape } from '../../src/schema/compileShape.js';
import { jsonSchemaToShape } from '../../src/schema/jsonSchemaToShape.js';
import { shapeToJsonSchema } from '../../src/schema/shapeToJsonSchema.js';
import type { Shape } from '../../src/schema/Shape.js';
import { defaultValidationLimits } from '../../src/schema/ValidationLimits.js';
import { ValidationRun } from '../../src/schema/ValidationRun.js';

function check(shape: Shape, value: unknown) {
  const run = new ValidationRun(defaultValidationLimits);
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
    const problems: string[] = [];
    expect(shapeToJsonSchema(jsonSchemaToShape(schema, 'x', problems))).toEqual(schema);
    expect(problems).toEqual([]);
  });

  it('refuses keywords the validator would not enforce, instead of ignoring them', () => {
    const problems: string[] = [];
    jsonSchemaToShape({ type: 'object', properties: { a: { oneOf: [] } }, patternProperties: {} }, 'T output', problems);
    expect(problems).toEqual([
      'T output: the JSON Schema keyword "patternProperties" is not supported; use a DTO class instead',
      'T output.a: the JSON Schema keyword "oneOf" is not supported; use a DTO class instead',
    ]);
  });
});

describe('compileShape', () => {
  it('counts characters as code points, as JSON Schema does', () => {
    const shape: Shape = { kind: 'string', maxLength: 2 };
    expect(check(shape, '😀😀').issues).toEqual([]);
    expect(check(shape, '😀😀😀').issues.map((i) => i.constraint)).toEqual(['maxLength']);
  });

  it('rejects NaN, Infinity and non-integers where integers are declared', () => {
    const shape: Shape = { kind: 'number', integer: true };
    for (const value of [NaN, Infinity, -Infinity, 1.5, '1']) expect(check(shape, value).issues).toHaveLength(1);
    expect(check(shape, -0).issues).toEqual([]);
  });

  it('never mutates its input and copies defaults per call', () => {
    const shape: Shape = { kind: 'object', additionalProperties: false, properties: [{ name: 'list', shape: { kind: 'array', items: { kind: 'number', integer: false } }, required: false, default: { value: [1] } }] };
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
