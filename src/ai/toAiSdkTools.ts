import { providerDescription } from '../providers/providerDescription.js';
import { jsonSchema, tool, type JSONSchema7, type Tool, type ToolSet } from 'ai';
import type { ToolRegistry } from '../registry/ToolRegistry.js';
import type { ToolFilter } from '../registry/ToolFilter.js';
import { OPENAI_NAMES, PORTABLE_PROPERTIES } from '../providers/NameRule.js';
import { errorText, renameProperties } from '../providers/PropertyNames.js';
import { ToolError } from '../errors/ToolError.js';
import { ownOptions } from '../internal/ownOptions.js';
import { ProviderNames } from '../providers/ProviderNames.js';
import type { CallOptions } from '../contracts/CallOptions.js';
import type { AskFunction } from '../contracts/Question.js';
import type { ToolDefinition } from '../contracts/ToolDefinition.js';
import type { ResolvedContentLimits } from '../contracts/ResolvedContentLimits.js';
import { OutputValidationError } from '../errors/OutputValidationError.js';
import { fitContent } from '../registry/fitContent.js';
import { readContent } from '../results/readContent.js';
import { isToolResult, ToolResult } from '../results/ToolResult.js';
import { coreOf } from '../tools/createRegisteredTool.js';
import { modelOutput } from './modelOutput.js';

/** Options of {@link toAiSdkTools}. */
export interface AiSdkToolsOptions {
  /** Only the tools that match (by toolset and tag). */
  readonly filter?: ToolFilter;
  /**
   * `portable` (default): tool keys and property names every provider accepts (`fs.read` becomes
   * `fs_read`, a property `$x` is sent as `_x` and read back as `$x`), since the AI SDK passes them
   * to whichever model runs. `registry`: the registry's own names, as they are.
   */
  readonly names?: 'portable' | 'registry';
  /**
   * Tools that need the user's approval before they run (AI SDK `needsApproval`). Default: the
   * registry's own policy, the tools whose definition has `approval` (`toolsModule({ approvals })`,
   * `@RequiresApproval`), so there is one source of truth. A call the AI SDK approved counts as
   * approved, unless `toolsModule({ approvals: { approve } })` names an approver, which is asked too.
   */
  readonly needsApproval?: (definition: ToolDefinition) => boolean;
  /** What a tool sees as `ctx.caller`. */
  readonly caller?: unknown;
  /**
   * Puts a tool's questions (`ctx.ask`) to the app's user, as `CallOptions.ask` does. Without it a question ends the
   * call with `not_answered` (`cannot_ask`), which the AI SDK hands to the model as a tool error.
   */
  readonly ask?: AskFunction;
}

const AI_SDK_KEYS = [
  'filter',
  'names',
  'needsApproval',
  'caller',
  'ask',
] as const satisfies readonly (keyof AiSdkToolsOptions)[];

/**
 * The registry's available tools as an AI SDK `ToolSet`, for `generateText` / `streamText`. Each
 * `execute` goes through `registry.call`: guard, validation and interceptors apply, the AI SDK's
 * abort signal cancels the call, and a failure throws the ToolError, which the AI SDK hands back to
 * the model as a tool error with its message.
 *
 * @example
 * const result = await generateText({ model, tools: toAiSdkTools(registry), stopWhen: stepCountIs(5), prompt });
 */
export function toAiSdkTools(registry: ToolRegistry, given: AiSdkToolsOptions = {}): ToolSet {
  // Own keys only: a polluted Object.prototype.needsApproval must not skip the user's approval, nor .caller name one.
  const { options, problem } = ownOptions(given, AI_SDK_KEYS);
  if (problem !== undefined) throw new TypeError(`toAiSdkTools: ${problem}`);
  const definitions = registry.definitions(options.filter);
  const names =
    options.names === 'registry'
      ? undefined
      : new ProviderNames(
          definitions.map((d) => d.name),
          OPENAI_NAMES,
        );
  const tools: ToolSet = {};
  const caller = options.caller;
  const ask = options.ask;
  const needsApproval = options.needsApproval ?? ((definition: ToolDefinition) => definition.approval !== undefined);
  for (const definition of definitions) {
    const key = names === undefined ? definition.name : names.toProvider(definition.name)!;
    // Renamed both ways: the model sees names its provider accepts, the tool gets its own.
    const properties = names === undefined ? undefined : renameProperties(definition.inputSchema, PORTABLE_PROPERTIES);
    const limits = contentLimitsOf(registry, definition.name);
    const aiTool: Tool<unknown, unknown> = tool<unknown, unknown>({
      // Its examples call the tool by the name the model knows it by, as the provider formats' do.
      description: providerDescription(definition, key),
      inputSchema: jsonSchema((properties?.schema ?? definition.inputSchema) as JSONSchema7),
      ...(needsApproval(definition) ? { needsApproval: true } : {}),
      toModelOutput: ({ output }) => modelOutput(output),
      execute: (input, { toolCallId, abortSignal }) => {
        const callOptions: CallOptions = {
          callId: toolCallId,
          // The AI SDK runs execute only once its user approved, so the approval asked there is the answer here.
          approve: () => true,
          ...(abortSignal === undefined ? {} : { signal: abortSignal }),
          ...(caller === undefined ? {} : { caller }),
          ...(ask === undefined ? {} : { ask }),
        };
        if (properties === undefined || properties.changes.length === 0)
          return registry
            .call(definition.name, input, callOptions)
            .then((output) => checkedContent(definition.name, output, limits));
        return registry.call(definition.name, properties.restore(input), callOptions).then(
          (output) => checkedContent(definition.name, output, limits),
          (error: unknown) => {
            // The issues name the tool's own properties; the model sent the renamed ones, so the message says which is
            // which.
            if (error instanceof ToolError) error.message = errorText(error, properties);
            throw error;
          },
        );
      },
    });
    Object.defineProperty(tools, key, { value: aiTool, enumerable: true, writable: true, configurable: true });
  }
  return tools;
}

/** The content limits of the tool the registry calls by `name`, when it is one of its own. */
function contentLimitsOf(registry: ToolRegistry, name: string): ResolvedContentLimits | undefined {
  const found = registry.get(name);
  return found === undefined ? undefined : coreOf(found)?.contentLimits;
}

/**
 * A ToolResult checked as `dispatch` checks one, before the AI SDK sends it on: parts of allowed kinds and types,
 * within their sizes. There is no result store on this path, so a part over its size fails the call.
 */
async function checkedContent(
  tool: string,
  output: unknown,
  limits: ResolvedContentLimits | undefined,
): Promise<unknown> {
  if (!isToolResult(output) || limits === undefined) return output;
  const read = readContent(output.content, limits);
  if (!read.ok) throw new OutputValidationError(tool, read.issues, false, 'has content parts that cannot be sent');
  // No store on this path: a part over its size fails the call, as `dispatch` does with result budgets off.
  const { parts } = await fitContent(read.parts, read.bytes, limits, tool, undefined, undefined, undefined, 0, {});
  return new ToolResult({ value: output.value, content: parts });
}
