import { BoundedCache } from '../internal/BoundedCache.js';
import { codeGenerationAllowed } from './codeGenerationAllowed.js';
import { coerceJson } from './coerce.js';
import { fillAbsent, isAbsent, type ObjectProperty } from './ObjectProperty.js';
import { objectKeys, reportUnknownKeys } from './objectKeys.js';
import { childPath } from './ValidationRun.js';
import type { Validator } from './Validator.js';

/** Past this many properties the closure is used: the generated source grows with every property. */
const MAX_GENERATED_PROPERTIES = 24;

/** Past this many characters of source the closure is used: property names can be long (a remote server's). */
const MAX_GENERATED_SOURCE = 8_000;

/**
 * The code made lately, by its source: tools declared alike share one compiled function (and its bytecode). Sources
 * come from declarations, never from calls; bounded, since a remote server that renames its properties makes new
 * declarations without end.
 */
const factories = new BoundedCache<string, (...parts: unknown[]) => Validator>(1_000);

/**
 * The validator of a closed object (no keys but its properties) as generated code. It does what
 * `compileShape`'s closure does, by calling the same functions (`objectKeys`, `isAbsent`,
 * `fillAbsent`, `reportUnknownKeys`, each property's compiled check); what it adds is each
 * property's name as a constant, so that the engine reads the caller's object through one inline
 * cache per property, and tells a known key by comparisons, instead of keyed lookups shared by
 * every tool. Undefined when code cannot be generated here or
 * the object has too many properties or too long names; the closure is used then.
 *
 * Only property names enter the code, each as a JSON string literal; every value (checks,
 * defaults, paths) is passed in, never written into the source.
 */
export function generateObjectValidator(
  properties: readonly ObjectProperty[],
  known: ReadonlySet<string>,
  coerce: boolean,
): Validator | undefined {
  if (properties.length > MAX_GENERATED_PROPERTIES || !codeGenerationAllowed()) return undefined;
  const lines = ["'use strict';"];
  for (let i = 0; i < properties.length; i++) lines.push(`const p${i} = properties[${i}];`);
  lines.push('return function generatedObjectValidator(raw, path, run, depth) {');
  lines.push(coerce ? "const value = coerceJson(raw, 'object', run, depth);" : 'const value = raw;');
  // objectKeys without `known` checks all but unknown keys; that test is generated, each known name a constant
  // compared, in place of a lookup in `known`.
  const differs = properties.map((p) => `key !== ${JSON.stringify(p.name)}`).join(' && ') || 'true';
  lines.push('const keys = objectKeys(value, path, run, depth, undefined);');
  lines.push('if (keys === undefined) return value;');
  lines.push('for (let i = 0; i < keys.length; i++) {');
  lines.push(`const key = keys[i]; if (${differs}) { reportUnknownKeys(keys, path, run, known); break; }`);
  lines.push('}');
  lines.push('const out = {};');
  lines.push('let present;');
  properties.forEach((p, i) => {
    const name = JSON.stringify(p.name);
    lines.push(`present = hasOwn(value, ${name}) ? value[${name}] : undefined;`);
    lines.push(`if (isAbsent(present, ${p.required})) fillAbsent(p${i}, out, path, run);`);
    // The path is an expression where it is used (propertyPath, with the name a constant).
    lines.push(
      `else out[${name}] = p${i}.check(present, path === '' ? p${i}.topPath : childPath(path, ${name}), run, depth + 1);`,
    );
  });
  lines.push('return out;');
  lines.push('};');
  const source = lines.join('\n');
  if (source.length > MAX_GENERATED_SOURCE) return undefined;
  const make = factories.getOrMake(
    source,
    () =>
      new Function(
        'coerceJson',
        'objectKeys',
        'isAbsent',
        'fillAbsent',
        'childPath',
        'hasOwn',
        'reportUnknownKeys',
        'known',
        'properties',
        source,
      ) as (...parts: unknown[]) => Validator,
  );
  return make(
    coerceJson,
    objectKeys,
    isAbsent,
    fillAbsent,
    childPath,
    Object.hasOwn,
    reportUnknownKeys,
    known,
    properties,
  );
}
