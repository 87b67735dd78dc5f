/** A value in the form it crosses the boundary, or why it cannot. */
/**
 * `text` is the JSON text when it was made on the way (objects and arrays); absent for a primitive, whose text is cheap
 * to make.
 */
export type JsonConversion =
  | { readonly ok: true; readonly value: unknown; readonly text?: string }
  | { readonly ok: false; readonly reason: string };

/**
 * The one rule for turning a result into JSON, used by the output check and by `dispatch`:
 * `JSON.stringify`'s, with `undefined` (and functions, symbols) as `null`. A cycle, a BigInt or a
 * throwing `toJSON` make it fail; only the kind of failure is named, never the thrower's own text.
 */
export function toJsonValue(value: unknown): JsonConversion {
  if (value === undefined || value === null) return { ok: true, value: null };
  if (typeof value === 'string' || typeof value === 'boolean') return { ok: true, value };
  if (typeof value === 'number') return { ok: true, value: Number.isFinite(value) ? value : null };
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    return { ok: false, reason: failureReason(error) };
  }
  return text === undefined
    ? { ok: true, value: null, text: 'null' }
    : { ok: true, value: JSON.parse(text) as unknown, text };
}

/** What kind of failure `JSON.stringify` threw, named without quoting the thrower's own text. */
function failureReason(error: unknown): string {
  let message: string;
  try {
    message = error instanceof Error ? String(error.message) : '';
  } catch {
    // Converted: a thrown value whose message getter throws too is still a failure to serialise, named as such.
    return 'serialising it threw';
  }
  return message.includes('circular')
    ? 'it contains a cycle'
    : message.includes('BigInt')
      ? 'it contains a BigInt'
      : 'serialising it threw';
}
