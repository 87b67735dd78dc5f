/**
 * A JSON value's canonical text: JSON with no whitespace and each object's keys sorted by UTF-16
 * code units, numbers and strings as `JSON.stringify` writes them. For JSON values this is the
 * form of RFC 8785 (JCS), so two processes that parse the same JSON write the same bytes.
 * Throws a RangeError on a value nested past the stack (the caller refuses that job).
 * @internal
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const object = value as Record<string, unknown>;
  const fields = Object.keys(object)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson(object[key])}`);
  return `{${fields.join(',')}}`;
}
