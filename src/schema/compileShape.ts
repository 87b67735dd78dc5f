import { compileDtoValidator } from './dto/compileDtoValidator.js';
import { coerceBoolean, coerceJson, coerceNumber } from './coerce.js';
import { isForbiddenKey } from './isForbiddenKey.js';
import { isPlainObject } from './isPlainObject.js';
import { objectKeys } from './objectKeys.js';
import type { ArrayShape, NumberShape, ObjectShape, Shape, StringShape } from './Shape.js';
import { stringFormats } from './stringFormats.js';
import { childPath, describeValue } from './ValidationRun.js';
import type { Validator } from './Validator.js';

export interface CompileOptions {
  /** Accept `"42"` for a number, `"true"` for a boolean and JSON text for an array or object. */
  readonly coerce: boolean;
}

/** Compiles a Shape into a Validator once, so a call runs only the checks its declaration needs. */
export function compileShape(shape: Shape, options: CompileOptions): Validator {
  const check = compileNonNull(shape, options);
  if (!shape.nullable) return check;
  return (value, path, run, depth) => (value === null ? null : check(value, path, run, depth));
}

function compileNonNull(shape: Shape, options: CompileOptions): Validator {
  switch (shape.kind) {
    case 'string':
      return compileString(shape);
    case 'number':
      return compileNumber(shape, options);
    case 'boolean': {
      const coerce = options.coerce;
      return (raw, path, run) => {
        const value = coerce ? coerceBoolean(raw) : raw;
        if (typeof value !== 'boolean') run.report(path, `must be a boolean, got ${describeValue(value)}`, 'isBoolean');
        return value;
      };
    }
    case 'array':
      return compileArray(shape, options);
    case 'object':
      return compileObject(shape, options);
    case 'dto':
      return compileDtoValidator(shape.dto, options);
    case 'unknown':
      return (value, path, run, depth) => {
        if (!isJsonValue(value, depth, run.limits.maxDepth)) {
          run.report(path, 'must be a JSON value (no functions, bigints, cycles or excessive nesting)', 'isJson');
        }
        return value;
      };
  }
}

function compileString(shape: StringShape): Validator {
  const pattern = shape.pattern === undefined ? undefined : new RegExp(shape.pattern, 'u');
  const format = shape.format === undefined ? undefined : stringFormats[shape.format];
  const allowed = shape.enum === undefined ? undefined : new Set(shape.enum);
  const { minLength, maxLength } = shape;
  return (value, path, run) => {
    if (typeof value !== 'string') {
      run.report(path, `must be a string, got ${describeValue(value)}`, 'isString');
      return value;
    }
    if (value.length > (maxLength === undefined ? run.limits.maxStringLength : maxLength * 2)) {
      run.report(path, `is too long (${value.length} characters)`, maxLength === undefined ? 'limit' : 'maxLength');
      return value;
    }
    if (allowed !== undefined && !allowed.has(value)) {
      run.report(path, `must be one of ${[...allowed].map((v) => JSON.stringify(v)).join(', ')}, got ${describeValue(value)}`, 'isIn');
      return value;
    }
    if (minLength !== undefined || maxLength !== undefined) {
      const length = codePointLength(value);
      if (minLength !== undefined && length < minLength) {
        run.report(path, `must be at least ${minLength} ${minLength === 1 ? 'character' : 'characters'} long`, 'minLength');
      }
      if (maxLength !== undefined && length > maxLength) {
        run.report(path, `must be at most ${maxLength} ${maxLength === 1 ? 'character' : 'characters'} long`, 'maxLength');
      }
    }
    if (pattern !== undefined && !pattern.test(value)) run.report(path, `must match the pattern ${shape.pattern}`, 'matches');
    if (format !== undefined && !format(value)) run.report(path, `must be a valid ${shape.format}`, shape.format ?? 'format');
    return value;
  };
}

/** JSON Schema counts characters as code points, so a surrogate pair is one character. */
function codePointLength(value: string): number {
  let length = value.length;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < value.length) {
      const d = value.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        length--;
        i++;
      }
    }
  }
  return length;
}

