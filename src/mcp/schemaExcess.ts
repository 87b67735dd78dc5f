/** Deepest nesting of a remote input schema, as for the arguments a call may hold. */
const MAX_SCHEMA_DEPTH = 64;

/**
 * Why a remote input schema is past its caps (its size in characters of JSON, its nesting, the
 * values of one `enum`), or undefined when it is within them. Walks without recursion and stops
 * at the first cap passed, so a hostile schema costs no more than the caps allow.
 * @internal
 */
export function schemaExcess(schema: unknown, maxChars: number, maxEnumValues: number): string | undefined {
  let size = 0;
  const stack: { value: unknown; depth: number }[] = [{ value: schema, depth: 0 }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value, depth } = item;
    if (depth > MAX_SCHEMA_DEPTH) return `its input schema is nested more than ${MAX_SCHEMA_DEPTH} levels deep`;
    if (typeof value === 'string') size += value.length + 2;
    else if (typeof value !== 'object' || value === null) size += String(value).length;
    else {
      const entries = Array.isArray(value) ? value.map((v) => ['', v] as const) : Object.entries(value);
      if (!Array.isArray(value) && Array.isArray((value as { enum?: unknown }).enum)) {
        const values = (value as { enum: unknown[] }).enum.length;
        if (values > maxEnumValues)
          return `an enum of its input schema has ${values} values, more than the ${maxEnumValues} allowed (limits.maxEnumValues)`;
      }
      size += 2;
      for (const [key, child] of entries) {
        size += key.length + 4;
        stack.push({ value: child, depth: depth + 1 });
      }
    }
    if (size > maxChars) return `its input schema is larger than ${maxChars} characters (limits.maxSchemaChars)`;
  }
  return undefined;
}
