import { ownOptions } from '../internal/ownOptions.js';
import { providerDescription } from './providerDescription.js';
import type { JsonSchema } from '../contracts/JsonSchema.js';
import type { ToolDefinition } from '../contracts/ToolDefinition.js';
import type { ToolOutcome } from '../contracts/ToolOutcome.js';
import { fitResultParts, type ProviderMedia } from './fitResultParts.js';
import { dispatchProviderCall, resultText } from './dispatchProviderCall.js';
import { OPENAI_NAMES } from './NameRule.js';
import { ProviderNames } from './ProviderNames.js';
import type { ProviderTools } from './ProviderTools.js';
import { stripAddedNulls } from './stripAddedNulls.js';
import type { ToolConversionReport } from './ToolConversionReport.js';
import { toOpenAIStrictSchema } from './toOpenAIStrictSchema.js';

/** A function tool for Chat Completions (`tools` of `chat.completions.create`). */
export interface OpenAIChatTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown>; strict: boolean };
}
/** A tool call from a Chat Completions assistant message. */
export interface OpenAIChatToolCall {
  id: string;
  type?: 'function';
  function: { name: string; arguments: string };
}
/** The `tool` message answering a Chat Completions tool call. */
export interface OpenAIChatToolMessage {
  role: 'tool';
  tool_call_id: string;
  content: string;
}
/** A function tool for the Responses API (`tools` of `responses.create`). */
export interface OpenAIResponsesTool {
  type: 'function';
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  strict: boolean;
}
/** A `function_call` output item of the Responses API. */
export interface OpenAIResponsesToolCall {
  type: 'function_call';
  call_id: string;
  name: string;
  arguments: string;
}
/** An item of a `function_call_output`'s output: text, an image or a file, as data URLs. */
export type OpenAIResponsesOutputItem =
  | { type: 'input_text'; text: string }
  | { type: 'input_image'; image_url: string; detail: 'auto' }
  | { type: 'input_file'; file_data: string; filename: string };
/**
 * The `function_call_output` input item answering it: text, or items when the tool returned a `ToolResult` with
 * content parts.
 */
export interface OpenAIResponsesToolOutput {
  type: 'function_call_output';
  call_id: string;
  output: string | OpenAIResponsesOutputItem[];
}

/** What a Responses `function_call_output` carries besides text. */
const RESPONSES_MEDIA: ProviderMedia = {
  name: 'OpenAI Responses function output',
  images: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
  files: ['application/pdf'],
};

/** Chat Completions `tool` messages carry text only. */
const CHAT_MEDIA: ProviderMedia = { name: 'OpenAI Chat Completions tool messages', images: [], files: [] };

/** A result as Responses output: text for a plain value, items for a ToolResult, and notes on what went as text. */
function responsesOutput(outcome: Extract<ToolOutcome, { ok: true }>): {
  output: string | OpenAIResponsesOutputItem[];
  notes: readonly string[];
} {
  if (outcome.content === undefined) return { output: resultText(outcome.value), notes: [] };
  const { parts, notes } = fitResultParts(outcome, RESPONSES_MEDIA);
  const output = parts.map((part): OpenAIResponsesOutputItem => {
    if (part.kind === 'text') return { type: 'input_text', text: part.data };
    const url = `data:${part.mimeType};base64,${part.data}`;
    if (part.kind === 'image') return { type: 'input_image', image_url: url, detail: 'auto' };
    return { type: 'input_file', file_data: url, filename: part.filename ?? 'file.pdf' };
  });
  return { output, notes };
}

/** A result as a Chat Completions `tool` message's text; every part that is not text is named in a note. */
function chatContent(outcome: Extract<ToolOutcome, { ok: true }>): { content: string; notes: readonly string[] } {
  if (outcome.content === undefined) return { content: resultText(outcome.value), notes: [] };
  const { parts, notes } = fitResultParts(outcome, CHAT_MEDIA);
  return { content: parts.map((part) => part.data).join('\n'), notes };
}

/** Options of {@link toOpenAITools}. */
export interface OpenAIToolsOptions {
  /**
   * Strict mode (default true): OpenAI constrains the model to the schema. Optional fields become
   * required and nullable, and a null sent back for one is read as absent. A tool whose schema
   * strict mode cannot express is sent with `strict: false`, and the report says why.
   */
  readonly strict?: boolean;
  /** Which API the tools are for: `chat` (Chat Completions, default) or `responses`. */
  readonly api?: 'chat' | 'responses';
}

const OPENAI_KEYS = ['strict', 'api'] as const satisfies readonly (keyof OpenAIToolsOptions)[];

