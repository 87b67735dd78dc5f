import type { ArgOptions } from '../contracts/ArgOptions.js';
import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import { nestProblem } from '../errors/nestProblem.js';
import { dtoTreeProblems } from './dtoTreeProblems.js';
import { jsonSchemaToShape } from './jsonSchemaToShape.js';
import { notAClassProblem } from './notAClassProblem.js';
import type { JsonSchema } from '../contracts/JsonSchema.js';
import { patternProblem } from './patternProblem.js';
import type { Shape } from './Shape.js';
import { isStringFormat } from './stringFormats.js';
import { resolveTypeSpec } from './resolveTypeSpec.js';
import { constraintKeys } from './constraintKeys.js';

const UNTELLABLE = new Set<unknown>([Object, Function, Promise, Symbol, undefined]);

/**
 * The Shape of an `@Arg`: its explicit `type`, or the reflected parameter type, refined by its
 * options. Problems name `where` and say what to write instead.
 */
export function argShape(
  options: ArgOptions,
  reflected: unknown,
  where: string,
  problems: DefinitionProblem[],
  name?: string,
): Shape {
  const declared = options.type ?? undefined;
  const base = typeShape(
    declared ?? inferFromEnum(options, reflected),
    options,
    where,
    problems,
    'type',
    name,
    declared !== undefined,
  );
  const description = options.description === undefined ? {} : { description: options.description };
  const nullable = options.nullable === true ? { nullable: true } : {};
  // Object.assign, not a spread: a spread at a site that sees many shapes gives each result a hidden class of its own.
  return Object.assign({}, base, description, nullable) as Shape;
}

function inferFromEnum(options: ArgOptions, reflected: unknown): unknown {
  if (!UNTELLABLE.has(reflected) || options.enum === undefined || options.enum.length === 0) return reflected;
  if (options.enum.every((v) => typeof v === 'string')) return String;
  if (options.enum.every((v) => typeof v === 'number')) return Number;
  return reflected;
}

