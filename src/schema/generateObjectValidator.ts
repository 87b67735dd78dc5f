import { cloneDefault } from './cloneDefault.js';
import { codeGenerationAllowed } from './codeGenerationAllowed.js';
import { coerceBoolean, coerceJson, coerceNumber } from './coerce.js';
import { numberConstraints } from './numberConstraints.js';
import { stringConstraints } from './stringConstraints.js';
import type { Shape } from './Shape.js';
import { isPlainObject } from './isPlainObject.js';
import { reportUnknownKeys } from './objectKeys.js';
import type { Validator } from './Validator.js';
import { childPath, VALUE_COST } from './ValidationRun.js';

/** One property of a closed object, as `compileShape` has compiled it. */
export interface GeneratedProperty {
  readonly name: string;
  readonly topPath: string;
  readonly check: Validator;
  readonly required: boolean;
  readonly hasDefault: boolean;
  readonly defaultValue: unknown;
  /** The property's declared shape: a string, number or boolean one is checked inline. */
  readonly shape: Shape;
}

/** Past this many properties a Set lookup per key beats a chain of comparisons. */
const MAX_GENERATED_PROPERTIES = 24;

/**
 * The code made so far, by its source: tools declared alike share one compiled function (and its
 * bytecode). Sources come from declarations, never from calls, so the map grows only with them.
 */
const factories = new Map<string, (...parts: unknown[]) => Validator>();

/**
 * The validator of a closed object (no keys but its properties) as generated code: the same steps
 * as `compileShape`'s closure, in the same order with the same issues, with each property's name a
 * constant, so that the engine reads the caller's object through one inline cache per property
 * instead of a keyed lookup shared by every tool. Undefined when code cannot be generated here or
 * the object has too many properties to gain from it; the closure is used then.
 *
 * Only property names enter the code, each as a JSON string literal; every value (checks,
 * defaults, paths) is passed in, never written into the source.
 */
