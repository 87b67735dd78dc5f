import type { JsonSchema } from '../contracts/JsonSchema.js';

const KEYWORD = 'x-mcp-header';

/**
 * A remote tool's input schema without its `x-mcp-header` annotations (which the local schema model does not read),
 * and the headers its top-level arguments declare, to be listed and checked again by this registry's MCP server. A
 * header declared deeper is left to the client that calls the remote (it copies it from the remote's own listing).
 * The schema is copied only where a declaration is removed.
 */
export function remoteHeaders(schema: JsonSchema): {
  readonly schema: JsonSchema;
  readonly headers: Readonly<Record<string, string>> | undefined;
} {
  const headers: Record<string, string> = Object.create(null);
  const properties = schema.properties;
  if (typeof properties === 'object' && properties !== null && !Array.isArray(properties)) {
    for (const [name, property] of Object.entries(properties)) {
      const header =
        typeof property === 'object' && property !== null
          ? Object.getOwnPropertyDescriptor(property, KEYWORD)?.value
          : undefined;
      if (header !== undefined) headers[name] = header as string;
    }
  }
  return { schema: without(schema) as JsonSchema, headers: Object.keys(headers).length > 0 ? headers : undefined };
}

/** `value` without any `x-mcp-header` key, at any depth; the same object where there is none. */
function without(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const items = value.map(without);
    return items.every((item, i) => item === value[i]) ? value : items;
  }
  let changed = Object.hasOwn(value, KEYWORD);
  const entries = Object.entries(value).flatMap(([key, child]) => {
    if (key === KEYWORD) return [];
    const copy = without(child);
    if (copy !== child) changed = true;
    return [[key, copy] as const];
  });
  if (!changed) return value;
  // Defined, not assigned: a key named __proto__ stays a key.
  const out: Record<string, unknown> = {};
  for (const [key, child] of entries)
    Object.defineProperty(out, key, { value: child, enumerable: true, writable: true, configurable: true });
  return out;
}
