import type { CallToolResult } from '@modelcontextprotocol/server';
import type { ToolOutcome } from '../contracts/ToolOutcome.js';

/** The `_meta` key under which an error result carries the ToolErrorPayload, for programs that read it. */
export const ERROR_META_KEY = 'hermes-tools/error';

/**
 * An outcome as an MCP `tools/call` result. A failure is an `isError` result whose text is the
 * message written for the model; a success is text (a ToolResult's content parts, then its value as text), plus
 * `structuredContent` when the tool declares an object output and the result was not cut to fit its budget.
 */
export function toCallToolResult(outcome: ToolOutcome, structured: boolean, json?: string): CallToolResult {
  if (!outcome.ok) {
    return {
      content: [{ type: 'text', text: outcome.error.message }],
      isError: true,
      _meta: { [ERROR_META_KEY]: { ...outcome.error } },
    };
  }
  const value = outcome.value;
  const parts = outcome.content;
  // `json`: the text dispatch made of an object on its way, used again rather than made twice.
  const text = (): string => (typeof value === 'string' ? value : (json ?? JSON.stringify(value)));
  // A ToolResult's parts are MCP's own shapes; its value, when it has one, follows them as text too, for a client that
  // reads only `content` (as the spec advises beside `structuredContent`).
  const result: CallToolResult = {
    content:
      parts === undefined
        ? [{ type: 'text', text: text() }]
        : value === undefined
          ? [...parts]
          : [...parts, { type: 'text', text: text() }],
  };
  // A cut result is not the declared output: it goes as text only, whose notes say it was cut.
  if (
    structured &&
    outcome.truncated === undefined &&
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value)
  ) {
    result.structuredContent = value as Record<string, unknown>;
  }
  return result;
}
