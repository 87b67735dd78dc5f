import { isForbiddenKey } from '../isForbiddenKey.js';
import { isPlainObject } from '../isPlainObject.js';
import { childPath, type ValidationRun, VALUE_COST } from '../ValidationRun.js';

const { isArray } = Array;
const { keys: ownKeys } = Object;

/**
 * The value a `@Transform` returned, held to the limits of tool input. The transform is the DTO
 * author's code, but it ran on the caller's value: what it returns may be as large as the caller
 * made it, may share the caller's objects (`({ obj }) => obj.other`), or may carry a `__proto__`
 * key (`JSON.parse(value)`). So strings are held to `maxStringLength`; arrays and plain objects
 * are copied, within the depth, item, key and total size limits, without prototype keys. Anything
 * else (a Date, a class instance, a Map) is the author's and is passed as it is. Toward the total
 * size each array, object and key counts, not strings or other scalars: what a transform makes of
 * the caller's text (a split, a JSON.parse) was counted as the caller sent it, and each string is
 * held to maxStringLength, each container to its item or key limit.
 */
export function copyTransformed(value: unknown, path: string, run: ValidationRun, depth: number): unknown {
  if (typeof value === 'string') {
    if (value.length > run.limits.maxStringLength) {
      run.report(
        path,
        `is too long after its @Transform (${run.shown(value.length)} characters, more than the ${run.limits.maxStringLength} allowed)`,
        'limit',
      );
    }
    return value;
  }
  if (typeof value !== 'object' || value === null) return value;
  const array = isArray(value);
  if (!array && !isPlainObject(value)) return value;
  if (!run.charge(VALUE_COST)) return value;
  if (depth >= run.limits.maxDepth) {
    run.report(path, `is nested more than ${run.limits.maxDepth} levels deep after its @Transform`, 'maxDepth');
    return value;
  }
  if (array) {
    if (value.length > run.limits.maxArrayLength) {
      run.report(
        path,
        `must have at most ${run.limits.maxArrayLength} items after its @Transform, got ${run.shown(value.length)}`,
        'limit',
      );
      return value;
    }
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length && run.size <= run.maxTotalSize; i++)
      out[i] = copyTransformed(value[i], childPath(path, i), run, depth + 1);
    return out;
  }
  const keys = ownKeys(value);
  if (keys.length > run.limits.maxProperties) {
    run.report(
      path,
      `has ${run.shown(keys.length)} keys after its @Transform, more than the ${run.limits.maxProperties} allowed`,
      'limit',
    );
    return value;
  }
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    if (run.size > run.maxTotalSize) break;
    if (isForbiddenKey(key)) {
      run.report(
        childPath(path, key),
        'is a key that can reach a prototype (made by a @Transform); it is refused',
        'forbiddenKey',
      );
      continue;
    }
    run.charge(key.length + VALUE_COST);
    out[key] = copyTransformed((value as Record<string, unknown>)[key], childPath(path, key), run, depth + 1);
  }
  return out;
}
