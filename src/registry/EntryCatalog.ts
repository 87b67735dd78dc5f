import type { PromptDefinition } from '../contracts/PromptDefinition.js';
import type { ResourceDefinition, ResourceTemplateDefinition } from '../contracts/ResourceDefinition.js';
import { UriTemplate } from '../entries/UriTemplate.js';
import type { RegisteredTool } from '../tools/RegisteredTool.js';
import type { CallerIdentity } from './CallerIdentity.js';
import { metaOf } from './metaOf.js';
import { callerView } from './callerView.js';
import type { ForCallerOptions } from './ForCallerOptions.js';
import type { LiveTools } from './LiveTools.js';
import { isAvailable, ToolCatalog } from './ToolCatalog.js';
import type { ToolFilter } from './ToolFilter.js';

/** A template, parsed once, with the entry that reads it. */
interface Template {
  readonly parsed: UriTemplate;
  readonly name: string;
}

/** The URIs and templates of the resources a catalog holds, made of `tools` (each entry as it was compiled). */
interface UriIndex {
  readonly tools: readonly RegisteredTool[];
  /** Fixed URIs to the resource's name. */
  readonly byUri: ReadonlyMap<string, string>;
  /** Most specific first. */
  readonly templates: readonly Template[];
}

/** A live toolset's resources and prompts (a remote MCP server's), which change while the registry runs. */
export interface LiveEntrySource {
  readonly resources: LiveTools;
  readonly prompts: LiveTools;
}

/**
 * A registry's resources, resource templates and prompts: each compiled like a tool (its own pipeline), kept in
 * catalogs of their own so that no tool listing or call reaches them. Immutable (but for a live toolset's entries,
 * read as they are now): a view or a caller's view is a new one. A URI is read by its fixed resource, else by the most specific template that matches it: the longest literal
 * prefix, then the most literal characters, then the one declared first. Template variables that a template's own
 * checks refuse (a `..` segment…) make it match nothing, and the next one is tried.
 */
export class EntryCatalog {
  /** The index of the resources as they were last read (a live toolset's change makes a new one). */
  #index: UriIndex;

  private constructor(
    readonly resources: ToolCatalog,
    readonly prompts: ToolCatalog,
  ) {
    this.#index = indexOf(resources.all());
    Object.freeze(this);
  }

  /** The entries of a registry, or none; `live` are those of live toolsets (a remote MCP server's). */
  static of(
    resources: Iterable<RegisteredTool> = [],
    prompts: Iterable<RegisteredTool> = [],
    live: readonly LiveEntrySource[] = [],
  ): EntryCatalog {
    const source = (tools: LiveTools) => ({ tools, filters: [] });
    return new EntryCatalog(
      ToolCatalog.of(
        resources,
        undefined,
        undefined,
        live.map((l) => source(l.resources)),
      ),
      ToolCatalog.of(
        prompts,
        undefined,
        undefined,
        live.map((l) => source(l.prompts)),
      ),
    );
  }

