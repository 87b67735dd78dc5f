import type { ArgOptions } from '../contracts/ArgOptions.js';
import type { JsonSchema } from '../contracts/JsonSchema.js';
import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import type { TypeManifestParam } from '../contracts/TypeManifest.js';
import { argShape } from './argShape.js';
import { constraintKeys } from './constraintKeys.js';
import { jsonSchemaToShape } from './jsonSchemaToShape.js';
import type { ArrayShape, ObjectShape, Shape } from './Shape.js';

/** What constrains a string, a number or an array (argShape's lists), and `enum`: none applies to an object. */
const SCALAR_KEYS: readonly (keyof ArgOptions)[] = [
  ...constraintKeys.string,
  ...constraintKeys.number,
  ...constraintKeys.array,
  'enum',
];
const SCALARS: Readonly<Record<string, Function>> = Object.assign(Object.create(null), {
  string: String,
  number: Number,
  boolean: Boolean,
});
const CLASS_OF: Partial<Record<Shape['kind'], Function>> = {
  string: String,
  number: Number,
  boolean: Boolean,
  array: Array,
};

/**
 * The Shape of an `@Arg` whose TypeScript type the manifest gives: the union of what the type says (literal unions,
 * nullability, an interface's properties, JSDoc) and what the decorator says (constraints, which win where both
 * speak). A declared `type` or `enum` that is not within the TypeScript type is a `type_conflict` problem.
 */
export function typedArgShape(
  options: ArgOptions,
  param: TypeManifestParam,
  where: string,
  problems: DefinitionProblem[],
  name: string,
): Shape {
  const conflict = (reason: string): void => {
    problems.push(conflictProblem(where, param, reason));
  };
  if (param.type !== undefined) {
    // A class (a DTO): its decorators validate it; the type adds only `| null`.
    const shape = argShape(options, param.type, where, problems, name);
    return param.nullable === true ? Object.assign({}, shape, { nullable: true }) : shape;
  }
  if (param.schema === undefined) return argShape(options, undefined, where, problems, name);
  // The common case, a plain string, number or boolean (perhaps described): what reflection would have seen.
  const scalar = SCALARS[String(param.schema.type)];
  if (
    scalar !== undefined &&
    options.type === undefined &&
    options.nullable !== true &&
    onlyTypeAndDescription(param.schema)
  ) {
    const shape = argShape(options, scalar, where, problems, name);
    const description = param.schema.description;
    return typeof description === 'string' && options.description === undefined ? { ...shape, description } : shape;
  }
  const typed = jsonSchemaToShape(param.schema, `${where} (its type in the manifest)`, problems);
  if (options.nullable === true && typed.nullable !== true) conflict('it is declared nullable');
  if (options.type !== undefined) {
    const declared = argShape(options, undefined, where, problems, name);
    const outside = outsideOf(declared, typed);
    if (outside !== undefined) conflict(`its declared type ${outside}`);
    return annotated(declared, options, typed);
  }
  const reflected = CLASS_OF[typed.kind];
  if (reflected === undefined) {
    const misplaced = SCALAR_KEYS.filter((k) => options[k] !== undefined);
    if (misplaced.length > 0)
      problems.push({
        where,
        code: 'misplaced_constraint',
        message: `${misplaced.join(', ')} ${misplaced.length === 1 ? 'applies' : 'apply'} to a string, number or array, and its type is ${typed.kind === 'unknown' ? 'any JSON value' : 'an object'}`,
      });
    return annotated(typed, options);
  }
  const items =
    typed.kind === 'array' && options.items === undefined && typeof param.schema.items === 'object'
      ? { items: param.schema.items as JsonSchema }
      : {};
  const decorated = argShape({ ...options, ...items }, reflected, where, problems, name);
  if (decorated.kind !== typed.kind) return decorated;
  if (decorated.kind === 'array' && typed.kind === 'array' && options.items !== undefined) {
    const outside = outsideOf(decorated.items, typed.items);
    if (outside !== undefined) conflict(`its items ${outside}`);
  }
  if (decorated.kind === 'string' && typed.kind === 'string' && options.format !== undefined) {
    if (typed.format !== undefined && typed.format !== options.format)
      conflict(`its format ${options.format} is not the ${typed.format} of its type`);
  }
  const typedEnum = (typed as { enum?: readonly unknown[] }).enum;
  const declaredEnum = options.enum;
  if (declaredEnum !== undefined && typedEnum !== undefined) {
    const extra = declaredEnum.filter((v) => !typedEnum.includes(v));
    if (extra.length > 0) conflict(`its enum names ${JSON.stringify(extra)}`);
  }
  const enumOf = declaredEnum ?? typedEnum;
  const merged = Object.assign({}, typed, decorated, enumOf === undefined ? {} : { enum: enumOf }) as Shape;
  return annotated(merged.kind === 'array' && typed.kind === 'array' ? tighter(merged, typed) : merged, options, typed);
}

