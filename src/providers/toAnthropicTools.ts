import { providerDescription } from './providerDescription.js';
import type { ToolDefinition } from '../contracts/ToolDefinition.js';
import type { ToolOutcome } from '../contracts/ToolOutcome.js';
import { fitResultParts, type ProviderMedia } from './fitResultParts.js';
import { dispatchProviderCall, resultText } from './dispatchProviderCall.js';
import { ANTHROPIC_NAMES, ANTHROPIC_PROPERTIES } from './NameRule.js';
import { errorText, renameProperties, type RenamedProperties } from './PropertyNames.js';
import { ProviderNames } from './ProviderNames.js';
import type { ProviderTools } from './ProviderTools.js';
import type { ToolConversionReport } from './ToolConversionReport.js';

/** A tool for the Messages API (`tools` of `messages.create`). */
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: { type: 'object'; [keyword: string]: unknown };
}
/** A `tool_use` content block of an assistant message. `input` is an object, or JSON text. */
export interface AnthropicToolUse {
  type?: 'tool_use';
  id: string;
  name: string;
  input: unknown;
}
/** A block of a `tool_result`'s content: text, an image, or a PDF document. */
export type AnthropicResultBlock =
  | { type: 'text'; text: string }
  | {
      type: 'image';
      source: { type: 'base64'; media_type: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp'; data: string };
    }
  | { type: 'document'; source: { type: 'base64'; media_type: 'application/pdf'; data: string } };
/**
 * The `tool_result` block answering it, to send in the next user message: text, or blocks when the tool returned a
 * `ToolResult` with content parts.
 */
export interface AnthropicToolResult {
  type: 'tool_result';
  tool_use_id: string;
  content: string | AnthropicResultBlock[];
  is_error?: boolean;
}

/** What a `tool_result` carries besides text. */
const ANTHROPIC_MEDIA: ProviderMedia = {
  name: 'Anthropic tool results',
  images: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
  files: ['application/pdf'],
};

/** A ToolResult's parts as `tool_result` blocks, and the notes on what went as text instead. */
function anthropicContent(outcome: Extract<ToolOutcome, { ok: true }>): {
  content: string | AnthropicResultBlock[];
  notes: readonly string[];
} {
  if (outcome.content === undefined) return { content: resultText(outcome.value), notes: [] };
  const { parts, notes } = fitResultParts(outcome, ANTHROPIC_MEDIA);
  const content = parts.map((part): AnthropicResultBlock => {
    if (part.kind === 'text') return { type: 'text', text: part.data };
    if (part.kind === 'image')
      return {
        type: 'image',
        source: { type: 'base64', media_type: part.mimeType as 'image/png', data: part.data },
      };
    return { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: part.data } };
  });
  return { content, notes };
}

/** What `toAnthropicTools` returns: the tools, the report, the name map and `dispatch`. */
export type AnthropicTools = ProviderTools<AnthropicTool, AnthropicToolUse, AnthropicToolResult>;

/**
 * The definitions as Anthropic tools: names fitted to `^[a-zA-Z0-9_-]{1,64}$` (no dots, mapped
 * back on the way in), the input schema as is (JSON Schema with an object root) but for property
 * names outside `^[a-zA-Z0-9_.-]{1,64}$`, renamed and mapped back the same way, a report per tool.
 * Errors go back as `tool_result` blocks with `is_error: true`.
 *
 * @example
 * const anthropic = toAnthropicTools(registry.definitions());
 * const reply = await client.messages.create({ model, max_tokens, messages, tools: anthropic.tools });
 * const results = await Promise.all(reply.content.filter((b) => b.type === 'tool_use').map(async (b) => (await
 * anthropic.dispatch(registry, b)).message));
 */
export function toAnthropicTools(definitions: readonly ToolDefinition[]): AnthropicTools {
  const names = new ProviderNames(
    definitions.map((d) => d.name),
    ANTHROPIC_NAMES,
  );
  const report: ToolConversionReport[] = [];
  const tools: AnthropicTool[] = [];
  const restorers = new Map<string, RenamedProperties>();
  for (const definition of definitions) {
    const name = names.toProvider(definition.name)!;
    const changes = names.renameNote(definition.name);
    const properties = renameProperties(definition.inputSchema, ANTHROPIC_PROPERTIES);
    if (properties.changes.length > 0) {
      changes.push(...properties.changes);
      restorers.set(definition.name, properties);
    }
    tools.push({
      name,
      description: providerDescription(definition, name),
      input_schema: { ...properties.schema, type: 'object' },
    });
    report.push({ tool: definition.name, providerName: name, changes });
  }
  const prepare = (tool: string, args: unknown): unknown => restorers.get(tool)?.restore(args) ?? args;
  return {
    tools,
    report,
    toolName: (providerName) => names.toRegistry(providerName),
    async dispatch(registry, call, options) {
      const outcome = await dispatchProviderCall(
        registry,
        names,
        call.name,
        call.input,
        { callId: call.id, ...options },
        prepare,
      );
      if (!outcome.ok) {
        const message: AnthropicToolResult = {
          type: 'tool_result',
          tool_use_id: call.id,
          content: errorText(outcome.error, restorers.get(outcome.tool)),
          is_error: true,
        };
        return { message, outcome };
      }
      const { content, notes } = anthropicContent(outcome);
      const message: AnthropicToolResult = { type: 'tool_result', tool_use_id: call.id, content };
      return { message, outcome, ...(notes.length > 0 && { notes }) };
    },
  };
}
