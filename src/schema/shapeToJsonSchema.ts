import { dtoToShape } from './dto/dtoToShape.js';
import type { JsonSchema } from '../contracts/JsonSchema.js';
import type { Shape } from './Shape.js';

/** The JSON Schema a model is shown for a Shape. Deterministic: the same Shape gives the same text. */
export function shapeToJsonSchema(shape: Shape): JsonSchema {
  const schema = withoutNullable(shape);
  if (!shape.nullable) return schema;
  const type = schema.type;
  // An enum lists every value the schema admits, so a nullable one lists null too.
  const values = Array.isArray(schema.enum) ? { enum: [...schema.enum, null] } : {};
  if (typeof type === 'string') return { ...schema, type: [type, 'null'], ...values };
  return { anyOf: [schema, { type: 'null' }] };
}

function withoutNullable(shape: Shape): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  switch (shape.kind) {
    case 'string':
      out.type = 'string';
      copy(shape, out, ['minLength', 'maxLength', 'pattern', 'format']);
      if (shape.enum !== undefined) out.enum = [...shape.enum];
      break;
    case 'number':
      out.type = shape.integer ? 'integer' : 'number';
      copy(shape, out, ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf']);
      if (shape.enum !== undefined) out.enum = [...shape.enum];
      break;
    case 'boolean':
      out.type = 'boolean';
      break;
    case 'array':
      out.type = 'array';
      out.items = shapeToJsonSchema(shape.items);
      copy(shape, out, ['minItems', 'maxItems']);
      if (shape.uniqueItems === true) out.uniqueItems = true;
      break;
    case 'object': {
      out.type = 'object';
      const properties: Record<string, unknown> = {};
      for (const p of shape.properties) {
        const schema = shapeToJsonSchema(p.shape);
        properties[p.name] = p.default === undefined ? schema : Object.assign({}, schema, { default: p.default.value });
      }
      out.properties = properties;
      out.required = shape.properties.filter((p) => p.required).map((p) => p.name);
      const extra = shape.additionalProperties;
      out.additionalProperties = typeof extra === 'boolean' ? extra : shapeToJsonSchema(extra);
      break;
    }
    case 'dto': {
      const schema = shapeToJsonSchema(dtoToShape(shape.dto));
      return shape.description === undefined ? schema : Object.assign({}, schema, { description: shape.description });
    }
    case 'unknown':
      break;
  }
  if (shape.description !== undefined) out.description = shape.description;
  return out;
}

function copy(from: object, to: Record<string, unknown>, keys: readonly string[]): void {
  for (const k of keys) {
    const v = (from as Record<string, unknown>)[k];
    if (v !== undefined) to[k] = v;
  }
}
