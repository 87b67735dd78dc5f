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
import type { ForCallerOptions } from '../registry/ForCallerOptions.js';
import type { ToolFilter } from '../registry/ToolFilter.js';
import { ToolRegistry } from '../registry/ToolRegistry.js';
import type { RegisteredTool } from '../tools/RegisteredTool.js';

/**
 * The ToolRegistry Nest injects: it exists when services are constructed, and forwards every
 * call to the registry built once every provider is, when the module initialises.
 */
export class DeferredToolRegistry extends ToolRegistry {
  #target: ToolRegistry | undefined;

  constructor() {
    super([]);
  }

  /** Sets the registry every call goes to; once. */
  resolveTo(target: ToolRegistry): void {
    if (this.#target !== undefined) throw new Error('the ToolRegistry is built once');
    this.#target = target;
  }

  #built(): ToolRegistry {
    if (this.#target === undefined)
      throw new Error(
        'the ToolRegistry is used before the Nest application has initialised: call it from onApplicationBootstrap or later, after app.init()',
      );
    return this.#target;
  }

  override list(): { name: string; description: string }[] {
    return this.#built().list();
  }
  override definitions(filter?: ToolFilter): ToolDefinition[] {
    return this.#built().definitions(filter);
  }
  override get(name: string): RegisteredTool {
    return this.#built().get(name);
  }
  override has(name: string): boolean {
    return this.#built().has(name);
  }
  override call(name: string, args: unknown, options?: CallOptions): Promise<unknown> {
    return this.#built().call(name, args, options);
  }
  override dispatch(name: string, args: unknown, options?: CallOptions): Promise<ToolOutcome> {
    return this.#built().dispatch(name, args, options);
  }
  override view(filter: ToolFilter): ToolRegistry {
    return this.#built().view(filter);
  }
  override get isCallerView(): boolean {
    return this.#built().isCallerView;
  }
  override forCaller(identity: CallerIdentity, options?: ForCallerOptions): Promise<ToolRegistry> {
    return this.#built().forCaller(identity, options);
  }
  override resources(): ResourceDefinition[] {
    return this.#built().resources();
  }
  override resourceTemplates(): ResourceTemplateDefinition[] {
    return this.#built().resourceTemplates();
  }
  override prompts(): PromptDefinition[] {
    return this.#built().prompts();
  }
  override hasResource(uri: string): boolean {
    return this.#built().hasResource(uri);
  }
  override readResource(uri: string, options?: CallOptions): Promise<ResourceOutcome> {
    return this.#built().readResource(uri, options);
  }
  override getPrompt(
    name: string,
    args?: Readonly<Record<string, string>>,
    options?: CallOptions,
  ): Promise<PromptOutcome> {
    return this.#built().getPrompt(name, args, options);
  }
  override complete(
    ref: CompletionReference,
    argument: { readonly name: string; readonly value: string },
    context?: CompletionContext,
    options?: CallOptions,
  ): Promise<Completion> {
    return this.#built().complete(ref, argument, context, options);
  }
  override get resourceUpdates(): ResourceUpdates {
    return this.#built().resourceUpdates;
  }
}
