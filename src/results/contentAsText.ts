import type { ContentPart } from '../contracts/ContentPart.js';

/** The bytes base64 text decodes to. */
function bytesOf(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/** What a part that is not text is, in a note: `[image/png image, 2048 bytes, not shown here]`. */
function note(part: Exclude<ContentPart, { type: 'text' }>): string {
  switch (part.type) {
    case 'image':
    case 'audio':
      return `[${part.mimeType} ${part.type}, ${bytesOf(part.data)} bytes, not shown here]`;
    case 'resource_link':
      return `[${part.name}: ${part.uri}${part.mimeType === undefined ? '' : ` (${part.mimeType})`}]`;
    case 'resource':
      return 'text' in part.resource
        ? `[${part.resource.uri}]\n${part.resource.text}`
        : `[${part.resource.mimeType ?? 'binary'} resource ${part.resource.uri}, not shown here]`;
  }
}

/**
 * A result as one text, for a kernel that carries only text: a plain value as JSON (a string as it is), or a
 * ToolResult's parts in order, text as it is and every other part as a note naming it (a resource's text included),
 * then its value as JSON.
 */
export function contentAsText(value: unknown, content: readonly ContentPart[] | undefined): string {
  const valueText = typeof value === 'string' ? value : (JSON.stringify(value) ?? 'null');
  if (content === undefined) return valueText;
  const texts = content.map((part) => (part.type === 'text' ? part.text : note(part)));
  if (value !== undefined) texts.push(valueText);
  return texts.join('\n');
}
