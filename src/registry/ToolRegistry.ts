import { ToolDefinitionError } from '../errors/ToolDefinitionError.js';
import { ToolNotFoundError } from '../errors/ToolNotFoundError.js';
import { newCallId } from '../pipeline/newCallId.js';
import type { CallOptions } from '../tools/CallOptions.js';
import { coreOf, isRegisteredTool } from '../tools/createRegisteredTool.js';
import type { RegisteredTool } from '../tools/RegisteredTool.js';
import type { ToolDefinition } from '../tools/ToolDefinition.js';
import type { ToolOutcome } from '../tools/ToolOutcome.js';
import { notJson } from '../pipeline/notJson.js';
import { toJsonValue } from '../pipeline/toJsonValue.js';
import { safePayload } from './safePayload.js';
import { closestNames } from './closestNames.js';
import type { ToolFilter } from './ToolFilter.js';

/**
 * The tools an agent kernel lists and calls. Get it from the container (`container.get(ToolRegistry)`)
 * after loading toolsets, or build one from RegisteredTools. Immutable; `view` narrows it.
 *
 * @example
 * const outcome = await registry.dispatch('fs.read', { path: '/etc/hosts' });
 * if (!outcome.ok) console.log(outcome.error.message);
 */
export class ToolRegistry {
  readonly #tools: ReadonlyMap<string, RegisteredTool>;

  constructor(tools: Iterable<RegisteredTool>) {
    const map = new Map<string, RegisteredTool>();
    const problems: string[] = [];
    for (const tool of tools) {
      if (!isRegisteredTool(tool)) {
        problems.push(
          `${describeTool(tool)} is not a RegisteredTool made by hermes-tools (a copy such as { ...tool, execute } has no pipeline); take tools from a ToolRegistry or a container, and wrap them with withMiddleware or withPermissions`,
        );
        continue;
      }
      const existing = map.get(tool.name);
      if (existing !== undefined) {
        problems.push(`tool name "${tool.name}" is declared twice, in toolsets "${existing.definition.toolset}" and "${tool.definition.toolset}"; tool names must be unique`);
      } else {
        map.set(tool.name, tool);
      }
    }
    if (problems.length > 0) throw new ToolDefinitionError(problems);
    this.#tools = map;
    Object.freeze(this);
  }

  /** The kernel's listing: name and description of every available tool. */
  list(): { name: string; description: string }[] {
    const out: { name: string; description: string }[] = [];
    for (const tool of this.#tools.values()) if (isAvailable(tool)) out.push({ name: tool.name, description: tool.description });
    return out;
  }

  /** Full definitions of the available tools, optionally filtered by toolset and tag. */
  definitions(filter?: ToolFilter): ToolDefinition[] {
    const out: ToolDefinition[] = [];
    for (const tool of this.#tools.values()) if (matches(tool.definition, filter) && isAvailable(tool)) out.push(tool.definition);
    return out;
  }

  /** The tool named `name`, as a kernel tool. Throws ToolNotFoundError naming the closest tools. */
  get(name: string): RegisteredTool {
    const tool = typeof name === 'string' ? this.#tools.get(name) : undefined;
    if (tool === undefined) throw this.#notFound(name);
    return tool;
  }

  /** Whether a tool by that exact name is registered here (available or not). */
  has(name: string): boolean {
    return this.#tools.has(name);
  }

  /** Calls a tool through its whole pipeline. Resolves to its result or rejects with a ToolError. */
  call(name: string, args: unknown, options?: CallOptions): Promise<unknown> {
    const tool = typeof name === 'string' ? this.#tools.get(name) : undefined;
    if (tool === undefined) return Promise.reject(this.#notFound(name));
    return tool.execute(args, options);
  }

  /**
   * Calls a tool and never rejects: the outcome is `{ ok: true, value }` or `{ ok: false, error }`,
   * JSON-serialisable and free of stack traces, ready to hand back to a model.
   */
  async dispatch(name: string, args: unknown, options: CallOptions = {}): Promise<ToolOutcome> {
    const tool = typeof name === 'string' ? name.slice(0, 200) : String(typeof name);
    let callId = '';
    try {
      callId = typeof options.callId === 'string' ? options.callId.slice(0, 200) : newCallId();
      const value = await this.call(name, args, { ...options, callId });
      const json = toJsonValue(value);
      if (json.ok) return { ok: true, tool, callId, value: json.value };
      return { ok: false, tool, callId, error: safePayload(tool, notJson(tool, json.reason, false)) };
    } catch (error) {
      return { ok: false, tool, callId, error: safePayload(tool, error) };
    }
  }

  /** A registry that sees only the matching tools; nothing reached through it can reach another tool. */
  view(filter: ToolFilter): ToolRegistry {
    return new ToolRegistry([...this.#tools.values()].filter((tool) => matches(tool.definition, filter)));
  }

  #notFound(name: unknown): ToolNotFoundError {
    const wanted = typeof name === 'string' ? name : String(typeof name);
    const visible = [...this.#tools.values()].filter(isAvailable).map((t) => t.name);
    return new ToolNotFoundError(wanted, closestNames(wanted, visible));
  }
}

function isAvailable(tool: RegisteredTool): boolean {
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
    return 'a value';
  }
}
