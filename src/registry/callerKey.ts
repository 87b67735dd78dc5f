const keys = new WeakMap<object, string>();
let next = 0;

/**
 * A stable key for a caller, to tell whether two calls came from the same one: its JSON with
 * sorted keys (the same description made twice gives the same key), or, for a caller that is not
 * JSON, the object's own identity.
 */
export function callerKey(caller: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(caller, (_key, value: unknown) =>
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : value,
    );
  } catch {
    // Converted: a caller that is not JSON (a cycle, a BigInt, a throwing toJSON) is told apart by its identity.
    return identityKey(caller);
  }
  return text === undefined ? identityKey(caller) : `json:${text}`;
}

/** The key of a caller that has no JSON: the object's own identity, or its type for a primitive. */
function identityKey(caller: unknown): string {
  if (typeof caller !== 'object' || caller === null) return `value:${typeof caller}`;
  let key = keys.get(caller);
  if (key === undefined) {
    key = `object:${++next}`;
    keys.set(caller, key);
  }
  return key;
}
