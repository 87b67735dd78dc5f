import type { CallOptions } from '../contracts/CallOptions.js';
import type { ToolDefinition } from '../contracts/ToolDefinition.js';
import type { ToolOutcome } from '../contracts/ToolOutcome.js';
import type { RegisteredTool } from '../tools/RegisteredTool.js';
import type { CallerIdentity } from './CallerIdentity.js';
import { callerView } from './callerView.js';
import { DISPATCHER, type Dispatcher, type HasDispatcher } from './Dispatcher.js';
import type { ForCallerOptions } from './ForCallerOptions.js';
import { ToolCatalog } from './ToolCatalog.js';
import { ToolDispatcher } from './ToolDispatcher.js';
import type { ToolFilter } from './ToolFilter.js';
import type { ToolRegistryOptions } from './ToolRegistryOptions.js';
import type { Completion, CompletionContext, CompletionReference } from '../contracts/Completion.js';
import type { PromptDefinition } from '../contracts/PromptDefinition.js';
import type { PromptOutcome } from '../contracts/PromptOutcome.js';
import type { ResourceDefinition, ResourceTemplateDefinition } from '../contracts/ResourceDefinition.js';
import type { ResourceOutcome } from '../contracts/ResourceOutcome.js';
import { EntryCatalog } from './EntryCatalog.js';
import { EntryDispatcher } from './EntryDispatcher.js';
import { ResourceUpdates } from './ResourceUpdates.js';

/** What a registry holds besides its tools: its resources and prompts, and where resource changes are announced. */
interface Entries {
  readonly catalog: EntryCatalog;
  readonly updates: ResourceUpdates;
}

// A registry over another's catalog (a view); set by ToolRegistry's static block, which may write its private fields.
let overCatalog: (catalog: ToolCatalog, options: ToolRegistryOptions, entries: Entries) => ToolRegistry;

/**
 * The tools an agent kernel lists and calls. Get it from the container (`container.get(ToolRegistry)`)
 * after loading toolsets, or build one from RegisteredTools. Immutable, but for the tools of a remote MCP toolset
 * (`mcpToolset`), which follow that server's list; `view` narrows it by toolset or tag, and `forCaller` to what one
 * caller may use (a snapshot of the tools it could call when it was made).
 *
 * A facade: its `ToolCatalog` looks tools up and lists them, its `ToolDispatcher` calls them.
 *
 * @example
 * const outcome = await registry.dispatch('fs.read', { path: '/etc/hosts' });
 * if (!outcome.ok) console.log(outcome.error.message);
 */
export class ToolRegistry implements HasDispatcher {
  // Set once, by the constructor or, for a view, by #over right after it.
  #catalog: ToolCatalog;
  #dispatcher: ToolDispatcher;
  #entries: Entries;
  #entryDispatcher: EntryDispatcher;
  readonly #options: ToolRegistryOptions;

  /**
   * @param tools RegisteredTools made by hermes-tools (from a registry, or wrapped with `withMiddleware` /
   *   `withPermissions`).
   * @param options `audit`: where the records of calls to names no tool has go (each tool's own calls are audited by
   *   its pipeline).
   */
  constructor(tools: Iterable<RegisteredTool>, options: ToolRegistryOptions = {}) {
    this.#options = options;
    this.#catalog = ToolCatalog.of(tools);
    this.#dispatcher = new ToolDispatcher(this.#catalog, options);
    this.#entries = { catalog: EntryCatalog.of(), updates: new ResourceUpdates() };
    this.#entryDispatcher = new EntryDispatcher(this.#entries.catalog, options);
    Object.freeze(this);
  }

  static {
    overCatalog = (catalog, options, entries) => {
      const registry = new ToolRegistry([], options);
      registry.#catalog = catalog;
      registry.#dispatcher = new ToolDispatcher(catalog, options);
      registry.#entries = entries;
      registry.#entryDispatcher = new EntryDispatcher(entries.catalog, options);
      return registry;
    };
  }

  /** A registry over `catalog` and `entries`, a view of this one's. */
  #over(catalog: ToolCatalog, entries: EntryCatalog): ToolRegistry {
    return overCatalog(catalog, this.#options, { catalog: entries, updates: this.#entries.updates });
  }

  /** The kernel's listing: name and description of every available tool. */
  list(): { name: string; description: string }[] {
    return this.#catalog.list();
  }

  /** Full definitions of the available tools, optionally filtered by toolset and tag. */
  definitions(filter?: ToolFilter): ToolDefinition[] {
    return this.#catalog.definitions(filter);
  }

  /** The tool named `name`, as a kernel tool. Throws ToolNotFoundError naming the closest tools. */
  get(name: string): RegisteredTool {
    return this.#catalog.get(name);
  }

  /**
   * Whether a tool by that exact name is registered here (available or not). In a caller's view,
   * only the tools it may call are: the others are not shown, though a call to one is denied.
   */
  has(name: string): boolean {
    return this.#catalog.knows(name);
  }