function typeShape(
  spec: unknown,
  options: ArgOptions,
  where: string,
  problems: DefinitionProblem[],
  what: 'type' | 'items',
  name?: string,
  declared = true,
): Shape {
  let resolved: unknown;
  try {
    resolved = resolveTypeSpec(spec);
  } catch (error) {
    problems.push({
      where,
      code: 'type_thunk_threw',
      message: `its ${what} thunk threw (${error instanceof Error ? error.message : String(error)}); is the class declared after its use?`,
    });
    return { kind: 'unknown' };
  }
  if (typeof resolved === 'object' && resolved !== null)
    return jsonSchemaToShape(resolved as JsonSchema, where, problems);
  const constraintProblem = (keys: (keyof ArgOptions)[], kind: string): void => {
    const wrong = keys.filter((k) => options[k] !== undefined);
    if (wrong.length > 0)
      problems.push({
        where,
        code: 'misplaced_constraint',
        message: `${wrong.join(', ')} ${wrong.length === 1 ? 'applies' : 'apply'} only to ${kind} arguments`,
      });
  };
  const STRING_KEYS = constraintKeys.string;
  const NUMBER_KEYS = constraintKeys.number;
  const ARRAY_KEYS = constraintKeys.array;
  if (resolved === String) {
    constraintProblem([...NUMBER_KEYS, ...ARRAY_KEYS], 'number or array');
    if (options.format !== undefined && !isStringFormat(options.format))
      problems.push({ where, code: 'unknown_format', message: `unknown format ${JSON.stringify(options.format)}` });
    if (options.pattern !== undefined) {
      const problem =
        typeof options.pattern === 'string'
          ? patternProblem(options.pattern, { unicode: true }, where)
          : ({ where, code: 'invalid_pattern', message: 'pattern must be a string' } as const);
      if (problem !== undefined) problems.push(problem);
    }
    if (options.enum !== undefined && !options.enum.every((v) => typeof v === 'string'))
      problems.push({ where, code: 'invalid_enum', message: 'enum values of a string argument must be strings' });
    return strip({
      kind: 'string',
      minLength: options.minLength,
      maxLength: options.maxLength,
      pattern: options.pattern,
      format: isStringFormat(options.format) ? options.format : undefined,
      enum: options.enum as string[] | undefined,
    });
  }
  if (resolved === Number) {
    constraintProblem([...STRING_KEYS, ...ARRAY_KEYS], 'string or array');
    if (options.enum !== undefined && !options.enum.every((v) => typeof v === 'number'))
      problems.push({ where, code: 'invalid_enum', message: 'enum values of a number argument must be numbers' });
    const { multipleOf } = options;
    if (multipleOf !== undefined && !(typeof multipleOf === 'number' && Number.isFinite(multipleOf) && multipleOf > 0))
      problems.push({ where, code: 'invalid_constraint', message: 'multipleOf must be a number greater than 0' });
    return strip({
      kind: 'number',
      integer: options.integer === true,
      minimum: options.minimum,
      maximum: options.maximum,
      exclusiveMinimum: options.exclusiveMinimum,
      exclusiveMaximum: options.exclusiveMaximum,
      multipleOf: typeof multipleOf === 'number' && multipleOf > 0 ? multipleOf : undefined,
      enum: options.enum as number[] | undefined,
    });
  }
  if (resolved === Boolean) {
    constraintProblem([...STRING_KEYS, ...NUMBER_KEYS, ...ARRAY_KEYS], 'other');
    return { kind: 'boolean' };
  }
  if (resolved === Array) {
    constraintProblem([...STRING_KEYS, ...NUMBER_KEYS], 'string or number');
    if (options.items === undefined) {
      problems.push({
        where,
        code: 'missing_item_type',
        message:
          'is an array, and reflection cannot see its element type; add { items: String } (or Number, Boolean, a DTO class, a JSON Schema)',
      });
      return { kind: 'array', items: { kind: 'unknown' } };
    }
    return strip({
      kind: 'array',
      items: typeShape(options.items, {}, `${where}[]`, problems, 'items'),
      minItems: options.minItems,
      maxItems: options.maxItems,
      uniqueItems: options.uniqueItems === true ? true : undefined,
    });
  }
  if (resolved === Date) {
    problems.push({
      where,
      code: 'date_type',
      message: "Date cannot arrive in JSON; declare a string with { format: 'date-time' } and parse it",
    });
    return { kind: 'unknown' };
  }
  // Declared, it is a mistake in the declaration (a thunk that returns a class not yet defined in a module cycle); else
  // reflection saw nothing.
  if (typeof resolved !== 'function') {
    problems.push(
      declared
        ? notAClassValue(resolved, what, spec !== resolved, where)
        : { where, code: 'untellable_type', message: untellable(name, options) },
    );
    return { kind: 'unknown' };
  }
  if (UNTELLABLE.has(resolved)) {
    problems.push({
      where,
      code: 'untellable_type',
      message: untellable(name, options),
    });
    return { kind: 'unknown' };
  }
  constraintProblem([...STRING_KEYS, ...NUMBER_KEYS, ...ARRAY_KEYS], 'scalar or array');
  const notClass = notAClassProblem(resolved);
  if (notClass !== undefined) {
    problems.push(nestProblem(where, notClass));
    return { kind: 'unknown' };
  }
  const dtoProblems = dtoTreeProblems(resolved);
  problems.push(...dtoProblems.map((p) => nestProblem(where, p)));
  return { kind: 'dto', dto: resolved as abstract new () => object };
}

/**
 * The problem of a declared type (or items) that is no function and no JSON Schema: `null`, `undefined`, a class's
 * name.
 */
function notAClassValue(value: unknown, what: 'type' | 'items', fromThunk: boolean, where: string): DefinitionProblem {
  const given = value === undefined ? 'undefined' : value === null ? 'null' : `a ${typeof value}`;
  return {
    where,
    code: 'not_a_class',
    message: `its ${what} ${fromThunk ? `thunk returned ${given}` : `is ${given}`}, not a class; name String, Number, Boolean, a DTO class or a JSON Schema, or a thunk that returns one of them (() => TheDto)`,
  };
}

function strip<T extends object>(shape: T): T {
  return Object.fromEntries(Object.entries(shape).filter(([, v]) => v !== undefined)) as T;
}

/**
 * What to write when reflection sees `Object` (or nothing): under `strict`, `x: string | undefined`
 * and `x: string | null` are unions and reflect as Object, while `x?: string` reflects as String.
 */
function untellable(name: string | undefined, options: ArgOptions): string {
  const general = 'reflection cannot tell its type (a union, an interface, Record, any or unknown all look like Object';
  if (name === undefined) return `${general}); add { type: String } (or Number, Boolean, a DTO class, a JSON Schema)`;
  const optional = options.optional === true || options.default !== undefined;
  const fix = `@Arg('${name}', { type: String${options.optional === true ? ', optional: true' : ''} })`;
  return `${general}, and so, under "strict", do \`${name}: string | undefined\` and \`${name}: string | null\`); write ${fix} (Number, Boolean, a DTO class or a JSON Schema in place of String)${
    optional
      ? `, or declare the parameter \`${name}?: string\`, which reflects as String`
      : '; add optional: true if it may be absent'
  }`;
}
