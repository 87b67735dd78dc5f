import type { CompileOptions } from './CompileOptions.js';
import { compileDtoValidator } from './dto/compileDtoValidator.js';
import { coerceBoolean, coerceJson, coerceNumber } from './coerce.js';
import { copyJsonValue } from './copyJsonValue.js';
import { generateObjectValidator } from './generateObjectValidator.js';
import { isForbiddenKey } from './isForbiddenKey.js';
import { fillAbsent, isAbsent, type ObjectProperty, propertyPath } from './ObjectProperty.js';
import { objectKeys } from './objectKeys.js';
import type { ArrayShape, NumberShape, ObjectShape, Shape, StringShape } from './Shape.js';
import { childPath, VALUE_COST } from './ValidationRun.js';
import { firstDuplicate } from './firstDuplicate.js';
import { numberConstraints } from './numberConstraints.js';
import { stringConstraints } from './stringConstraints.js';
import type { Validator } from './Validator.js';

// Bound once: a global looked up per value is slow where code runs in a vm context (jest, some hosts).
const { isArray } = Array;
// Number.isFinite on purpose: the global one coerces its argument.
// biome-ignore lint/suspicious/noShadowRestrictedNames: see above
const { isFinite, isInteger } = Number;
const { hasOwn } = Object;

/** Compiles a Shape into a Validator once, so a call runs only the checks its declaration needs. */
export function compileShape(shape: Shape, options: CompileOptions): Validator {
  const check = compileNonNull(shape, options);
  if (!shape.nullable) return check;
  return (value, path, run, depth) =>
    value === null ? (run.charge(VALUE_COST), null) : check(value, path, run, depth);
}

