import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import { isForbiddenKey } from './isForbiddenKey.js';
import type { JsonSchema } from '../contracts/JsonSchema.js';
import { patternProblem } from './patternProblem.js';
import type { PropertyShape, Shape } from './Shape.js';
import { isStringFormat } from './stringFormats.js';

const SUPPORTED = new Set([
  'type',
  'description',
  'title',
  'default',
  'examples',
  '$schema',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'minItems',
  'maxItems',
  'enum',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
]);
const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object']);

/**
 * Reads a JSON Schema written by hand (for `output`, or `type` on an `@Arg`) into a Shape. Only
 * keywords that the validator enforces are accepted; any other is a problem, not silently ignored.
 */
export function jsonSchemaToShape(schema: JsonSchema, where: string, problems: DefinitionProblem[]): Shape {
  for (const keyword of Object.keys(schema)) {
    if (!SUPPORTED.has(keyword))
      problems.push({
        where,
        code: 'unsupported_keyword',
        message: `the JSON Schema keyword "${keyword}" is not supported; use a DTO class instead`,
      });
  }
  const description = typeof schema.description === 'string' ? { description: schema.description } : {};
  let type = schema.type;
  let nullable = false;
  if (Array.isArray(type)) {
    const rest = type.filter((t) => t !== 'null');
    nullable = rest.length < type.length;
    if (rest.length !== 1) {
      problems.push({ where, code: 'invalid_type', message: 'a type list must be one type, optionally with "null"' });
      return { kind: 'unknown', ...description };
    }
    type = rest[0];
  }
  const common = { ...description, ...(nullable && { nullable: true }) };
  if (type === undefined) {
    if (Array.isArray(schema.enum)) type = schema.enum.every((v) => typeof v === 'number') ? 'number' : 'string';
    else return { kind: 'unknown', ...common };
  }
  if (typeof type !== 'string' || !TYPES.has(type)) {
    problems.push({ where, code: 'invalid_type', message: `"type" must be one of ${[...TYPES].join(', ')}` });
    return { kind: 'unknown', ...common };
  }
  const num = (k: string): Record<string, number> =>
    typeof schema[k] === 'number' ? { [k]: schema[k] as number } : {};
  switch (type) {
    case 'string': {
      if (schema.format !== undefined && !isStringFormat(schema.format))
        problems.push({ where, code: 'unknown_format', message: `unknown format ${JSON.stringify(schema.format)}` });
      if (schema.pattern !== undefined) {
        const problem =
          typeof schema.pattern === 'string'
            ? patternProblem(schema.pattern, { unicode: true }, where)
            : ({ where, code: 'invalid_pattern', message: '"pattern" must be a string' } as const);
        if (problem !== undefined) problems.push(problem);
      }
      return {
        kind: 'string',
        ...common,
        ...num('minLength'),
        ...num('maxLength'),
        ...(typeof schema.pattern === 'string' && { pattern: schema.pattern }),
        ...(isStringFormat(schema.format) && { format: schema.format }),
        ...(Array.isArray(schema.enum) && { enum: schema.enum.map(String) }),
      };
    }
    case 'number':
    case 'integer':
      return {
        kind: 'number',
        integer: type === 'integer',
        ...common,
        ...num('minimum'),
        ...num('maximum'),
        ...num('exclusiveMinimum'),
        ...num('exclusiveMaximum'),
        ...(Array.isArray(schema.enum) && { enum: schema.enum.map(Number) }),
      };
    case 'boolean':
      return { kind: 'boolean', ...common };
    case 'array': {
      const items = isObject(schema.items)
        ? jsonSchemaToShape(schema.items, `${where}.items`, problems)
        : ({ kind: 'unknown' } as Shape);
      return { kind: 'array', items, ...common, ...num('minItems'), ...num('maxItems') };
    }
    default: {
      const required = new Set(Array.isArray(schema.required) ? schema.required : []);
      const properties: PropertyShape[] = [];
      if (isObject(schema.properties)) {
        for (const [name, sub] of Object.entries(schema.properties)) {
          if (isForbiddenKey(name)) {
            // Assigning it would set the prototype of the object the handler receives.
            problems.push({
              where,
              code: 'forbidden_key',
              message: `declares a property named "${name}", which can reach a prototype; rename it`,
            });
            continue;
          }
          if (!isObject(sub)) {
            problems.push({
              where: `${where}.${name}`,
              code: 'invalid_schema',
              message: 'must be a JSON Schema object',
            });
            continue;
          }
          properties.push({
            name,
            shape: jsonSchemaToShape(sub, `${where}.${name}`, problems),
            required: required.has(name),
          });
        }
      }
      return {
        kind: 'object',
        properties,
        additionalProperties: additionalProperties(schema.additionalProperties, where, problems),
        ...common,
      };
    }
  }
}

function additionalProperties(value: unknown, where: string, problems: DefinitionProblem[]): boolean | Shape {
  if (value === undefined || value === true) return true;
  if (value === false) return false;
  if (isObject(value)) return jsonSchemaToShape(value, `${where}.additionalProperties`, problems);
  problems.push({
    where,
    code: 'invalid_schema',
    message: '"additionalProperties" must be a boolean or a JSON Schema object',
  });
  return false;
}

function isObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