export function generateObjectValidator(
  properties: readonly GeneratedProperty[],
  known: ReadonlySet<string>,
  coerce: boolean,
): Validator | undefined {
  if (properties.length > MAX_GENERATED_PROPERTIES || !codeGenerationAllowed()) return undefined;
  const names = properties.map((p) => JSON.stringify(p.name));
  const lines: string[] = [];
  lines.push("'use strict';");
  lines.push('return function generatedObjectValidator(raw, path, run, depth) {');
  lines.push(coerce ? "const value = coerceJson(raw, 'object', run, depth);" : 'const value = raw;');
  lines.push(
    "if (!isPlainObject(value)) { run.report(path, 'must be an object, got ' + run.describe(value), 'isObject'); return value; }",
  );
  lines.push(
    "if (depth >= run.limits.maxDepth) { run.report(path, 'is nested more than ' + run.limits.maxDepth + ' levels deep', 'maxDepth'); return value; }",
  );
  lines.push('const keys = ownKeys(value);');
  lines.push(
    "if (keys.length > run.limits.maxProperties) { run.report(path, 'has ' + keys.length + ' keys, more than the ' + run.limits.maxProperties + ' allowed', 'limit'); return value; }",
  );
  lines.push(`let size = ${VALUE_COST};`);
  lines.push('let unknown = false;');
  lines.push('for (let i = 0; i < keys.length; i++) {');
  lines.push('const key = keys[i];');
  lines.push(`size += key.length + ${VALUE_COST};`);
  lines.push(`if (${names.length === 0 ? 'true' : names.map((n) => `key !== ${n}`).join(' && ')}) unknown = true;`);
  lines.push('}');
  lines.push('if (!run.charge(size)) return value;');
  lines.push('if (unknown) reportUnknownKeys(keys, path, run, known);');
  lines.push('const out = {};');
  lines.push('let present;');
  const rest: unknown[] = [];
  const longest: unknown[] = [];
  properties.forEach((p, i) => {
    const name = names[i]!;
    const shape = p.shape;
    // The path is an expression where it is used, so it is built only on the way to an issue or a nested check; at the
    // top level it was made once, at compile time.
    const pathOf = `(path === '' ? top[${i}] : childPath(path, ${name}))`;
    lines.push(`present = hasOwn(value, ${name}) ? value[${name}] : undefined;`);
    // A null for an optional field means absent: models send it, and strict provider modes require it.
    lines.push(`if (present === undefined${p.required ? '' : ' || present === null'}) {`);
    if (p.hasDefault) lines.push(`out[${name}] = cloneDefault(defaults[${i}]);`);
    else if (p.required) lines.push(`run.report(${pathOf}, 'is required', 'isDefined');`);
    lines.push('} else {');
    if (shape.nullable === true || (shape.kind !== 'string' && shape.kind !== 'number' && shape.kind !== 'boolean')) {
      lines.push(`out[${name}] = checks[${i}](present, ${pathOf}, run, depth + 1);`);
    } else if (shape.kind === 'string') {
      rest[i] = stringConstraints(shape);
      longest[i] = shape.maxLength === undefined ? undefined : shape.maxLength * 2;
      const limit = shape.maxLength === undefined ? 'run.limits.maxStringLength' : `longest[${i}]`;
      lines.push(
        `if (typeof present !== 'string') { if (run.charge(${VALUE_COST})) run.report(${pathOf}, 'must be a string, got ' + run.describe(present), 'isString'); }`,
      );
      lines.push(
        `else if (present.length > ${limit}) run.report(${pathOf}, 'is too long (' + present.length + ' characters)', ${shape.maxLength === undefined ? "'limit'" : "'maxLength'"});`,
      );
      lines.push(
        `else if (run.charge(present.length + ${VALUE_COST})) { ${rest[i] === undefined ? '' : `rest[${i}](present, ${pathOf}, run);`} }`,
      );
      lines.push(`out[${name}] = present;`);
    } else if (shape.kind === 'number') {
      rest[i] = numberConstraints(shape);
      if (coerce) lines.push('present = coerceNumber(present);');
      lines.push(`if (run.charge(typeof present === 'string' ? present.length + ${VALUE_COST} : ${VALUE_COST})) {`);
      const kind = shape.integer ? 'an integer' : 'a number';
      lines.push(
        `if (typeof present !== 'number' || !isFinite(present)${shape.integer ? ' || !isInteger(present)' : ''}) run.report(${pathOf}, 'must be ${kind}, got ' + run.describe(present), '${shape.integer ? 'isInt' : 'isNumber'}');`,
      );
      if (rest[i] !== undefined) lines.push(`else rest[${i}](present, ${pathOf}, run);`);
      lines.push('}');
      lines.push(`out[${name}] = present;`);
    } else {
      if (coerce) lines.push('present = coerceBoolean(present);');
      lines.push(
        `if (run.charge(${VALUE_COST}) && typeof present !== 'boolean') run.report(${pathOf}, 'must be a boolean, got ' + run.describe(present), 'isBoolean');`,
      );
      lines.push(`out[${name}] = present;`);
    }
    lines.push('}');
  });
  lines.push('return out;');
  lines.push('};');
  const source = lines.join('\n');
  let make = factories.get(source);
  if (make === undefined) {
    make = new Function(
      'coerceJson',
      'coerceNumber',
      'coerceBoolean',
      'isFinite',
      'isInteger',
      'isPlainObject',
      'ownKeys',
      'hasOwn',
      'reportUnknownKeys',
      'childPath',
      'cloneDefault',
      'known',
      'checks',
      'defaults',
      'top',
      'rest',
      'longest',
      source,
    ) as (...parts: unknown[]) => Validator;
    factories.set(source, make);
  }
  return make(
    coerceJson,
    coerceNumber,
    coerceBoolean,
    Number.isFinite,
    Number.isInteger,
    isPlainObject,
    Object.keys,
    Object.hasOwn,
    reportUnknownKeys,
    childPath,
    cloneDefault,
    known,
    properties.map((p) => p.check),
    properties.map((p) => p.defaultValue),
    properties.map((p) => p.topPath),
    rest,
    longest,
  );
}
