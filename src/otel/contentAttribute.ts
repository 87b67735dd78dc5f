import { redactAndClip } from '../errors/redactSecrets.js';
import { contentAsText } from '../results/contentAsText.js';
import { isToolResult } from '../results/ToolResult.js';

/** How many characters of arguments, a result or an error message a span keeps. */
export const MAX_CONTENT_CHARS = 16_384;

/**
 * `value` as a span attribute: JSON (a string as itself), redacted by the library's one rule and
 * cut to {@link MAX_CONTENT_CHARS}. A value JSON cannot hold (a cycle, a BigInt, a throwing getter)
 * is described, never thrown. A ToolResult's binary parts are named, never copied: no image or audio in a span.
 */
export function contentAttribute(value: unknown): string {
  let text: string;
  try {
    text = isToolResult(value)
      ? contentAsText(value.value, value.content)
      : typeof value === 'string'
        ? value
        : (JSON.stringify(value) ?? String(value));
  } catch (error) {
    // Converted: a value JSON cannot hold is recorded as a marker naming why.
    text = `[not JSON: ${error instanceof Error ? error.name : typeof error}]`;
  }
  return redactAndClip(text, MAX_CONTENT_CHARS);
}
