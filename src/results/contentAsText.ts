import type { ContentPart } from '../contracts/ContentPart.js';
import { base64Bytes } from './base64Bytes.js';
import { linkText, resourceText } from './partText.js';

/** What a part that is not text is, in a note: `[image/png image, 2048 bytes, not shown here]`. */
function note(part: Exclude<ContentPart, { type: 'text' }>): string {
  switch (part.type) {
    case 'image':
    case 'audio':
      return `[${part.mimeType} ${part.type}, ${base64Bytes(part.data)} bytes, not shown here]`;
    case 'resource_link':
      return linkText(part);
    case 'resource':
      return 'text' in part.resource
        ? resourceText(part.resource)
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
