import type { ValidationRun } from './ValidationRun.js';

/**
 * A decimal number with optional sign, fraction, exponent and surrounding spaces. Each part has
 * one way to match (no two quantifiers compete for the same characters), so it runs in linear time.
 */
export const NUMERIC = /^\s*-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

/** Longer numeric text is not coerced: no number a model means needs more, and nothing runs on the rest. */
export const MAX_NUMERIC_LENGTH = 64;

/** `"42"` → 42 when the whole string is a number of at most 64 characters; anything else is returned unchanged. */
export function coerceNumber(value: unknown): unknown {
  return typeof value === 'string' && value.length <= MAX_NUMERIC_LENGTH && NUMERIC.test(value) ? Number(value) : value;
}

/** `"true"`/`"false"` → booleans; anything else is returned unchanged. */
export function coerceBoolean(value: unknown): unknown {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

/**
 * A JSON text that holds an array or an object → that value; anything else is returned unchanged.
 * A text is not parsed at all when it is longer than `maxStringLength` or than what is left of
 * the run's `maxTotalSize`, or when it nests deeper than `maxDepth` allows at `depth` (parsing
 * would build what the check then refuses). The parsed value is counted as it is checked.
 */
export function coerceJson(value: unknown, want: 'array' | 'object', run: ValidationRun, depth: number): unknown {
  if (
    typeof value !== 'string' ||
    value.length > run.limits.maxStringLength ||
    run.size + value.length > run.maxTotalSize
  )
    return value;
  const first = firstNonSpace(value);
  if ((want === 'array' && first !== '[') || (want === 'object' && first !== '{')) return value;
  if (!nestsWithin(value, run.limits.maxDepth - depth)) return value;
  // Parsing costs as much as the text is long, whatever it parses to.
  if (!run.charge(value.length)) return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    // Converted: text that is not JSON stays text, and validation reports its type.
    return value;
  }
}

function firstNonSpace(text: string): string | undefined {
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c !== ' ' && c !== '\t' && c !== '\n' && c !== '\r') return c;
  }
  return undefined;
}

/** Whether the brackets of a JSON text, outside its strings, nest at most `max` deep. One pass, no allocation. */
function nestsWithin(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return false;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return true;
}
