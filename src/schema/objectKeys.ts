import { clipKey } from './clipKey.js';
import { isPlainObject } from './isPlainObject.js';
import { childPath, type ValidationRun, VALUE_COST } from './ValidationRun.js';

const { keys: ownKeys } = Object;

/** Known names shown in an unknown-key message, at most; the rest are counted. */
const MAX_KNOWN_SHOWN = 20;

/**
 * The checks every object value passes first: a plain object, within the depth, key and total
 * size limits, and (unless `known` is undefined, for open objects) no key outside `known`. Returns
 * the keys, or undefined when the value cannot be looked into further.
 */
export function objectKeys(
  value: unknown,
  path: string,
  run: ValidationRun,
  depth: number,
  known: ReadonlySet<string> | undefined,
): string[] | undefined {
  if (!isPlainObject(value)) {
    run.report(path, `must be an object, got ${run.describe(value)}`, 'isObject');
    return undefined;
  }
  if (depth >= run.limits.maxDepth) {
    run.report(path, `is nested more than ${run.limits.maxDepth} levels deep`, 'maxDepth');
    return undefined;
  }
  const keys = ownKeys(value);
  if (keys.length > run.limits.maxProperties) {
    run.report(path, `has ${run.shown(keys.length)} keys, more than the ${run.limits.maxProperties} allowed`, 'limit');
    return undefined;
  }
  let size = VALUE_COST;
  let unknown = false;
  for (const key of keys) {
    size += key.length + VALUE_COST;
    if (known !== undefined && !unknown && !known.has(key)) unknown = true;
  }
  if (!run.charge(size)) return undefined;
  if (unknown) reportUnknownKeys(keys, path, run, known!);
  return keys;
}

/** One issue for each of `keys` not in `known`, naming the known ones. */
export function reportUnknownKeys(
  keys: readonly string[],
  path: string,
  run: ValidationRun,
  known: ReadonlySet<string>,
): void {
  const names = knownNames(known);
  for (const key of keys) {
    if (known.has(key)) continue;
    run.report(
      childPath(path, key),
      `is not a known ${path === '' ? 'argument' : 'property'}; remove it (known: ${names})`,
      'whitelistValidation',
    );
  }
}

function knownNames(known: ReadonlySet<string>): string {
  if (known.size === 0) return 'none';
  const shown = [...known].slice(0, MAX_KNOWN_SHOWN).map(clipKey).join(', ');
  return known.size > MAX_KNOWN_SHOWN ? `${shown}, …and ${known.size - MAX_KNOWN_SHOWN} more` : shown;
}
