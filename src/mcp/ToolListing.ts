import type { Tool } from '@modelcontextprotocol/server';
import type { ToolDefinition } from '../contracts/ToolDefinition.js';
import type { ServedRegistry } from './ServedRegistry.js';
import { hasObjectOutput, toMcpTool } from './toMcpTool.js';

/**
 * What an endpoint knows of its tools as MCP shows them, kept once for every server it builds: a modern request
 * gets a fresh server, and a listing or a per-tool fact made for one request serves the next.
 */
export class ToolListing {
  readonly #listings = new Map<string, { definitions: ToolDefinition[]; tools: Tool[] }>();
  /** How many tools the kept listings hold in all. */
  #kept = 0;
  readonly #structured = new WeakMap<ToolDefinition, boolean>();

  /** @param tasks Whether the endpoint offers tasks: without them no tool is listed with `execution`. */
  constructor(
    private readonly registry: ServedRegistry,
    private readonly tasks: boolean,
  ) {}

  /**
   * The tools a view shows, as `tools/list` gives them, in the registry's order (deterministic, as the 2026 revision
   * asks). Kept per set of names shown (the last {@link MAX_LISTINGS} of them, holding {@link MAX_KEPT_TOOLS} tools
   * at most in all), so that callers with different views do not rebuild each other's.
   */
  tools(view: ServedRegistry, tasks = this.tasks): Tool[] {
    const definitions = view.definitions();
    const key = `${tasks ? 't' : '-'}\n${definitions.map((d) => d.name).join('\n')}`;
    const kept = this.#listings.get(key);
    // The same names may come with other definitions: a remote toolset's tool refreshed with a new schema.
    if (kept?.definitions.every((d, i) => d === definitions[i])) return kept.tools;
    const tools = definitions.map((d) => (tasks ? toMcpTool(d) : withoutTasks(toMcpTool(d))));
    this.#forget(key);
    if (tools.length > MAX_KEPT_TOOLS) return tools;
    // The oldest go first, until this one fits.
    while (this.#listings.size >= MAX_LISTINGS || this.#kept + tools.length > MAX_KEPT_TOOLS)
      this.#forget(this.#listings.keys().next().value as string);
    this.#listings.set(key, { definitions, tools });
    this.#kept += tools.length;
    return tools;
  }

  #forget(key: string): void {
    const kept = this.#listings.get(key);
    if (kept === undefined) return;
    this.#listings.delete(key);
    this.#kept -= kept.tools.length;
  }

  /** Whether a tool's result goes out as `structuredContent`: fixed per tool, decided once per definition. */
  structured(name: string): boolean {
    if (!this.registry.has(name)) return false;
    const definition = this.registry.get(name).definition;
    let known = this.#structured.get(definition);
    if (known === undefined) {
      known = hasObjectOutput(definition);
      this.#structured.set(definition, known);
    }
    return known;
  }

  /** The arguments a tool copies into HTTP headers, read from the whole registry. */
  headers(name: string): Readonly<Record<string, string>> | undefined {
    return this.registry.has(name) ? this.registry.get(name).definition.headers : undefined;
  }

  /** A tool's declared task support, read from the whole registry; undefined when the endpoint offers no tasks. */
  taskSupport(name: string): string | undefined {
    return this.tasks && this.registry.has(name) ? this.registry.get(name).definition.task : undefined;
  }
}

/** How many distinct listings are kept. */
const MAX_LISTINGS = 32;
/** How many tools the kept listings may hold in all: a remote toolset's schemas can each be large. */
const MAX_KEPT_TOOLS = 10_000;

/** A tool as listed by a server that offers no tasks: every call is an ordinary one. */
function withoutTasks(tool: Tool): Tool {
  if (tool.execution === undefined) return tool;
  const { execution: _, ...rest } = tool;
  return rest;
}
