const keys = new WeakMap<object, string>();
let next = 0;

/**
 * A stable key for a caller, to tell whether two calls came from the same one: its JSON with
 * sorted keys (the same description made twice gives the same key), or, for a caller that is not
 * JSON, the object's own identity.
 */
export function callerKey(caller: unknown): string {
  try {
    const text = JSON.stringify(caller, (_key, value: unknown) =>
      value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : value,
    );
    if (text !== undefined) return `json:${text}`;
  } catch {
    // Not JSON (a cycle, a BigInt): fall back to the object's identity below.
  }
  if (typeof caller !== 'object' || caller === null) return `value:${typeof caller}`;
  let key = keys.get(caller);
  if (key === undefined) {
    key = `object:${++next}`;
    keys.set(caller, key);
  }
  return key;
}