  /** The index of the resources now: made again only when a live toolset's resources changed. */
  #current(): UriIndex {
    if (!this.resources.live) return this.#index;
    const tools = this.resources.all();
    const known = this.#index.tools;
    if (tools.length !== known.length || tools.some((tool, i) => tool !== known[i])) this.#index = indexOf(tools);
    return this.#index;
  }

  /** Whether there is nothing here, nor can be: a registry of tools alone. */
  get empty(): boolean {
    return (
      !this.resources.live && !this.prompts.live && this.resources.all().length === 0 && this.prompts.all().length === 0
    );
  }

  /** The entries matching `filter` (by toolset and tag, as tools are). */
  narrow(filter: ToolFilter): EntryCatalog {
    return new EntryCatalog(this.resources.narrow(filter), this.prompts.narrow(filter));
  }

  /** The entries as one caller sees them: bound to its identity, and listed only when its grants and guards allow. */
  async forCaller(identity: CallerIdentity, options: ForCallerOptions): Promise<EntryCatalog> {
    if (this.empty) return this;
    const [resources, prompts] = await Promise.all([
      callerView(this.resources, identity, options),
      callerView(this.prompts, identity, options),
    ]);
    return new EntryCatalog(resources, prompts);
  }

  /**
   * The resource that reads `uri`, with the template's variables. The most specific match decides, seen or not: when
   * the caller may not see it, nothing does (a less specific template never reads a URI a hidden one owns).
   */
  match(uri: string): { readonly tool: RegisteredTool; readonly variables: Record<string, string> } | undefined {
    const { byUri, templates } = this.#current();
    const fixed = byUri.get(uri);
    if (fixed !== undefined) {
      const tool = this.#shown(this.resources, fixed);
      return tool === undefined ? undefined : { tool, variables: {} };
    }
    for (const template of templates) {
      const variables = template.parsed.match(uri);
      if (variables === undefined) continue;
      const tool = this.#shown(this.resources, template.name);
      return tool === undefined ? undefined : { tool, variables };
    }
    return undefined;
  }

  /** The prompt of that name, when this caller sees it. */
  prompt(name: string): RegisteredTool | undefined {
    return this.#shown(this.prompts, name);
  }

  /** The template whose URI template is exactly `uriTemplate`, when this caller sees it (for completions). */
  template(uriTemplate: string): RegisteredTool | undefined {
    const found = this.#current().templates.find((template) => template.parsed.template === uriTemplate);
    return found === undefined ? undefined : this.#shown(this.resources, found.name);
  }

  /** The fixed resources this caller sees, in declaration order. */
  resourceDefinitions(): ResourceDefinition[] {
    return this.#listed(this.resources)
      .filter((tool) => metaOf(tool)?.kind === 'resource')
      .map((tool) => {
        const meta = metaOf(tool)!;
        const { definition } = tool;
        return {
          uri: meta.uri!,
          name: definition.name,
          ...(meta.title === undefined ? {} : { title: meta.title }),
          description: definition.description,
          ...(meta.mimeType === undefined ? {} : { mimeType: meta.mimeType }),
          toolset: definition.toolset,
          permissions: definition.permissions,
        };
      });
  }

  /** The resource templates this caller sees, in declaration order. */
  templateDefinitions(): ResourceTemplateDefinition[] {
    return this.#listed(this.resources)
      .filter((tool) => metaOf(tool)?.kind === 'template')
      .map((tool) => {
        const meta = metaOf(tool)!;
        const { definition } = tool;
        return {
          uriTemplate: meta.uri!,
          name: definition.name,
          ...(meta.title === undefined ? {} : { title: meta.title }),
          description: definition.description,
          ...(meta.mimeType === undefined ? {} : { mimeType: meta.mimeType }),
          toolset: definition.toolset,
          permissions: definition.permissions,
          variables: meta.variables,
        };
      });
  }

  /** The prompts this caller sees, in declaration order, with their arguments. */
  promptDefinitions(): PromptDefinition[] {
    return this.#listed(this.prompts).map((tool) => {
      const meta = metaOf(tool)!;
      const { definition } = tool;
      const properties = (definition.inputSchema.properties ?? {}) as Record<string, { description?: string }>;
      const required = new Set((definition.inputSchema.required ?? []) as readonly string[]);
      return {
        name: definition.name,
        ...(meta.title === undefined ? {} : { title: meta.title }),
        description: definition.description,
        toolset: definition.toolset,
        permissions: definition.permissions,
        arguments: meta.variables.map((name) => ({
          name,
          ...(properties[name]?.description === undefined ? {} : { description: properties[name].description }),
          required: required.has(name),
        })),
      };
    });
  }

  #listed(catalog: ToolCatalog): RegisteredTool[] {
    return catalog.all().filter((tool) => catalog.isListed(tool.name) && isAvailable(tool));
  }

  #shown(catalog: ToolCatalog, name: string): RegisteredTool | undefined {
    const tool = catalog.find(name);
    return tool !== undefined && catalog.isListed(name) && isAvailable(tool) ? tool : undefined;
  }
}

/** The URI index of `tools`: fixed URIs, and templates most specific first. */
function indexOf(tools: readonly RegisteredTool[]): UriIndex {
  const byUri = new Map<string, string>();
  const templates: Template[] = [];
  for (const tool of tools) {
    const meta = metaOf(tool);
    if (meta?.uri === undefined) continue;
    if (meta.kind === 'resource') byUri.set(meta.uri, tool.name);
    else {
      const parsed = UriTemplate.parse(meta.uri, meta.allowTraversal === true);
      if (!('problem' in parsed)) templates.push({ parsed, name: tool.name });
    }
  }
  templates.sort(
    (a, b) => b.parsed.literalPrefix - a.parsed.literalPrefix || b.parsed.literalLength - a.parsed.literalLength,
  );
  return { tools, byUri, templates };
}
