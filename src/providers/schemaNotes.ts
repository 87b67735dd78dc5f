/** Appends constraints a provider cannot take to a schema's description, so the model still reads them. */
export function withNotes(schema: Record<string, unknown>, notes: readonly string[]): Record<string, unknown> {
  if (notes.length === 0) return schema;
  const text = `(${notes.join('; ')})`;
  const description =
    typeof schema.description === 'string' && schema.description !== '' ? `${schema.description} ${text}` : text;
  return { ...schema, description };
}

/** A path for reports: `(root)`, `customer.email`, `lines[]`. */
export function at(path: string): string {
  return path === '' ? '(root)' : path;
}

export function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