function compileNumber(shape: NumberShape, options: CompileOptions): Validator {
  const { integer, minimum, maximum, exclusiveMinimum, exclusiveMaximum } = shape;
  const allowed = shape.enum === undefined ? undefined : new Set(shape.enum);
  const coerce = options.coerce;
  const kind = integer ? 'an integer' : 'a number';
  return (raw, path, run) => {
    const value = coerce ? coerceNumber(raw) : raw;
    if (typeof value !== 'number' || !Number.isFinite(value) || (integer && !Number.isInteger(value))) {
      run.report(path, `must be ${kind}, got ${describeValue(value)}`, integer ? 'isInt' : 'isNumber');
      return value;
    }
    if (allowed !== undefined && !allowed.has(value)) {
      run.report(path, `must be one of ${[...allowed].join(', ')}, got ${value}`, 'isIn');
      return value;
    }
    if (minimum !== undefined && value < minimum) run.report(path, `must be >= ${minimum}, got ${value}`, 'min');
    if (maximum !== undefined && value > maximum) run.report(path, `must be <= ${maximum}, got ${value}`, 'max');
    if (exclusiveMinimum !== undefined && value <= exclusiveMinimum) run.report(path, `must be > ${exclusiveMinimum}, got ${value}`, 'exclusiveMinimum');
    if (exclusiveMaximum !== undefined && value >= exclusiveMaximum) run.report(path, `must be < ${exclusiveMaximum}, got ${value}`, 'exclusiveMaximum');
    return value;
  };
}

function compileArray(shape: ArrayShape, options: CompileOptions): Validator {
  const item = compileShape(shape.items, options);
  const { minItems, maxItems } = shape;
  const coerce = options.coerce;
  return (raw, path, run, depth) => {
    const value = coerce ? coerceJson(raw, 'array') : raw;
    if (!Array.isArray(value)) {
      run.report(path, `must be an array, got ${describeValue(value)}`, 'isArray');
      return value;
    }
    if (depth >= run.limits.maxDepth) {
      run.report(path, `is nested more than ${run.limits.maxDepth} levels deep`, 'maxDepth');
      return value;
    }
    if (maxItems !== undefined ? value.length > maxItems : value.length > run.limits.maxArrayLength) {
      run.report(path, `must have at most ${maxItems ?? run.limits.maxArrayLength} items, got ${value.length}`, maxItems !== undefined ? 'arrayMaxSize' : 'limit');
      return value;
    }
    if (minItems !== undefined && value.length < minItems) {
      run.report(path, `must have at least ${minItems} ${minItems === 1 ? 'item' : 'items'}, got ${value.length}`, 'arrayMinSize');
    }
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = item(value[i], childPath(path, i), run, depth + 1);
    return out;
  };
}

interface CompiledProperty {
  readonly name: string;
  readonly check: Validator;
  readonly required: boolean;
  readonly hasDefault: boolean;
  readonly defaultValue: unknown;
}

function compileObject(shape: ObjectShape, options: CompileOptions): Validator {
  const properties: CompiledProperty[] = shape.properties.map((p) => ({
    name: p.name,
    check: compileShape(p.shape, options),
    required: p.required,
    hasDefault: p.default !== undefined,
    defaultValue: p.default?.value,
  }));
  const known = new Set(properties.map((p) => p.name));
  const open = shape.additionalProperties;
  const coerce = options.coerce;
  return (raw, path, run, depth) => {
    const value = coerce ? coerceJson(raw, 'object') : raw;
    const keys = objectKeys(value, path, run, depth, open ? undefined : known);
    if (keys === undefined) return value;
    const input = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const p of properties) {
      const present = Object.hasOwn(input, p.name) ? input[p.name] : undefined;
      // A null for an optional field means absent: models send it, and strict provider modes require it.
      if (present === undefined || (present === null && !p.required)) {
        if (p.hasDefault) out[p.name] = structuredCloneJson(p.defaultValue);
        else if (p.required) run.report(childPath(path, p.name), 'is required', 'isDefined');
        continue;
      }
      out[p.name] = p.check(present, childPath(path, p.name), run, depth + 1);
    }
    if (open) for (const key of keys) if (!known.has(key) && !isForbiddenKey(key)) out[key] = input[key];
    return out;
  };
}

/** Defaults are copied per call so one call cannot change what the next one sees. */
function structuredCloneJson(value: unknown): unknown {
  return value === null || typeof value !== 'object' ? value : (JSON.parse(JSON.stringify(value)) as unknown);
}

/** Whether a value is plain JSON data, within a nesting bound. Iterative, so depth cannot overflow the stack. */
export function isJsonValue(root: unknown, depth: number, maxDepth: number): boolean {
  const stack: [unknown, number][] = [[root, depth]];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const [value, d] = stack.pop()!;
    if (value === null || typeof value === 'string' || typeof value === 'boolean') continue;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return false;
      continue;
    }
    if (typeof value !== 'object') return false;
    if (d >= maxDepth || seen.has(value)) return false;
    seen.add(value);
    if (Array.isArray(value)) for (const v of value) stack.push([v, d + 1]);
    else if (isPlainObject(value)) for (const k of Object.keys(value)) stack.push([value[k], d + 1]);
    else return false;
  }
  return true;
}
