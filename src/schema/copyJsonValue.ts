import { isForbiddenKey } from './isForbiddenKey.js';
import { objectKeys } from './objectKeys.js';
import { childPath, type ValidationRun, VALUE_COST } from './ValidationRun.js';

// Bound once: a global looked up per value is slow where code runs in a vm context (jest, some hosts).
const { isArray } = Array;
// Number.isFinite on purpose: the global one coerces its argument.
// biome-ignore lint/suspicious/noShadowRestrictedNames: see above
const { isFinite } = Number;

/**
 * Checks a free-form value (an `unknown` shape, an open object's extra keys, an unchecked DTO
 * field) with the same limits as a declared one (depth, total size, keys, string and array
 * length), refuses what JSON cannot hold and keys that reach a prototype, and returns a copy made
 * of fresh plain objects and arrays, so the handler never shares (or changes) the caller's objects.
 * Recursion is bounded by `maxDepth`, and the work by `maxTotalSize`, shared objects included.
 */
export function copyJsonValue(value: unknown, path: string, run: ValidationRun, depth: number): unknown {
  return copy(value, path, undefined, run, depth);
}

// A leaf's path is made only when it has an issue: most values are leaves, and most have none.
function copy(
  value: unknown,
  parent: string,
  key: string | number | undefined,
  run: ValidationRun,
  depth: number,
): unknown {
  switch (typeof value) {
    case 'string':
      if (value.length > run.limits.maxStringLength) {
        run.report(
          pathOf(parent, key),
          `is too long (${run.shown(value.length)} characters, more than the ${run.limits.maxStringLength} allowed)`,
          'limit',
        );
      } else {
        run.charge(value.length + VALUE_COST);
      }
      return value;
    case 'number':
      if (run.charge(VALUE_COST) && !isFinite(value))
        run.report(pathOf(parent, key), `must be JSON data, got ${run.describe(value)}`, 'isJson');
      return value;
    case 'boolean':
      run.charge(VALUE_COST);
      return value;
    case 'object':
      if (value === null) {
        run.charge(VALUE_COST);
        return value;
      }
      return isArray(value)
        ? copyArray(value, pathOf(parent, key), run, depth)
        : copyObject(value, pathOf(parent, key), run, depth);
    default:
      run.report(pathOf(parent, key), `must be JSON data, got ${run.describe(value)}`, 'isJson');
      return value;
  }
}

function pathOf(parent: string, key: string | number | undefined): string {
  return key === undefined ? parent : childPath(parent, key);
}

function copyArray(value: unknown[], path: string, run: ValidationRun, depth: number): unknown {
  if (!run.charge(VALUE_COST)) return value;
  if (depth >= run.limits.maxDepth) {
    run.report(path, `is nested more than ${run.limits.maxDepth} levels deep`, 'maxDepth');
    return value;
  }
  if (value.length > run.limits.maxArrayLength) {
    run.report(path, `must have at most ${run.limits.maxArrayLength} items, got ${run.shown(value.length)}`, 'limit');
    return value;
  }
  const out = new Array<unknown>(value.length);
  for (let i = 0; i < value.length; i++) {
    out[i] = copy(value[i], path, i, run, depth + 1);
    if (run.size > run.maxTotalSize) break;
  }
  return out;
}

function copyObject(value: object, path: string, run: ValidationRun, depth: number): unknown {
  const keys = objectKeys(value, path, run, depth, undefined);
  if (keys === undefined) return value;
  const input = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    if (isForbiddenKey(key)) {
      run.report(childPath(path, key), 'is a key that can reach a prototype; remove it', 'forbiddenKey');
      continue;
    }
    out[key] = copy(input[key], path, key, run, depth + 1);
    if (run.size > run.maxTotalSize) break;
  }
  return out;
}
