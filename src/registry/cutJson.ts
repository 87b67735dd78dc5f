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
  if (typeof value === 'string') {
    // The note's JSON at its longest (every character left out), and the quotes: the rest is room for the text shown.
    const shown = cutString(
      value,
      budget -
        2 -
        (JSON.stringify(note(`${value.length} of ${value.length} characters of this text not shown`)).length - 2),
    );
    return {
      value: shown + note(`${value.length - shown.length} of ${value.length} characters of this text not shown`),
      cut: true,
    };
  }
  if (Array.isArray(value)) {
    // Room for this level's note at its longest (every item left out) and its comma, so that the part shown and its
    // note fit the budget together.
    const noteChars = JSON.stringify(note(`${value.length} of ${value.length} items not shown`)).length + 1;
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
      if (room - used > 64 && typeof value[i] === 'object' && value[i] !== null) {
        const part = cutJson(value[i], room - used - 1, note).value;
        // Shown only if it fits with its note: a note longer than the room left would not.
        if (JSON.stringify(part).length <= room - used - 1) out.push(part);
      }
      if (!last || out.length === i) out.push(note(`${value.length - out.length} of ${value.length} items not shown`));
      return { value: out, cut: true };
    }
    return { value: out, cut: false };
  }
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    const keys = Object.keys(record);
    // The note's entry ("…":note) at its longest, and its comma.
    const noteChars = JSON.stringify(note(`${keys.length} of ${keys.length} keys not shown`)).length + 5;
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
        const part = cutJson(record[key], room - used - keyChars - 1, note).value;
        if (JSON.stringify(part).length <= room - used - keyChars - 1) {
          out[key] = part;
          shown++;
        }
      }
      if (shown < keys.length) out['…'] = note(`${keys.length - shown} of ${keys.length} keys not shown`);
      return { value: out, cut: true };
    }
    return { value: out, cut: false };
  }
  return { value, cut: false };
}

/**
 * The longest beginning of a string whose JSON text (without its quotes) takes at most `room`
 * characters: a quote, a backslash or a control character takes more than one. A surrogate pair
 * is kept or left out whole (a half of one would be sent as a \u escape).
 */
function cutString(text: string, room: number): string {
  let used = 0;
  let end = 0;
  while (end < text.length) {
    const step = text.codePointAt(end)! > 0xffff ? 2 : 1;
    const chars = JSON.stringify(text.slice(end, end + step)).length - 2;
    if (used + chars > room) break;
    used += chars;
    end += step;
  }
  return text.slice(0, end);
}
