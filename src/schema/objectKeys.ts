import { isPlainObject } from './isPlainObject.js';
import { childPath, describeValue, type ValidationRun } from './ValidationRun.js';

/**
 * The checks every object value passes first: a plain object, within the depth and key limits,
 * and (unless `known` is undefined, for open objects) no key outside `known`. Returns the keys,
 * or undefined when the value cannot be looked into further.
 */
export function objectKeys(value: unknown, path: string, run: ValidationRun, depth: number, known: ReadonlySet<string> | undefined): string[] | undefined {
  if (!isPlainObject(value)) {
    run.report(path, `must be an object, got ${describeValue(value)}`, 'isObject');
    return undefined;
  }
  if (depth >= run.limits.maxDepth) {
    run.report(path, `is nested more than ${run.limits.maxDepth} levels deep`, 'maxDepth');
    return undefined;
  }
  const keys = Object.keys(value);
  if (keys.length > run.limits.maxProperties) {
    run.report(path, `has ${keys.length} keys, more than the ${run.limits.maxProperties} allowed`, 'limit');
    return undefined;
  }
  if (known !== undefined) {
    const noun = path === '' ? 'argument' : 'property';
    for (const key of keys) {
      if (!known.has(key)) run.report(childPath(path, key), `is not a known ${noun}; remove it (known: ${[...known].join(', ') || 'none'})`, 'whitelistValidation');
    }
  }
  return keys;
}
