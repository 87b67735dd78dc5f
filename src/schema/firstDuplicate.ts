/**
 * The indexes of the first two equal items, as JSON Schema's `uniqueItems` compares them: numbers by value, objects by
 * their keys and values whatever the order of the keys. Undefined when every item is different. Only JSON values
 * reach it (a validated array), so each item has one canonical text.
 */
export function firstDuplicate(items: readonly unknown[]): [number, number] | undefined {
  const seen = new Map<string, number>();
  for (let i = 0; i < items.length; i++) {
    const key = canonical(items[i]);
    const first = seen.get(key);
    if (first !== undefined) return [first, i];
    seen.set(key, i);
  }
  return undefined;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null)
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  // -0 and 0 are one number in JSON.
  return typeof value === 'number' ? String(value) : (JSON.stringify(value) ?? 'undefined');
}
