import type { JsonSchema } from '../contracts/JsonSchema.js';
import { at, isRecord, join, withNotes } from './schemaNotes.js';

/**
 * Gemini's schema types: the names and values of `@google/genai`'s `Type` enum. TypeScript relates
 * two enums by their name and members, so this one, also named `Type`, is assignable to the SDK's:
 * the output type-checks as the SDK's `Schema` and `Tool` without this module importing the SDK.
 */
enum Type {
  STRING = 'STRING',
  NUMBER = 'NUMBER',
  INTEGER = 'INTEGER',
  BOOLEAN = 'BOOLEAN',
  ARRAY = 'ARRAY',
  OBJECT = 'OBJECT',
  NULL = 'NULL',
}
export { Type as GeminiType };
type GeminiType = Type;

/** The OpenAPI 3.0 subset Gemini's `parameters` accept (int64 fields as strings, as its API types them). */
export interface GeminiSchema {
  type?: GeminiType;
  format?: string;
  title?: string;
  description?: string;
  nullable?: boolean;
  enum?: string[];
  items?: GeminiSchema;
  minItems?: string;
  maxItems?: string;
  properties?: Record<string, GeminiSchema>;
  required?: string[];
  minLength?: string;
  maxLength?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  anyOf?: GeminiSchema[];
}

export type GeminiResult =
  | { readonly schema: GeminiSchema; readonly changes: string[] }
  | { readonly impossible: string };

const PROPERTY_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const FORMATS = new Set(['date-time', 'enum']);
const INT64 = ['minItems', 'maxItems', 'minLength', 'maxLength'] as const;

/**
 * A JSON Schema as Gemini's OpenAPI subset: upper-case types, `nullable` for `["T","null"]`,
 * exclusive bounds as inclusive ones, string-only enums; keywords it rejects (`additionalProperties`,
 * `const`, `$schema`, …) are removed, and constraints it lacks are moved into the description.
 */
export function toGeminiSchema(schema: JsonSchema): GeminiResult {
  const changes: string[] = [];
  const refusal: Refusal = { reason: undefined };
  const converted = convert(schema, '', changes, refusal);
  return refusal.reason === undefined ? { schema: converted, changes } : { impossible: refusal.reason };
}

/** The first reason the schema cannot be Gemini's; once set, the conversion stops descending. */
interface Refusal {
  reason: string | undefined;
}

function refuse(refusal: Refusal, reason: string): GeminiSchema {
  refusal.reason ??= reason;
  return {};
}

function convert(node: JsonSchema, path: string, changes: string[], refusal: Refusal): GeminiSchema {
  if (refusal.reason !== undefined) return {};
  if (Array.isArray(node.anyOf)) {
    const branches = node.anyOf.filter((b): b is JsonSchema => isRecord(b));
    const nonNull = branches.filter((b) => b.type !== 'null');
    if (nonNull.length === 1 && branches.length === 2)
      return { ...convert(nonNull[0]!, path, changes, refusal), nullable: true };
    return {
      anyOf: nonNull.map((b) => convert(b, path, changes, refusal)),
      ...(nonNull.length < branches.length ? { nullable: true } : {}),
    };
  }
  const types = (
    Array.isArray(node.type) ? (node.type as string[]) : typeof node.type === 'string' ? [node.type] : []
  ).filter((t) => t !== 'null');
  const nullable = node.type === 'null' || (Array.isArray(node.type) && node.type.includes('null'));
  if (types.length !== 1)
    return refuse(
      refusal,
      `${at(path)} ${types.length === 0 ? 'accepts any JSON value' : 'has several types'}, which Gemini's schema subset cannot express`,
    );
  const type = types[0]!;
  const out: GeminiSchema = { type: type.toUpperCase() as GeminiType };
  if (nullable) out.nullable = true;
  const notes: string[] = [];
  const dropped: string[] = [];

  for (const [key, value] of Object.entries(node)) {
    switch (key) {
      case 'type':
      case 'properties':
      case 'required':
      case 'items':
        break;
      case 'description':
      case 'title':
      case 'pattern':
        out[key] = String(value);
        break;
      case 'default':
        out.default = value;
        break;
      case 'minimum':
      case 'maximum':
        out[key] = value as number;
        break;
      case 'exclusiveMinimum':
      case 'exclusiveMaximum': {
        const bound = key === 'exclusiveMinimum' ? 'minimum' : 'maximum';
        if (type === 'integer') {
          out[bound] = (value as number) + (bound === 'minimum' ? 1 : -1);
          changes.push(`${at(path)}: ${key} ${String(value)} written as ${bound} ${String(out[bound])}`);
        } else {
          out[bound] = value as number;
          notes.push(`${bound === 'minimum' ? 'greater' : 'less'} than ${String(value)}, not equal`);
          changes.push(`${at(path)}: ${key} written as ${bound}, with "not equal" in the description`);
        }
        break;
      }
      case 'minItems':
      case 'maxItems':
      case 'minLength':
      case 'maxLength':
        out[key] = String(value);
        break;
      case 'format':
        if (FORMATS.has(String(value))) out.format = String(value);
        else {
          notes.push(`format: ${String(value)}`);
          changes.push(`${at(path)}: format "${String(value)}" moved to the description`);
        }
        break;
      case 'enum': {
        const values = (value as unknown[]).filter((v) => v !== null);
        if (values.every((v) => typeof v === 'string')) out.enum = values as string[];
        else {
          notes.push(`one of ${values.map((v) => JSON.stringify(v)).join(', ')}`);
          changes.push(`${at(path)}: non-string enum moved to the description (Gemini enums are strings)`);
        }
        break;
      }
      case 'const':
        if (typeof value === 'string') out.enum = [value];
        else notes.push(`exactly ${JSON.stringify(value)}`);
        changes.push(
          `${at(path)}: const written as ${typeof value === 'string' ? 'a one-value enum' : 'a note'} (Gemini rejects const)`,
        );
        break;
      case 'additionalProperties':
        // Gemini rejects the keyword; unknown keys are still refused when the call is validated.
        break;
      default:
        dropped.push(key);
    }
  }
  if (dropped.length > 0) changes.push(`${at(path)}: removed ${dropped.join(', ')} (not in Gemini's schema subset)`);

  if (type === 'array' && isRecord(node.items)) out.items = convert(node.items, `${path}[]`, changes, refusal);
  if (type === 'object' && isRecord(node.properties)) {
    const properties: Record<string, GeminiSchema> = {};
    for (const [name, child] of Object.entries(node.properties)) {
      if (!PROPERTY_NAME.test(name))
        return refuse(refusal, `property "${join(path, name)}" is not a name Gemini accepts (${PROPERTY_NAME.source})`);
      properties[name] = convert(child as JsonSchema, join(path, name), changes, refusal);
    }
    out.properties = properties;
    const required = Array.isArray(node.required)
      ? (node.required as string[]).filter((r) => Object.hasOwn(properties, r))
      : [];
    if (required.length > 0) out.required = required;
  }
  for (const key of INT64) if (out[key] !== undefined && !/^\d+$/.test(out[key])) delete out[key];
  return withNotes(out as Record<string, unknown>, notes) as GeminiSchema;
}
