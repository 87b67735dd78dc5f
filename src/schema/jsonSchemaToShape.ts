import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import { isForbiddenKey } from './isForbiddenKey.js';
import type { JsonSchema } from '../contracts/JsonSchema.js';
import { type PatternCheckBudget, patternProblem } from './patternProblem.js';
import type { PropertyShape, Shape } from './Shape.js';
import { isStringFormat } from './stringFormats.js';

const SUPPORTED = new Set([
  'type',
  'description',
  'title',
  'default',
  'examples',
  '$schema',
  '$defs',
  '$ref',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'minItems',
  'maxItems',
  'uniqueItems',
  'enum',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
]);
const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object']);

/**
 * The most subschemas one schema may read through its `$ref`s in all, each `enum` value counted as one more: each
 * reference is inlined, so this bounds what a hostile schema (a definition used many times, by definitions used many
 * times) expands to.
 */
export const MAX_INLINED_SUBSCHEMAS = 10_000;

/**
 * What reading the schemas of one remote listing may cost in all: the time left for checking new patterns, and the
 * subschemas (and their `enum` values) that may still be inlined through `$ref`s, across every tool of the listing.
 */
export interface SchemaReadBudget {
  readonly patterns: PatternCheckBudget;
  inlinedLeft: number;
  /** What the inlining budget is, for the problem that says it was spent. */
  readonly inlinedWhat: string;
}

/** The `$defs` of the schema being read, the references being resolved (to refuse a cycle), and what they inlined. */
interface References {
  readonly defs: Readonly<Record<string, unknown>>;
  readonly resolving: string[];
  inlined: number;
  readonly budget: SchemaReadBudget | undefined;
  /** Whether this schema was told that the listing's inlining budget is spent. */
  overListing?: boolean;
}

/**
 * Reads a JSON Schema written by hand (for `output`, or `type` on an `@Arg`) or by a remote MCP server into a Shape.
 * Only keywords that the validator enforces are accepted; any other is a problem, not silently ignored. `$defs` at
 * the schema's root and local references to them (`{ "$ref": "#/$defs/name" }`, JSON Schema 2020-12) are resolved
 * by inlining, within bounds: no reference to anything else (nothing is ever fetched), no cycle (a recursive
 * definition has no finite shape), and at most {@link MAX_INLINED_SUBSCHEMAS} subschemas read through references.
 * A `budget` bounds what the schemas of one remote listing cost together: new patterns checked, subschemas inlined.
 */
export function jsonSchemaToShape(
  schema: JsonSchema,
  where: string,
  problems: DefinitionProblem[],
  budget?: SchemaReadBudget,
): Shape {
  const defs = schema.$defs;
  if (defs !== undefined && !isObject(defs)) {
    problems.push({ where, code: 'invalid_schema', message: '"$defs" must be an object of JSON Schemas' });
    return { kind: 'unknown' };
  }
  return readSchema(schema, where, problems, { defs: defs ?? {}, resolving: [], inlined: 0, budget }, true);
}

function readSchema(
  schema: JsonSchema,
  where: string,
  problems: DefinitionProblem[],
  refs: References,
  root = false,
): Shape {
  if (!root && schema.$defs !== undefined) {
    problems.push({
      where,
      code: 'unsupported_keyword',
      message: '"$defs" is supported at the root of a schema only; move these definitions there',
    });
    return { kind: 'unknown' };
  }
  if (refs.resolving.length > 0) {
    // An inlined enum is copied with its subschema: its values count too.
    const cost = 1 + (Array.isArray(schema.enum) ? schema.enum.length : 0);
    const overSchema = refs.inlined <= MAX_INLINED_SUBSCHEMAS && refs.inlined + cost > MAX_INLINED_SUBSCHEMAS;
    const budget = refs.budget;
    refs.inlined += cost;
    if (budget !== undefined) budget.inlinedLeft -= cost;
    const overListing = budget !== undefined && budget.inlinedLeft < 0 && !refs.overListing;
    if (overListing) refs.overListing = true;
    // Reported once per schema: past a cap, every further subschema would say the same.
    if (overSchema)
      problems.push({
        where,
        code: 'invalid_schema',
        message: `the schema reads more than ${MAX_INLINED_SUBSCHEMAS} subschemas (enum values included) through its "$ref"s, each of which is inlined; simplify it`,
      });
    else if (overListing)
      problems.push({
        where,
        code: 'invalid_schema',
        message: `the schemas of this listing inline more subschemas (enum values included) through their "$ref"s than ${budget!.inlinedWhat}; the tools that still inline are refused until the server lists fewer`,
      });
    if (refs.inlined > MAX_INLINED_SUBSCHEMAS || (budget !== undefined && budget.inlinedLeft < 0))
      return { kind: 'unknown' };
  }
  if (schema.$ref !== undefined) return resolveRef(schema, where, problems, refs, root);
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
  // A nullable enum lists null among its values (as shapeToJsonSchema writes it): null is the nullability, not a value.
  const values = Array.isArray(schema.enum) ? schema.enum.filter((v) => !(nullable && v === null)) : undefined;
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
            ? patternProblem(schema.pattern, { unicode: true }, where, refs.budget?.patterns)
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
        ...(values !== undefined && { enum: values.map(String) }),
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
        ...multipleOf(schema.multipleOf, where, problems),
        ...(values !== undefined && { enum: values.map(Number) }),
      };
    case 'boolean':
      return { kind: 'boolean', ...common };
    case 'array': {
      const items = isObject(schema.items)
        ? readSchema(schema.items, `${where}.items`, problems, refs)
        : ({ kind: 'unknown' } as Shape);
      return {
        kind: 'array',
        items,
        ...common,
        ...num('minItems'),
        ...num('maxItems'),
        ...(schema.uniqueItems === true && { uniqueItems: true }),
      };
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
            shape: readSchema(sub, `${where}.${name}`, problems, refs),
            required: required.has(name),
          });
        }
      }
      return {
        kind: 'object',
        properties,
        additionalProperties: additionalProperties(schema.additionalProperties, where, problems, refs),
        ...common,
      };
    }
  }
}

