/**
 * A resource method's return in JSON form, inside the pipeline (so that interceptors, the audit and the queue see
 * JSON): text becomes `[{ text }]`, bytes `[{ blob }]` in base64, and a body's bytes base64. Checked afterwards by
 * readResourceContents; anything else is passed on for it to refuse.
 */
export function resourceResultJson(value: unknown): unknown {
  if (typeof value === 'string') return [{ text: value }];
  if (value instanceof Uint8Array) return [{ blob: toBase64(value) }];
  const list: readonly unknown[] = Array.isArray(value) ? value : [value];
  return list.map((body) => {
    if (typeof body !== 'object' || body === null) return body;
    const blob = (body as { blob?: unknown }).blob;
    return blob instanceof Uint8Array ? { ...body, blob: toBase64(blob) } : body;
  });
}

function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}
