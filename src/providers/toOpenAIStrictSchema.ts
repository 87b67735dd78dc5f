import type { JsonSchema } from '../contracts/JsonSchema.js';
import { at, isRecord, join, withNotes } from './schemaNotes.js';

const STRICT_FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);
const MOVED_TO_DESCRIPTION = ['minLength', 'maxLength', 'uniqueItems', 'minProperties', 'maxProperties'];
const MAX_DEPTH = 10;
const MAX_PROPERTIES = 5000;
const MAX_ENUM = 1000;

/** The schema rewritten for OpenAI strict mode, or why it cannot be. */
export type StrictResult =
  | { readonly schema: JsonSchema; readonly changes: string[] }
  | { readonly impossible: string };

/**
 * OpenAI strict mode: every property required, optional ones nullable (null then means absent),
 * `additionalProperties: false` everywhere, no defaults, and constraints it rejects moved into the
 * description. Schemas it cannot express (free-form values, open maps, deep nesting) are refused.
 */
export function toOpenAIStrictSchema(schema: JsonSchema): StrictResult {
  const changes: string[] = [];
  const counts: Counts = { properties: 0, impossible: undefined };
  const converted = convert(schema, '', 1, changes, counts);
  return counts.impossible === undefined ? { schema: converted, changes } : { impossible: counts.impossible };
}

/** What the conversion has seen so far: properties, and the first reason the schema cannot be strict. */
interface Counts {
  properties: number;
  impossible: string | undefined;
}

/** Notes the first reason the schema cannot be strict; the conversion then stops descending. */
function refuse(counts: Counts, reason: string): Record<string, unknown> {
  counts.impossible ??= reason;
  return {};
}

function convert(
  node: JsonSchema,
  path: string,
  depth: number,
  changes: string[],
  counts: Counts,
): Record<string, unknown> {
  if (counts.impossible !== undefined) return {};
  if (depth > MAX_DEPTH) return refuse(counts, `${at(path)} is nested deeper than strict mode's ${MAX_DEPTH} levels`);
  if (Array.isArray(node.anyOf)) {
    return { ...node, anyOf: node.anyOf.map((branch: JsonSchema) => convert(branch, path, depth, changes, counts)) };
  }
  const types = Array.isArray(node.type) ? (node.type as string[]) : typeof node.type === 'string' ? [node.type] : [];
  if (types.length === 0 && node.enum === undefined)
    return refuse(counts, `${at(path)} accepts any JSON value, which strict mode cannot express`);
  if (Array.isArray(node.enum) && node.enum.length > MAX_ENUM)
    return refuse(counts, `${at(path)} has more than ${MAX_ENUM} enum values`);

  const out: Record<string, unknown> = {};
  const notes: string[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' || key === 'required' || key === 'additionalProperties' || key === 'items') continue;
    if (key === 'default') {
      notes.push(`default ${JSON.stringify(value)}`);
      changes.push(`${at(path)}: default moved to the description (strict mode has none; null or absence gets it)`);
    } else if (key === 'format' && !STRICT_FORMATS.has(String(value))) {
      notes.push(`format: ${String(value)}`);
      changes.push(`${at(path)}: format "${String(value)}" moved to the description (not one strict mode supports)`);
    } else if (MOVED_TO_DESCRIPTION.includes(key)) {
      notes.push(`${key}: ${JSON.stringify(value)}`);
      changes.push(`${at(path)}: ${key} moved to the description (strict mode rejects it)`);
    } else {
      out[key] = value;
    }
  }

  if (types.includes('array')) {
    if (!isRecord(node.items)) return refuse(counts, `${at(path)} is an array without an item schema`);
    out.items = convert(node.items, `${path}[]`, depth + 1, changes, counts);
  }
  if (types.includes('object')) {
    if (node.additionalProperties !== false && node.additionalProperties !== undefined) {
      return refuse(counts, `${at(path)} is an object with open keys, which strict mode cannot express`);
    }
    const properties = isRecord(node.properties) ? node.properties : {};
    const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
    counts.properties += Object.keys(properties).length;
    if (counts.properties > MAX_PROPERTIES)
      return refuse(counts, `the schema has more than ${MAX_PROPERTIES} properties`);
    const converted: Record<string, unknown> = {};
    for (const [name, child] of Object.entries(properties)) {
      const schema = convert(child as JsonSchema, join(path, name), depth + 1, changes, counts);
      if (required.has(name)) {
        converted[name] = schema;
      } else {
        converted[name] = nullable(schema);
        changes.push(`${at(join(path, name))}: optional, so made required and nullable (null means absent)`);
      }
    }
    out.properties = converted;
    out.required = Object.keys(properties);
    out.additionalProperties = false;
  }
  return withNotes(out, notes);
}

function nullable(schema: Record<string, unknown>): Record<string, unknown> {
  const type = schema.type;
  if (Array.isArray(type)) {
    if (type.includes('null')) return schema;
    return withNullEnum({ ...schema, type: [...type, 'null'] });
  }
  if (typeof type === 'string') return withNullEnum({ ...schema, type: [type, 'null'] });
  if (Array.isArray(schema.anyOf) && schema.anyOf.some((b: Record<string, unknown>) => b.type === 'null'))
    return schema;
  return { anyOf: [schema, { type: 'null' }] };
}

function withNullEnum(schema: Record<string, unknown>): Record<string, unknown> {
  return Array.isArray(schema.enum) && !schema.enum.includes(null)
    ? { ...schema, enum: [...schema.enum, null] }
    : schema;
}
