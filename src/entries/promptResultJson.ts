/** A prompt method's return as `{ description?, messages }`: a text is one user message. */
export function promptResultJson(value: unknown): unknown {
  if (typeof value === 'string') return { messages: [{ role: 'user', content: { type: 'text', text: value } }] };
  if (Array.isArray(value)) return { messages: value };
  return value;
}
