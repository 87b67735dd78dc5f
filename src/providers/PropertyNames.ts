import type { JsonSchema } from '../contracts/JsonSchema.js';
import type { NameRule } from './NameRule.js';
import { ProviderNames } from './ProviderNames.js';
import { isRecord, join } from './schemaNotes.js';

/** How to map the keys of one object (and of the objects below it) back to the registry's names. */
interface KeyMap {
  /** Provider key → registry key, for the keys that were renamed. */
  readonly keys: Map<string, string>;
  /** The map of each property's value, by registry key. */
  readonly children: Map<string, KeyMap>;
  items?: KeyMap;
}

/** A schema with the property names a provider refuses renamed, the report lines, and the way back. */
export interface RenamedProperties {
  readonly schema: JsonSchema;
  /** One line per renamed property: `property "filter.$x" sent as "_x" (…)`. */
  readonly changes: string[];
  /**
   * For a validation error's message, which names the registry's properties: how each renamed one
   * is sent (`"$x" is sent as "_x"; "filter.$tag" as "filter._tag"`). Empty when nothing was renamed.
   */
  readonly legend: string;
  /**
   * The call's arguments with the provider's property names mapped back to the registry's. The input is not changed.
   */
  restore(args: unknown): unknown;
}

/**
 * Renames the property names a provider refuses, in every object of the schema (nested DTOs,
 * array items, `anyOf` branches), reversibly: a forbidden character becomes `_`, and a name that is
 * too long or would collide is cut and given a short hash, as tool names are. `required` follows.
 * Schemas whose names all fit come back as they are, and `restore` is then the identity.
 */
export function renameProperties(schema: JsonSchema, rule: NameRule): RenamedProperties {
  const changes: string[] = [];
  const pairs: [string, string][] = [];
  const map: KeyMap = { keys: new Map(), children: new Map() };
  const renamed = rename(schema, { registry: '', provider: '' }, rule, map, changes, pairs);
  if (changes.length === 0) return { schema, changes, legend: '', restore: (args) => args };
  const legend = `Property names above are the tool's own: ${pairs.map(([from, to], i) => `"${from}" ${i === 0 ? 'is sent as' : 'as'} "${to}"`).join('; ')}.`;
  return { schema: renamed, changes, legend, restore: (args) => restore(args, map) };
}

interface Paths {
  readonly registry: string;
  readonly provider: string;
}

function rename(
  node: JsonSchema,
  path: Paths,
  rule: NameRule,
  map: KeyMap,
  changes: string[],
  pairs: [string, string][],
): JsonSchema {
  const out: Record<string, unknown> = { ...node };
  const branch = (b: unknown): unknown => (isRecord(b) ? rename(b, path, rule, map, changes, pairs) : b);
  if (Array.isArray(node.anyOf)) out.anyOf = node.anyOf.map(branch);
  if (Array.isArray(node.oneOf)) out.oneOf = node.oneOf.map(branch);
  if (isRecord(node.items)) {
    map.items ??= { keys: new Map(), children: new Map() };
    out.items = rename(
      node.items,
      { registry: `${path.registry}[]`, provider: `${path.provider}[]` },
      rule,
      map.items,
      changes,
      pairs,
    );
  }
  if (isRecord(node.properties)) {
    const keys = Object.keys(node.properties);
    const names = new ProviderNames(keys, rule);
    const properties: Record<string, unknown> = {};
    for (const key of keys) {
      const providerKey = names.toProvider(key)!;
      const childPath = { registry: join(path.registry, key), provider: join(path.provider, providerKey) };
      if (providerKey !== key) {
        map.keys.set(providerKey, key);
        changes.push(`property "${childPath.registry}" sent as "${providerKey}" (${rule.says})`);
        pairs.push([childPath.registry, childPath.provider]);
      }
      const child = node.properties[key];
      let childMap = map.children.get(key);
      if (childMap === undefined) {
        childMap = { keys: new Map(), children: new Map() };
        map.children.set(key, childMap);
      }
      define(
        properties,
        providerKey,
        isRecord(child) ? rename(child, childPath, rule, childMap, changes, pairs) : child,
      );
    }
    out.properties = properties;
    if (Array.isArray(node.required))
      out.required = node.required.map((r: unknown) => (typeof r === 'string' ? (names.toProvider(r) ?? r) : r));
  }
  return out;
}

function restore(value: unknown, map: KeyMap | undefined): unknown {
  if (map === undefined) return value;
  if (Array.isArray(value)) return map.items === undefined ? value : value.map((v) => restore(v, map.items));
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const registryKey = map.keys.get(key) ?? key;
    define(out, registryKey, restore(value[key], map.children.get(registryKey)));
  }
  return out;
}

// defineProperty, not assignment: a "__proto__" key stays a plain own key for the validator to refuse.
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A failed call's message for the model: an `invalid_input` one of a tool with renamed properties gets the legend. */
export function errorText(
  error: { readonly code: string; readonly message: string },
  renamed: RenamedProperties | undefined,
): string {
  return error.code === 'invalid_input' && renamed !== undefined && renamed.legend !== ''
    ? `${error.message}\n${renamed.legend}`
    : error.message;
}
