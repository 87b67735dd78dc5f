import type { Tool } from '@modelcontextprotocol/server';
import type { ServedRegistry } from './ServedRegistry.js';
import { hasObjectOutput, toMcpTool } from './toMcpTool.js';

/**
 * What an endpoint knows of its tools as MCP shows them, kept once for every server it builds: a modern request
 * gets a fresh server, and a listing or a per-tool fact made for one request serves the next.
 */
export class ToolListing {
  readonly #listings = new Map<string, Tool[]>();
  readonly #structured = new Map<string, boolean>();

  /** @param tasks Whether the endpoint offers tasks: without them no tool is listed with `execution`. */
  constructor(
    private readonly registry: ServedRegistry,
    private readonly tasks: boolean,
  ) {}

  /**
   * The tools a view shows, as `tools/list` gives them, in the registry's order (deterministic, as the 2026 revision
   * asks). Kept per set of names shown (the last {@link MAX_LISTINGS} of them), so that callers with different
   * views do not rebuild each other's.
   */
  tools(view: ServedRegistry, tasks = this.tasks): Tool[] {
    const definitions = view.definitions();
    const key = `${tasks ? 't' : '-'}\n${definitions.map((d) => d.name).join('\n')}`;
    let tools = this.#listings.get(key);
    if (tools === undefined) {
      tools = definitions.map((d) => (tasks ? toMcpTool(d) : withoutTasks(toMcpTool(d))));
      if (this.#listings.size >= MAX_LISTINGS) this.#listings.delete(this.#listings.keys().next().value as string);
      this.#listings.set(key, tools);
    }
    return tools;
  }

  /** Whether a tool's result goes out as `structuredContent`: fixed per tool, decided once per name. */
  structured(name: string): boolean {
    let known = this.#structured.get(name);
    if (known === undefined) {
      const exists = this.registry.has(name);
      known = exists && hasObjectOutput(this.registry.get(name).definition);
      if (exists) this.#structured.set(name, known);
    }
    return known;
  }

  /** A tool's declared task support, read from the whole registry; undefined when the endpoint offers no tasks. */
  taskSupport(name: string): string | undefined {
    return this.tasks && this.registry.has(name) ? this.registry.get(name).definition.task : undefined;
  }
}

/** How many distinct listings are kept. */
const MAX_LISTINGS = 32;

/** A tool as listed by a server that offers no tasks: every call is an ordinary one. */
function withoutTasks(tool: Tool): Tool {
  if (tool.execution === undefined) return tool;
  const { execution: _, ...rest } = tool;
  return rest;
}
