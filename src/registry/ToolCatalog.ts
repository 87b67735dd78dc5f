import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import type { ToolDefinition } from '../contracts/ToolDefinition.js';
import { ToolDefinitionError } from '../errors/ToolDefinitionError.js';
import { ToolNotFoundError } from '../errors/ToolNotFoundError.js';
import { coreOf, isRegisteredTool } from '../tools/createRegisteredTool.js';
import type { RegisteredTool } from '../tools/RegisteredTool.js';
import type { CallerIdentity } from './CallerIdentity.js';
import { closestNames } from './closestNames.js';
import type { LiveTools } from './LiveTools.js';
import type { ToolFilter } from './ToolFilter.js';

/** A toolset whose tools may change, as a catalog sees it: through the filters of the views it was narrowed by. */
export interface LiveSource {
  readonly tools: LiveTools;
  readonly filters: readonly ToolFilter[];
}

/**
 * The tools of one registry, as one caller sees them: storage, lookup with suggestions, and listing.
 * Immutable: a view or a caller's view is a new catalog. Its live sources (toolsets whose tools change while it runs)
 * are read on every lookup; their names never shadow the fixed tools', which the registry checked.
 */
export class ToolCatalog {
  readonly #tools: ReadonlyMap<string, RegisteredTool>;
  readonly #live: readonly LiveSource[];
  /** In a caller's view, the tools it may call: the only ones listed or suggested. */
  readonly #listed: ReadonlySet<string> | undefined;
  /** In a caller's view, who it acts for. */
  readonly caller: CallerIdentity | undefined;
  /** Whether any tool carries a caller's identity: a view, whose identity cannot be replaced. */
  readonly bound: boolean;

  private constructor(
    tools: Map<string, RegisteredTool>,
    live: readonly LiveSource[],
    listed?: ReadonlySet<string>,
    caller?: CallerIdentity,
  ) {
    this.#tools = tools;
    this.#live = live;
    this.#listed = listed;
    this.caller = caller;
    this.bound = [...tools.values()].some((tool) => coreOf(tool).identity !== undefined);
    Object.freeze(this);
  }

  /** A catalog of `tools`, each checked: a ToolDefinitionError names every one not made here or named twice. */
  static of(
    tools: Iterable<RegisteredTool>,
    listed?: ReadonlySet<string>,
    caller?: CallerIdentity,
    live: readonly LiveSource[] = [],
  ): ToolCatalog {
    const map = new Map<string, RegisteredTool>();
    const problems: DefinitionProblem[] = [];
    for (const tool of tools) {
      if (!isRegisteredTool(tool)) {
        problems.push({
          where: '',
          code: 'not_a_registered_tool',
          message:
            `${describeTool(tool)} is not a RegisteredTool made by hermes-tools (a copy such as { ...tool, execute } has ` +
            'no pipeline); take tools from a ToolRegistry or a container, and wrap them with withMiddleware or withPermissions',
        });
        continue;
      }
      const existing = map.get(tool.name);
      if (existing === undefined) map.set(tool.name, tool);
      else {
        problems.push({
          where: '',
          code: 'duplicate_name',
          message: `tool name "${tool.name}" is declared twice, in toolsets "${existing.definition.toolset}" and "${tool.definition.toolset}"; tool names must be unique`,
        });
      }
    }
    if (problems.length > 0) throw new ToolDefinitionError(problems);
    return new ToolCatalog(map, live, listed, caller);
  }

  /** The tool of that name, listed or not: a call of one the caller may not see is denied by its pipeline. */
  find(name: unknown): RegisteredTool | undefined {
    if (typeof name !== 'string') return undefined;
    const tool = this.#tools.get(name);
    if (tool !== undefined || this.#live.length === 0) return tool;
    for (const source of this.#live) {
      const found = source.tools.find(name);
      if (found !== undefined) return source.filters.every((f) => matches(found.definition, f)) ? found : undefined;
    }
    return undefined;
  }

  /** Whether a live toolset's tools are read here: what `all()` holds may change. */
  get live(): boolean {
    return this.#live.length > 0;
  }

  /** Every tool here, listed or not: the fixed ones, then each live toolset's current ones. */
  all(): RegisteredTool[] {
    const out = [...this.#tools.values()];
    for (const source of this.#live) {
      for (const tool of source.tools.all()) {
        if (source.filters.every((f) => matches(tool.definition, f))) out.push(tool);
      }
    }
    return out;
  }

  /** Whether the tool of that name is registered and, in a caller's view, one it may call. */
  knows(name: string): boolean {
    return this.find(name) !== undefined && this.isListed(name);
  }

  /** Whether a caller's view lists that name (any name, outside a caller's view). */
  isListed(name: string): boolean {
    return this.#listed === undefined || this.#listed.has(name);
  }

  get(name: string): RegisteredTool {
    const tool = typeof name === 'string' && this.isListed(name) ? this.find(name) : undefined;
    if (tool === undefined) throw this.notFound(name);
    return tool;
  }

  list(): { name: string; description: string }[] {
    const out: { name: string; description: string }[] = [];
    for (const tool of this.all()) {
      if (this.#shows(tool)) out.push({ name: tool.name, description: tool.description });
    }
    return out;
  }

  definitions(filter?: ToolFilter): ToolDefinition[] {
    const out: ToolDefinition[] = [];
    for (const tool of this.all()) {
      if (matches(tool.definition, filter) && this.#shows(tool)) out.push(tool.definition);
    }
    return out;
  }

  /** The tools that match `filter`, seen by the same caller. */
  narrow(filter: ToolFilter): ToolCatalog {
    return ToolCatalog.of(
      [...this.#tools.values()].filter((tool) => matches(tool.definition, filter)),
      this.#listed,
      this.caller,
      this.#live.map((source) => ({ tools: source.tools, filters: [...source.filters, filter] })),
    );
  }

  /** The error for a name no tool shown here has, naming the closest ones shown. */
  notFound(name: unknown): ToolNotFoundError {
    const wanted = typeof name === 'string' ? name : String(typeof name);
    const visible = this.all()
      .filter((tool) => this.#shows(tool))
      .map((t) => t.name);
    return new ToolNotFoundError(wanted, closestNames(wanted, visible));
  }

  #shows(tool: RegisteredTool): boolean {
    return this.isListed(tool.name) && isAvailable(tool);
  }
}

export function isAvailable(tool: RegisteredTool): boolean {
  return coreOf(tool).unavailable() === undefined;
}

function matches(definition: ToolDefinition, filter: ToolFilter | undefined): boolean {
  if (filter === undefined) return true;
  if (filter.toolsets !== undefined && !filter.toolsets.includes(definition.toolset)) return false;
  if (filter.tags !== undefined && !filter.tags.some((tag) => definition.tags.includes(tag))) return false;
  return true;
}

function describeTool(tool: unknown): string {
  try {
    const name = (tool as { name?: unknown } | null)?.name;
    return typeof name === 'string' ? `"${name.slice(0, 80)}"` : 'a value';
  } catch {
    // Converted: a tool whose name cannot be read is named "a value" in the problem.
    return 'a value';
  }
}
