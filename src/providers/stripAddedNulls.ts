import type { JsonSchema } from '../contracts/JsonSchema.js';
import { isRecord } from './schemaNotes.js';

/**
 * Removes the nulls a strict-mode model sent for optional properties, guided by the tool's own
 * schema: a null where the original schema does not allow one means "absent". Nulls the original
 * allows are kept. Returns a new value; the input is not changed.
 */
export function stripAddedNulls(value: unknown, schema: JsonSchema): unknown {
  if (Array.isArray(value)) {
    const items = nonNullBranch(schema).items;
    return isRecord(items) ? value.map((v) => stripAddedNulls(v, items)) : value;
  }
  if (!isRecord(value)) return value;
  const node = nonNullBranch(schema);
  const properties = isRecord(node.properties) ? node.properties : undefined;
  if (properties === undefined) return value;
  const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const child = value[key];
    const childSchema = Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (!isRecord(childSchema)) define(out, key, child);
    // A null the strict schema made the model send for an optional property is dropped: the property is absent.
    else if (child !== null || required.has(key) || allowsNull(childSchema))
      define(out, key, stripAddedNulls(child, childSchema));
  }
  return out;
}

function allowsNull(schema: Record<string, unknown>): boolean {
  if (schema.type === 'null' || (Array.isArray(schema.type) && schema.type.includes('null'))) return true;
  return Array.isArray(schema.anyOf) && schema.anyOf.some((b) => isRecord(b) && allowsNull(b));
}

function nonNullBranch(schema: JsonSchema): JsonSchema {
  if (!Array.isArray(schema.anyOf)) return schema;
  const branch = schema.anyOf.find((b) => isRecord(b) && b.type !== 'null');
  return isRecord(branch) ? branch : schema;
}

// defineProperty, not assignment: a "__proto__" key stays a plain own key for the validator to refuse.
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
