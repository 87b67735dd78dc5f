import type { CallOptions } from '../contracts/CallOptions.js';
import type { Completion, CompletionContext, CompletionReference } from '../contracts/Completion.js';
import type { PromptDefinition } from '../contracts/PromptDefinition.js';
import type { PromptOutcome } from '../contracts/PromptOutcome.js';
import type { ResourceDefinition, ResourceTemplateDefinition } from '../contracts/ResourceDefinition.js';
import type { ResourceOutcome } from '../contracts/ResourceOutcome.js';
import type { ResourceUpdates } from '../registry/ResourceUpdates.js';
import type { ToolDefinition } from '../contracts/ToolDefinition.js';
import type { ToolOutcome } from '../contracts/ToolOutcome.js';
import type { CallerIdentity } from '../registry/CallerIdentity.js';
import type { HasDispatcher } from '../registry/Dispatcher.js';
import type { ForCallerOptions } from '../registry/ForCallerOptions.js';
import type { RegisteredTool } from '../tools/RegisteredTool.js';

/**
 * What the MCP server needs of a registry: its listing, each caller's view, `dispatch`, and its dispatcher
 * for what `dispatch` does not do. A ToolRegistry is one, and so is a subclass: calls go through its own `dispatch`.
 */
export interface ServedRegistry extends HasDispatcher {
  readonly isCallerView: boolean;
  forCaller(identity: CallerIdentity, options: ForCallerOptions): Promise<ServedRegistry>;
  definitions(): ToolDefinition[];
  has(name: string): boolean;
  get(name: string): RegisteredTool;
  dispatch(name: string, args: unknown, options?: CallOptions): Promise<ToolOutcome>;
  resources(): ResourceDefinition[];
  resourceTemplates(): ResourceTemplateDefinition[];
  prompts(): PromptDefinition[];
  hasResource(uri: string): boolean;
  readResource(uri: string, options?: CallOptions): Promise<ResourceOutcome>;
  getPrompt(name: string, args?: Readonly<Record<string, string>>, options?: CallOptions): Promise<PromptOutcome>;
  complete(
    ref: CompletionReference,
    argument: { readonly name: string; readonly value: string },
    context?: CompletionContext,
    options?: CallOptions,
  ): Promise<Completion>;
  readonly resourceUpdates: ResourceUpdates;
}