/** What `toOpenAITools` returns for the Chat Completions API: the tools, the report, the name map and `dispatch`. */
export type OpenAIChatTools = ProviderTools<OpenAIChatTool, OpenAIChatToolCall, OpenAIChatToolMessage>;
/** What `toOpenAITools` returns with `api: 'responses'`: the tools, the report, the name map and `dispatch`. */
export type OpenAIResponsesTools = ProviderTools<
  OpenAIResponsesTool,
  OpenAIResponsesToolCall,
  OpenAIResponsesToolOutput
>;

/**
 * The definitions as OpenAI function tools: names fitted to `^[a-zA-Z0-9_-]{1,64}$` (reversibly:
 * `fs.read` becomes `fs_read` and maps back), schemas fitted to strict mode, and a report per tool.
 *
 * @example
 * const openai = toOpenAITools(registry.definitions());
 * const completion = await client.chat.completions.create({ model, messages, tools: openai.tools });
 * for (const call of completion.choices[0].message.tool_calls ?? []) messages.push((await openai.dispatch(registry,
 * call)).message);
 */
export function toOpenAITools(
  definitions: readonly ToolDefinition[],
  options?: OpenAIToolsOptions & { api?: 'chat' },
): OpenAIChatTools;
export function toOpenAITools(
  definitions: readonly ToolDefinition[],
  options: OpenAIToolsOptions & { api: 'responses' },
): OpenAIResponsesTools;
export function toOpenAITools(
  definitions: readonly ToolDefinition[],
  given: OpenAIToolsOptions = {},
): OpenAIChatTools | OpenAIResponsesTools {
  // Own keys only: a polluted Object.prototype.strict must not turn strict mode off.
  const { options, problem } = ownOptions(given, OPENAI_KEYS);
  if (problem !== undefined) throw new TypeError(`toOpenAITools: ${problem}`);
  const strict = options.strict ?? true;
  const names = new ProviderNames(
    definitions.map((d) => d.name),
    OPENAI_NAMES,
  );
  const report: ToolConversionReport[] = [];
  const converted: { name: string; description: string; parameters: Record<string, unknown>; strict: boolean }[] = [];
  const nullsToStrip = new Map<string, JsonSchema>();

  for (const definition of definitions) {
    const name = names.toProvider(definition.name)!;
    const changes = names.renameNote(definition.name);
    let parameters: Record<string, unknown> = { ...definition.inputSchema };
    let toolStrict = false;
    if (strict) {
      const result = toOpenAIStrictSchema(definition.inputSchema);
      if ('impossible' in result) {
        changes.push(`sent with strict: false, because ${result.impossible}`);
      } else {
        parameters = result.schema as Record<string, unknown>;
        toolStrict = true;
        changes.push(...result.changes);
        nullsToStrip.set(definition.name, definition.inputSchema);
      }
    }
    converted.push({ name, description: providerDescription(definition, name), parameters, strict: toolStrict });
    report.push({ tool: definition.name, providerName: name, changes });
  }

  const prepare = (tool: string, args: unknown): unknown => {
    const schema = nullsToStrip.get(tool);
    return schema === undefined ? args : stripAddedNulls(args, schema);
  };
  const toolName = (providerName: string): string | undefined => names.toRegistry(providerName);

  if (options.api === 'responses') {
    const responses: OpenAIResponsesTools = {
      tools: converted.map((t) => ({ type: 'function' as const, ...t })),
      report,
      toolName,
      async dispatch(registry, call, callOptions) {
        const outcome = await dispatchProviderCall(
          registry,
          names,
          call.name,
          call.arguments,
          { callId: call.call_id, ...callOptions },
          prepare,
        );
        if (!outcome.ok)
          return {
            message: { type: 'function_call_output', call_id: call.call_id, output: outcome.error.message },
            outcome,
          };
        const { output, notes } = responsesOutput(outcome);
        return {
          message: { type: 'function_call_output', call_id: call.call_id, output },
          outcome,
          ...(notes.length > 0 && { notes }),
        };
      },
    };
    return responses;
  }
  const chat: OpenAIChatTools = {
    tools: converted.map((t) => ({ type: 'function' as const, function: t })),
    report,
    toolName,
    async dispatch(registry, call, callOptions) {
      const outcome = await dispatchProviderCall(
        registry,
        names,
        call.function.name,
        call.function.arguments,
        { callId: call.id, ...callOptions },
        prepare,
      );
      if (!outcome.ok)
        return { message: { role: 'tool', tool_call_id: call.id, content: outcome.error.message }, outcome };
      const { content, notes } = chatContent(outcome);
      return { message: { role: 'tool', tool_call_id: call.id, content }, outcome, ...(notes.length > 0 && { notes }) };
    },
  };
  return chat;
}
