import { providerDescription } from './providerDescription.js';
import type { ToolOutcome } from '../contracts/ToolOutcome.js';
import { fitResultParts, type ProviderMedia } from './fitResultParts.js';
import type { ToolDefinition } from '../contracts/ToolDefinition.js';
import { dispatchProviderCall } from './dispatchProviderCall.js';
import { GEMINI_NAMES, GEMINI_PROPERTIES } from './NameRule.js';
import { errorText, renameProperties, type RenamedProperties } from './PropertyNames.js';
import { ProviderNames } from './ProviderNames.js';
import type { ProviderTools } from './ProviderTools.js';
import type { ToolConversionReport } from './ToolConversionReport.js';
import { toGeminiSchema, type GeminiSchema } from './toGeminiSchema.js';

/** A function declaration for Gemini (`config.tools[].functionDeclarations`). */
export interface GeminiFunctionDeclaration {
  name: string;
  description: string;
  parameters?: GeminiSchema;
  parametersJsonSchema?: unknown;
}
/** One Gemini `Tool` holding the declarations. */
export interface GeminiTool {
  functionDeclarations: GeminiFunctionDeclaration[];
}
/** A `functionCall` part of a model response. */
export interface GeminiFunctionCall {
  id?: string;
  name?: string;
  args?: Record<string, unknown>;
}
/** The `functionResponse` part answering it: `response` holds `output` or `error`. */
export interface GeminiFunctionResponsePart {
  functionResponse: {
    id?: string;
    name: string;
    response: Record<string, unknown>;
    /** A ToolResult's images and documents, as inline data; `response.output` names each by its `displayName`. */
    parts?: { inlineData: { mimeType: string; data: string; displayName: string } }[];
  };
}

/** What a Gemini function response carries inline besides text. */
const GEMINI_MEDIA: ProviderMedia = {
  name: 'Gemini function responses',
  images: ['image/png', 'image/jpeg', 'image/webp'],
  files: ['application/pdf', 'text/plain'],
};

/** A result as a function response: `output` (the value, or the text of a ToolResult), its media as inline parts. */
function geminiResponse(outcome: Extract<ToolOutcome, { ok: true }>): {
  response: Record<string, unknown>;
  parts?: { inlineData: { mimeType: string; data: string; displayName: string } }[];
  notes: readonly string[];
} {
  if (outcome.content === undefined) return { response: { output: outcome.value }, notes: [] };
  const fitted = fitResultParts(outcome, GEMINI_MEDIA);
  const texts: string[] = [];
  const parts: { inlineData: { mimeType: string; data: string; displayName: string } }[] = [];
  for (const part of fitted.parts) {
    if (part.kind === 'text') {
      texts.push(part.data);
      continue;
    }
    const displayName = part.filename ?? `part-${parts.length + 1}`;
    parts.push({ inlineData: { mimeType: part.mimeType!, data: part.data, displayName } });
    texts.push(`[${part.mimeType} ${part.kind}: ${displayName}, attached]`);
  }
  return { response: { output: texts.join('\n') }, ...(parts.length > 0 && { parts }), notes: fitted.notes };
}

/** What `toGeminiTools` returns: the tools, the report, the name map and `dispatch`. */
export type GeminiTools = ProviderTools<GeminiTool, GeminiFunctionCall, GeminiFunctionResponsePart>;

/**
 * The definitions as Gemini function declarations: names fitted to Gemini's rule, property names to
 * `^[A-Za-z_][A-Za-z0-9_]{0,63}$` (both mapped back on the way in), schemas fitted to its OpenAPI subset (or sent as
 * `parametersJsonSchema` when the subset cannot express them), and a
 * report per tool. Results go back as `functionResponse` parts with `output` or `error`.
 *
 * @example
 * const gemini = toGeminiTools(registry.definitions());
 * const response = await ai.models.generateContent({ model, contents, config: { tools: gemini.tools } });
 * const parts = await Promise.all((response.functionCalls ?? []).map(async (c) => (await gemini.dispatch(registry,
 * c)).message));
 */
export function toGeminiTools(definitions: readonly ToolDefinition[]): GeminiTools {
  const names = new ProviderNames(
    definitions.map((d) => d.name),
    GEMINI_NAMES,
  );
  const report: ToolConversionReport[] = [];
  const declarations: GeminiFunctionDeclaration[] = [];
  const restorers = new Map<string, RenamedProperties>();
  for (const definition of definitions) {
    const name = names.toProvider(definition.name)!;
    const changes = names.renameNote(definition.name);
    const declaration: GeminiFunctionDeclaration = { name, description: providerDescription(definition, name) };
    const properties = definition.inputSchema.properties;
    if (typeof properties === 'object' && properties !== null && Object.keys(properties).length > 0) {
      const renamed = renameProperties(definition.inputSchema, GEMINI_PROPERTIES);
      if (renamed.changes.length > 0) {
        changes.push(...renamed.changes);
        restorers.set(definition.name, renamed);
      }
      const result = toGeminiSchema(renamed.schema);
      if ('impossible' in result) {
        declaration.parametersJsonSchema = renamed.schema;
        changes.push(`sent as parametersJsonSchema (full JSON Schema), because ${result.impossible}`);
      } else {
        declaration.parameters = result.schema;
        changes.push(...result.changes);
      }
    }
    declarations.push(declaration);
    report.push({ tool: definition.name, providerName: name, changes });
  }
  const prepare = (tool: string, args: unknown): unknown => restorers.get(tool)?.restore(args) ?? args;
  return {
    tools: [{ functionDeclarations: declarations }],
    report,
    toolName: (providerName) => names.toRegistry(providerName),
    async dispatch(registry, call, options) {
      const name = call.name ?? '';
      const outcome = await dispatchProviderCall(
        registry,
        names,
        name,
        call.args ?? {},
        { ...(call.id === undefined ? {} : { callId: call.id }), ...options },
        prepare,
      );
      const id = call.id === undefined ? {} : { id: call.id };
      if (!outcome.ok) {
        const response = { error: errorText(outcome.error, restorers.get(outcome.tool)) };
        return { message: { functionResponse: { ...id, name, response } }, outcome };
      }
      const { response, parts, notes } = geminiResponse(outcome);
      return {
        message: { functionResponse: { ...id, name, response, ...(parts === undefined ? {} : { parts }) } },
        outcome,
        ...(notes.length > 0 && { notes }),
      };
    },
  };
}
