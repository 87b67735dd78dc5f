/** A JSON value cut to fit a budget, and whether anything was left out. */
export interface CutJson {
  readonly value: unknown;
  readonly cut: boolean;
}

/**
 * The first part of a JSON value whose text fits in `budget` characters, cut on value boundaries
 * so that what is shown is still valid JSON of the same shape: a string keeps its beginning, an
 * array its first items, an object its first keys; the last one that does not fit is cut in turn.
 * Each cut says how much it left out (`note`).
 */
export function cutJson(value: unknown, budget: number, note: (left: string) => string): CutJson {
  const text = JSON.stringify(value) ?? 'null';
  if (text.length <= budget) return { value, cut: false };
  if (typeof value === 'string') {
    const shown = cutString(value, Math.max(0, budget - 2));
    return { value: shown + note(`${value.length - shown.length} of ${value.length} characters of this text not shown`), cut: true };
  }
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    let used = 2;
    for (let i = 0; i < value.length; i++) {
      const item = JSON.stringify(value[i]) ?? 'null';
      if (used + item.length + 1 <= budget) {
        out.push(value[i]);
        used += item.length + 1;
        continue;
      }
      if (budget - used > 64 && typeof value[i] === 'object' && value[i] !== null) out.push(cutJson(value[i], budget - used - 1, note).value);
      out.push(note(`${value.length - out.length} of ${value.length} items not shown`));
      return { value: out, cut: true };
    }
    return { value: out, cut: false };
  }
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    const keys = Object.keys(value);
    let used = 2;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const entry = JSON.stringify(key).length + 1 + (JSON.stringify((value as Record<string, unknown>)[key]) ?? 'null').length + 1;
      if (used + entry <= budget) {
        out[key] = (value as Record<string, unknown>)[key];
        used += entry;
        continue;
      }
      if (budget - used > 64) out[key] = cutJson((value as Record<string, unknown>)[key], budget - used - JSON.stringify(key).length - 2, note).value;
      out['…'] = note(`${keys.length - Object.keys(out).length} of ${keys.length} keys not shown`);
      return { value: out, cut: true };
    }
    return { value: out, cut: false };
  }
  return { value, cut: false };
}

/** The first characters of a string, never ending in half of a surrogate pair. */
function cutString(text: string, length: number): string {
  let end = Math.min(length, text.length);
  const last = text.charCodeAt(end - 1);
  if (end > 0 && last >= 0xd800 && last <= 0xdbff) end--;
  return text.slice(0, end);
}