function compileNonNull(shape: Shape, options: CompileOptions): Validator {
  switch (shape.kind) {
    case 'string':
      return shape.toDate === true ? toDate(compileString(shape)) : compileString(shape);
    case 'number':
      return compileNumber(shape, options);
    case 'boolean': {
      const coerce = options.coerce;
      return (raw, path, run) => {
        const value = coerce ? coerceBoolean(raw) : raw;
        if (!run.charge(VALUE_COST)) return value;
        if (typeof value !== 'boolean') run.report(path, `must be a boolean, got ${run.describe(value)}`, 'isBoolean');
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
      return copyJsonValue;
  }
}

function compileString(shape: StringShape): Validator {
  const constraints = stringConstraints(shape);
  const { maxLength } = shape;
  return (value, path, run) => {
    if (typeof value !== 'string') {
      if (run.charge(VALUE_COST)) run.report(path, `must be a string, got ${run.describe(value)}`, 'isString');
      return value;
    }
    if (value.length > (maxLength === undefined ? run.limits.maxStringLength : maxLength * 2)) {
      run.report(
        path,
        `is too long (${run.shown(value.length)} characters)`,
        maxLength === undefined ? 'limit' : 'maxLength',
      );
      return value;
    }
    if (!run.charge(value.length + VALUE_COST)) return value;
    constraints?.(value, path, run);
    return value;
  };
}

/** A date-time string that passed its checks becomes a Date; one that failed stays as it was, for the issue. */
function toDate(check: Validator): Validator {
  return (value, path, run, depth) => {
    const before = run.issues.length;
    const out = check(value, path, run, depth);
    return run.issues.length === before && typeof out === 'string' ? new Date(out) : out;
  };
}

function compileNumber(shape: NumberShape, options: CompileOptions): Validator {
  const { integer } = shape;
  const constraints = numberConstraints(shape);
  const coerce = options.coerce;
  const kind = integer ? 'an integer' : 'a number';
  return (raw, path, run) => {
    const value = coerce ? coerceNumber(raw) : raw;
    if (!run.charge(typeof value === 'string' ? value.length + VALUE_COST : VALUE_COST)) return value;
    if (typeof value !== 'number' || !isFinite(value) || (integer && !isInteger(value))) {
      run.report(path, `must be ${kind}, got ${run.describe(value)}`, integer ? 'isInt' : 'isNumber');
      return value;
    }
    constraints?.(value, path, run);
    return value;
  };
}

function compileArray(shape: ArrayShape, options: CompileOptions): Validator {
  const item = compileShape(shape.items, options);
  const { minItems, maxItems, uniqueItems } = shape;
  const coerce = options.coerce;
  return (raw, path, run, depth) => {
    const value = coerce ? coerceJson(raw, 'array', run, depth) : raw;
    if (!isArray(value)) {
      if (run.charge(typeof value === 'string' ? value.length + VALUE_COST : VALUE_COST))
        run.report(path, `must be an array, got ${run.describe(value)}`, 'isArray');
      return value;
    }
    if (!run.charge(VALUE_COST)) return value;
    if (depth >= run.limits.maxDepth) {
      run.report(path, `is nested more than ${run.limits.maxDepth} levels deep`, 'maxDepth');
      return value;
    }
    if (maxItems !== undefined ? value.length > maxItems : value.length > run.limits.maxArrayLength) {
      run.report(
        path,
        `must have at most ${maxItems ?? run.limits.maxArrayLength} items, got ${run.shown(value.length)}`,
        maxItems !== undefined ? 'arrayMaxSize' : 'limit',
      );
      return value;
    }
    if (minItems !== undefined && value.length < minItems) {
      run.report(
        path,
        `must have at least ${minItems} ${minItems === 1 ? 'item' : 'items'}, got ${run.shown(value.length)}`,
        'arrayMinSize',
      );
    }
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      out[i] = item(value[i], childPath(path, i), run, depth + 1);
      if (run.size > run.maxTotalSize) break;
    }
    if (uniqueItems === true) {
      const duplicate = firstDuplicate(out);
      if (duplicate !== undefined)
        run.report(
          path,
          `must not repeat an item (items ${run.shown(duplicate[0])} and ${run.shown(duplicate[1])} are equal)`,
          'arrayUnique',
        );
    }
    return out;
  };
}

function compileObject(shape: ObjectShape, options: CompileOptions): Validator {
  const properties: ObjectProperty[] = shape.properties.map((p) => ({
    name: p.name,
    topPath: childPath('', p.name),
    check: compileShape(p.shape, options),
    required: p.required,
    hasDefault: p.default !== undefined,
    defaultValue: p.default?.value,
  }));
  const known = new Set(properties.map((p) => p.name));
  const extra =
    shape.additionalProperties === false
      ? undefined
      : shape.additionalProperties === true
        ? copyJsonValue
        : compileShape(shape.additionalProperties, options);
  const coerce = options.coerce;
  if (extra === undefined && options.generate !== false) {
    const generated = generateObjectValidator(properties, known, coerce);
    if (generated !== undefined) return generated;
  }
  return (raw, path, run, depth) => {
    const value = coerce ? coerceJson(raw, 'object', run, depth) : raw;
    const keys = objectKeys(value, path, run, depth, extra === undefined ? known : undefined);
    if (keys === undefined) return value;
    const input = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const p of properties) {
      const present = hasOwn(input, p.name) ? input[p.name] : undefined;
      if (isAbsent(present, p.required)) fillAbsent(p, out, path, run);
      else out[p.name] = p.check(present, propertyPath(p, path), run, depth + 1);
    }
    if (extra !== undefined) {
      for (const key of keys) {
        // Past the total size the answer is known: stop, rather than look into thousands more values.
        if (run.size > run.maxTotalSize) break;
        if (known.has(key)) continue;
        if (isForbiddenKey(key)) {
          run.report(childPath(path, key), 'is a key that can reach a prototype; remove it', 'forbiddenKey');
          continue;
        }
        out[key] = extra(input[key], childPath(path, key), run, depth + 1);
      }
    }
    return out;
  };
}