/** An array's item bounds: the decorator's may narrow a tuple's length, never widen it. */
function tighter(merged: ArrayShape, typed: ArrayShape): ArrayShape {
  const min = [merged.minItems, typed.minItems].filter((v): v is number => v !== undefined);
  const max = [merged.maxItems, typed.maxItems].filter((v): v is number => v !== undefined);
  return Object.assign(
    {},
    merged,
    min.length === 0 ? {} : { minItems: Math.max(...min) },
    max.length === 0 ? {} : { maxItems: Math.min(...max) },
  );
}

function onlyTypeAndDescription(schema: JsonSchema): boolean {
  for (const key in schema) if (key !== 'type' && key !== 'description') return false;
  return true;
}

function conflictProblem(where: string, param: TypeManifestParam, reason: string): DefinitionProblem {
  const type = param.schema === undefined ? (param.type?.name ?? 'its class') : JSON.stringify(param.schema);
  return {
    where,
    code: 'type_conflict',
    message: `${reason}, which its TypeScript type does not allow (${type}); make the decorator and the type agree (a decorator may narrow the type, never widen it)`,
  };
}

/** The description and nullability: the decorator's, else the type's (its JSDoc, its `| null`). */
function annotated(shape: Shape, options: ArgOptions, typed: Shape = shape): Shape {
  const description = options.description ?? typed.description;
  const nullable = options.nullable === true || typed.nullable === true;
  return Object.assign({}, shape, description === undefined ? {} : { description }, nullable ? { nullable } : {});
}

/** Why `declared` admits a value that `typed` does not, or undefined when it is within it. */
function outsideOf(declared: Shape, typed: Shape): string | undefined {
  if (typed.kind === 'unknown') return undefined;
  if (declared.nullable === true && typed.nullable !== true) return 'admits null';
  const kinds = new Set([declared.kind, typed.kind]);
  if (declared.kind !== typed.kind && !(kinds.has('dto') && kinds.has('object')))
    return `is ${article(declared.kind)}, not ${article(typed.kind)}`;
  if ((declared.kind === 'string' || declared.kind === 'number') && declared.kind === typed.kind) {
    const allowed = typed.enum as readonly unknown[] | undefined;
    if (allowed === undefined) return undefined;
    const given = declared.enum as readonly unknown[] | undefined;
    if (given === undefined) return `admits any ${declared.kind}, not only ${JSON.stringify(allowed)}`;
    const extra = given.filter((v) => !allowed.includes(v));
    return extra.length === 0 ? undefined : `names ${JSON.stringify(extra)}`;
  }
  if (declared.kind === 'array' && typed.kind === 'array') {
    const inner = outsideOf(declared.items, typed.items);
    return inner === undefined ? undefined : `has items that ${inner.replace(/^is /, 'are ')}`;
  }
  if (declared.kind === 'object' && typed.kind === 'object') return objectOutside(declared, typed);
  return undefined;
}

/** Why an object schema admits an object its type does not: an open one, a property the type lacks or leaves out. */
function objectOutside(declared: ObjectShape, typed: ObjectShape): string | undefined {
  if (declared.additionalProperties !== false && typed.additionalProperties === false)
    return 'admits keys its type does not declare';
  for (const property of declared.properties) {
    const own = typed.properties.find((p) => p.name === property.name);
    if (own === undefined) {
      if (typed.additionalProperties === false)
        return `declares the property ${property.name}, which its type does not`;
      continue;
    }
    const inner = outsideOf(property.shape, own.shape);
    if (inner !== undefined) return `has a property ${property.name} that ${inner}`;
  }
  const absent = typed.properties.find(
    (p) => p.required && !declared.properties.some((d) => d.name === p.name && d.required),
  );
  return absent === undefined ? undefined : `lets the property ${absent.name} be absent, which its type requires`;
}

function article(kind: Shape['kind']): string {
  return kind === 'array' || kind === 'object' || kind === 'unknown' ? `an ${kind}` : `a ${kind}`;
}
