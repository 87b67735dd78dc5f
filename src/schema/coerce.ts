const NUMERIC = /^\s*-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;

/** `"42"` → 42 when the whole string is a number; anything else is returned unchanged. */
export function coerceNumber(value: unknown): unknown {
  return typeof value === 'string' && NUMERIC.test(value) ? Number(value) : value;
}

/** `"true"`/`"false"` → booleans; anything else is returned unchanged. */
export function coerceBoolean(value: unknown): unknown {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

/** A JSON text that holds an array or an object → that value; anything else is returned unchanged. */
export function coerceJson(value: unknown, want: 'array' | 'object'): unknown {
  if (typeof value !== 'string') return value;
  const first = value.trimStart()[0];
  if ((want === 'array' && first !== '[') || (want === 'object' && first !== '{')) return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}