  /**
   * Whether this registry is already a caller's view (made by `forCaller`, or built from a view's
   * tools): its calls carry that caller's identity, and `forCaller` refuses it.
   */
  get isCallerView(): boolean {
    return this.#catalog.bound;
  }

  /** Calls a tool through its whole pipeline. Resolves to its result or rejects with a ToolError. */
  call(name: string, args: unknown, options?: CallOptions): Promise<unknown> {
    return this.#dispatcher.call(name, args, options);
  }

  /**
   * Calls a tool and never rejects: the outcome is `{ ok: true, value }` or `{ ok: false, error }`,
   * JSON-serialisable and free of stack traces, ready to hand back to a model.
   */
  dispatch(name: string, args: unknown, options?: CallOptions): Promise<ToolOutcome> {
    return this.#dispatcher.dispatch(name, args, options);
  }

  /** The dispatcher the kernels of this package use (MCP): not part of the public API. @internal */
  get [DISPATCHER](): Dispatcher {
    return this.#dispatcher;
  }

  /**
   * A registry that sees only the matching tools (and resources and prompts, by the same toolsets and tags); nothing
   * reached through it can reach another.
   */
  view(filter: ToolFilter): ToolRegistry {
    return this.#over(this.#catalog.narrow(filter), this.#entries.catalog.narrow(filter));
  }

  /** The resources at fixed URIs this registry (or caller's view) shows. */
  resources(): ResourceDefinition[] {
    return this.#entries.catalog.resourceDefinitions();
  }

  /** The resource templates this registry (or caller's view) shows. */
  resourceTemplates(): ResourceTemplateDefinition[] {
    return this.#entries.catalog.templateDefinitions();
  }

  /** The prompts this registry (or caller's view) shows, with their arguments. */
  prompts(): PromptDefinition[] {
    return this.#entries.catalog.promptDefinitions();
  }

  /**
   * Reads the resource at `uri` (its fixed resource, else the most specific template that matches) through its
   * pipeline, with the same call options as a tool. Never rejects: a URI that nothing this caller sees matches is
   * `resource_not_found`; a template variable its `@Arg` refuses is `invalid_input`, and the method is not called.
   */
  readResource(uri: string, options?: CallOptions): Promise<ResourceOutcome> {
    return this.#entryDispatcher.readResource(uri, options);
  }

  /** Gets a prompt's messages for `args` through its pipeline. Never rejects: see {@link ToolRegistry.readResource}. */
  getPrompt(name: string, args?: Readonly<Record<string, string>>, options?: CallOptions): Promise<PromptOutcome> {
    return this.#entryDispatcher.getPrompt(name, args, options);
  }

  /**
   * Completions for a prompt's argument or a template's variable, from the class's `@Complete` method, for a caller
   * its entry's guards and permissions allow. Rejects with a ToolError (not found, permission denied, a failing method).
   */
  complete(
    ref: CompletionReference,
    argument: { readonly name: string; readonly value: string },
    context?: CompletionContext,
    options?: CallOptions,
  ): Promise<Completion> {
    return this.#entryDispatcher.complete(ref, argument, context, options);
  }

  /** Whether a resource this registry (or caller's view) shows reads `uri`: a subscription needs one. */
  hasResource(uri: string): boolean {
    return typeof uri === 'string' && this.#entries.catalog.match(uri) !== undefined;
  }

  /** Where resource changes are announced: the container's `ResourceUpdates`. */
  get resourceUpdates(): ResourceUpdates {
    return this.#entries.updates;
  }

  /**
   * The registry as one caller sees it. Its `list()` and `definitions()` show only the tools this
   * caller may call (available, allowed by the grants narrowed by `permissions`, and by every
   * guard, asked now). Every call through it carries this identity, whatever its options say,
   * and runs the guards again, since things may have changed. A tool the caller may not use is
   * absent from its listings; calling it by name is denied (not "not found"), so audit sees it.
   *
   * @example
   * const permissions = PermissionSet.none().grant('fs:read');
   * const mine = await registry.forCaller({ caller: { user: 'ann' }, permissions });
   * mine.definitions(); // what ann may call
   */
  async forCaller(given: CallerIdentity, options: ForCallerOptions = {}): Promise<ToolRegistry> {
    const [tools, entries] = await Promise.all([
      callerView(this.#catalog, given, options),
      this.#entries.catalog.forCaller(given, options),
    ]);
    return this.#over(tools, entries);
  }
}

/**
 * A registry over a catalog built elsewhere: the container's, whose live toolsets a constructor cannot take.
 * @internal
 */
export function registryOver(
  catalog: ToolCatalog,
  options: ToolRegistryOptions,
  entries: EntryCatalog = EntryCatalog.of(),
  updates: ResourceUpdates = new ResourceUpdates(),
): ToolRegistry {
  return overCatalog(catalog, options, { catalog: entries, updates });
}
