/** A JSON value cut to fit a budget, and whether anything was left out. */
export interface CutJson {
  readonly value: unknown;
  readonly cut: boolean;
}

/**
 * The first part of a JSON value whose text fits in `budget` characters, cut on value boundaries
 * so that what is shown is still valid JSON of the same shape: a string keeps its beginning, an
 * array its first items, an object its first keys; the last one that does not fit is cut in turn.
 * Each level that leaves something out says how much (`note`), within the budget.
 */
export function cutJson(value: unknown, budget: number, note: (left: string) => string): CutJson {
  const text = JSON.stringify(value) ?? 'null';
  if (text.length <= budget) return { value, cut: false };
  // Room for this level's note, so that the part shown and its note fit the budget together.
  const noteChars = (JSON.stringify(note('999999 of 999999 items not shown'))?.length ?? 0) + 1;
  if (typeof value === 'string') {
    const shown = cutString(value, Math.max(0, budget - noteChars - 2));
    return { value: shown + note(`${value.length - shown.length} of ${value.length} characters of this text not shown`), cut: true };
  }
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    let used = 2;
    for (let i = 0; i < value.length; i++) {
      const item = JSON.stringify(value[i]) ?? 'null';
      const last = i === value.length - 1;
      // A note is needed only when items are left out after this one.
      const room = last ? budget : budget - noteChars;
      if (used + item.length + 1 <= room) {
        out.push(value[i]);
        used += item.length + 1;
        continue;
      }
      if (room - used > 64 && typeof value[i] === 'object' && value[i] !== null) out.push(cutJson(value[i], room - used - 1, note).value);
      if (!last || out.length === i) out.push(note(`${value.length - out.length} of ${value.length} items not shown`));
      return { value: out, cut: true };
    }
    return { value: out, cut: false };
  }
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    const keys = Object.keys(record);
    let used = 2;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const keyChars = JSON.stringify(key).length + 1;
      const entry = keyChars + (JSON.stringify(record[key]) ?? 'null').length + 1;
      const last = i === keys.length - 1;
      const room = last ? budget : budget - noteChars;
      if (used + entry <= room) {
        out[key] = record[key];
        used += entry;
        continue;
      }
      let shown = i;
      if (room - used - keyChars > 64) {
        out[key] = cutJson(record[key], room - used - keyChars - 1, note).value;
        shown++;
      }
      if (shown < keys.length) out['…'] = note(`${keys.length - shown} of ${keys.length} keys not shown`);
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