/** Keywords a `$ref` may have beside it: annotations, which override the definition's own. */
const BESIDE_REF = new Set(['$ref', 'description', 'title']);

/** A `{ "$ref": "#/$defs/name" }`: the definition's Shape, read in place (with the annotations beside the reference). */
function resolveRef(
  schema: JsonSchema,
  where: string,
  problems: DefinitionProblem[],
  refs: References,
  root: boolean,
): Shape {
  const ref = schema.$ref;
  // At the root, the definitions and the dialect sit beside the reference too.
  const beside = Object.keys(schema).filter(
    (keyword) => !BESIDE_REF.has(keyword) && !(root && (keyword === '$defs' || keyword === '$schema')),
  );
  if (beside.length > 0) {
    problems.push({
      where,
      code: 'unsupported_keyword',
      message: `${beside.map((k) => `"${k}"`).join(', ')} beside "$ref" ${beside.length === 1 ? 'is' : 'are'} not supported; move ${beside.length === 1 ? 'it' : 'them'} into the definition`,
    });
    return { kind: 'unknown' };
  }
  const match = typeof ref === 'string' ? /^#\/\$defs\/([^/]+)$/.exec(ref) : null;
  if (match === null) {
    problems.push({
      where,
      code: 'unsupported_keyword',
      message: `"$ref" ${JSON.stringify(String(ref).slice(0, 120))} is not supported: only local references to the root's $defs ("#/$defs/name") are resolved, and nothing is fetched`,
    });
    return { kind: 'unknown' };
  }
  // A JSON Pointer token: ~1 is "/", ~0 is "~".
  const name = match[1]!.replace(/~1/g, '/').replace(/~0/g, '~');
  const target = Object.hasOwn(refs.defs, name) ? refs.defs[name] : undefined;
  if (!isObject(target)) {
    problems.push({
      where,
      code: 'invalid_schema',
      message: `"$ref" names "#/$defs/${name.slice(0, 80)}", which is not defined`,
    });
    return { kind: 'unknown' };
  }
  if (refs.resolving.includes(name)) {
    problems.push({
      where,
      code: 'unsupported_keyword',
      message: `"$ref" to "${name.slice(0, 80)}" is recursive (${[...refs.resolving, name].join(' → ')}); a recursive definition is not supported, since its values could nest without end`,
    });
    return { kind: 'unknown' };
  }
  refs.resolving.push(name);
  const shape = readSchema(target, `${where}($defs.${name.slice(0, 80)})`, problems, refs);
  refs.resolving.pop();
  const annotations = {
    ...(typeof schema.description === 'string' && { description: schema.description }),
  };
  return Object.keys(annotations).length === 0 ? shape : ({ ...shape, ...annotations } as Shape);
}

function additionalProperties(
  value: unknown,
  where: string,
  problems: DefinitionProblem[],
  refs: References,
): boolean | Shape {
  if (value === undefined || value === true) return true;
  if (value === false) return false;
  if (isObject(value)) return readSchema(value, `${where}.additionalProperties`, problems, refs);
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

/** A `multipleOf`, which JSON Schema requires to be a number greater than 0. */
function multipleOf(value: unknown, where: string, problems: DefinitionProblem[]): { multipleOf?: number } {
  if (value === undefined) return {};
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return { multipleOf: value };
  problems.push({ where, code: 'invalid_schema', message: '"multipleOf" must be a number greater than 0' });
  return {};
}
