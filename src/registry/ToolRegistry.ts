import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import { ToolDefinitionError } from '../errors/ToolDefinitionError.js';
import { ToolNotFoundError } from '../errors/ToolNotFoundError.js';
import { newCallId } from '../context/newCallId.js';
import type { CallOptions } from '../contracts/CallOptions.js';
import { pipelineOf, coreOf, createRegisteredTool, isRegisteredTool } from '../tools/createRegisteredTool.js';
import { invalidInputPayload } from '../errors/invalidInputPayload.js';
import { redactIssues } from '../errors/redactIssues.js';
import { InvalidInput } from '../pipeline/InvalidInput.js';
import type { CallerIdentity } from './CallerIdentity.js';
import type { ForCallerOptions } from './ForCallerOptions.js';
import type { RegisteredTool } from '../tools/RegisteredTool.js';
import type { ToolDefinition } from '../contracts/ToolDefinition.js';
import type { ToolOutcome } from '../contracts/ToolOutcome.js';
import { AuditTrail } from '../pipeline/AuditTrail.js';
import { callObserved, traceCall } from '../pipeline/callChannel.js';
import { isTimeoutMs, MAX_TIMEOUT_MS } from '../pipeline/callTimeout.js';
import { checkAccess } from '../pipeline/checkAccess.js';
import { PermissionSet } from '../permissions/PermissionSet.js';
import { onAbort } from '../pipeline/onAbort.js';
import { rejectLater } from '../pipeline/rejectLater.js';
import { notJson } from '../pipeline/notJson.js';
import { toJsonValue } from '../pipeline/toJsonValue.js';
import { safePayload } from './safePayload.js';
import { closestNames } from './closestNames.js';
import type { ToolFilter } from './ToolFilter.js';
import { resultOwnerOf } from './resultOwner.js';
import { cutJson } from './cutJson.js';
import type { ToolCore } from '../contracts/ToolCore.js';
import type { ToolRegistryOptions } from './ToolRegistryOptions.js';
import { ownValue } from '../pipeline/ownValue.js';
import { withCallOptions } from '../pipeline/withCallOptions.js';

/** A dispatched outcome, with the JSON text of its value when `dispatch` made it on the way (objects and arrays within their budget). */
export interface DispatchedWithText {
  readonly outcome: ToolOutcome;
  readonly text: string | undefined;
}

const outcomeOnly = (outcome: ToolOutcome): ToolOutcome => outcome;
const withText = (outcome: ToolOutcome, text?: string): DispatchedWithText => ({ outcome, text });

/**
 * `registry.dispatch`, for a kernel that sends the result on as JSON text (MCP): the text comes
 * with the outcome, so it is not made twice. Not part of the public API.
 */
export let dispatchWithText: (registry: ToolRegistry, name: string, args: unknown, options: CallOptions) => Promise<DispatchedWithText>;

/**
 * `registry.dispatch` of a name the caller may not see, answered and audited exactly as a name no
 * tool has: a kernel that must not tell a hidden tool from an unknown one (MCP tasks). Not part
 * of the public API.
 */
export let dispatchAsUnknown: (registry: ToolRegistry, name: string, args: unknown, options: CallOptions) => Promise<ToolOutcome>;

/**
 * The tools an agent kernel lists and calls. Get it from the container (`container.get(ToolRegistry)`)
 * after loading toolsets, or build one from RegisteredTools. Immutable; `view` narrows it by
 * toolset or tag, and `forCaller` to what one caller may use.
 *
 * @example
 * const outcome = await registry.dispatch('fs.read', { path: '/etc/hosts' });
 * if (!outcome.ok) console.log(outcome.error.message);
 */
export class ToolRegistry {
  readonly #tools: ReadonlyMap<string, RegisteredTool>;
  /** In a caller's view, who it acts for. */
  #caller: CallerIdentity | undefined;
  /** In a caller's view, the tools it may call: the only ones listed or suggested. */
  #listed: ReadonlySet<string> | undefined;

  readonly #options: ToolRegistryOptions;
  /** Whether any tool carries a caller's identity: a view, whose identity cannot be replaced. */
  readonly #bound: boolean;

  /**
   * @param tools RegisteredTools made by hermes-tools (from a registry, or wrapped with `withMiddleware` / `withPermissions`).
   * @param options `audit`: where the records of calls to names no tool has go (each tool's own calls are audited by its pipeline).
   */
  constructor(tools: Iterable<RegisteredTool>, options: ToolRegistryOptions = {}) {
    this.#options = options;
    const map = new Map<string, RegisteredTool>();
    const problems: DefinitionProblem[] = [];
    for (const tool of tools) {
      if (!isRegisteredTool(tool)) {
        problems.push({
          where: '',
          code: 'not_a_registered_tool',
          message: `${describeTool(tool)} is not a RegisteredTool made by hermes-tools (a copy such as { ...tool, execute } has no pipeline); take tools from a ToolRegistry or a container, and wrap them with withMiddleware or withPermissions`,
        });
        continue;
      }
      const existing = map.get(tool.name);
      if (existing !== undefined) {
        problems.push({
          where: '',
          code: 'duplicate_name',
          message: `tool name "${tool.name}" is declared twice, in toolsets "${existing.definition.toolset}" and "${tool.definition.toolset}"; tool names must be unique`,
        });
      } else {
        map.set(tool.name, tool);
      }
    }
    if (problems.length > 0) throw new ToolDefinitionError(problems);
    this.#tools = map;
    this.#bound = [...map.values()].some((tool) => coreOf(tool).identity !== undefined);
    Object.freeze(this);
  }

  /** The kernel's listing: name and description of every available tool. */
  list(): { name: string; description: string }[] {
    const out: { name: string; description: string }[] = [];
    for (const tool of this.#tools.values()) if (this.#shows(tool)) out.push({ name: tool.name, description: tool.description });
    return out;
  }

  /** Full definitions of the available tools, optionally filtered by toolset and tag. */
  definitions(filter?: ToolFilter): ToolDefinition[] {
    const out: ToolDefinition[] = [];
    for (const tool of this.#tools.values()) if (matches(tool.definition, filter) && this.#shows(tool)) out.push(tool.definition);
    return out;
  }

  /** The tool named `name`, as a kernel tool. Throws ToolNotFoundError naming the closest tools. */
  get(name: string): RegisteredTool {
    const tool = typeof name === 'string' && this.#knows(name) ? this.#tools.get(name) : undefined;
    if (tool === undefined) throw this.#notFound(name);
    return tool;
  }

  /**
   * Whether a tool by that exact name is registered here (available or not). In a caller's view,
   * only the tools it may call are: the others are not shown, though a call to one is denied.
   */
  has(name: string): boolean {
    return this.#knows(name);
  }

  /**
   * Whether this registry is already a caller's view (made by `forCaller`, or built from a view's
   * tools): its calls carry that caller's identity, and `forCaller` refuses it.
   */
  get isCallerView(): boolean {
    return this.#bound;
  }

  #knows(name: string): boolean {
    return this.#tools.has(name) && (this.#listed === undefined || this.#listed.has(name));
  }

  /** Calls a tool through its whole pipeline. Resolves to its result or rejects with a ToolError. */
  call(name: string, args: unknown, options?: CallOptions): Promise<unknown> {
    const tool = typeof name === 'string' ? this.#tools.get(name) : undefined;
    if (tool !== undefined) return tool.execute(args, options);
    return this.#callUnknown(name, args, options);
  }

  /** A call to a name no tool here answers to: refused as not found, traced and audited. */
  #callUnknown(name: string, args: unknown, options: CallOptions | undefined): Promise<unknown> {
    const audit = this.#options.audit;
    if (!callObserved() && audit === undefined) return rejectLater(this.#notFound(name));
    // Only the caller's own options, as in the pipeline: a polluted Object.prototype names no caller in the audit.
    const ownCallId = ownValue(options, 'callId');
    const callId = typeof ownCallId === 'string' ? ownCallId : newCallId();
    const shown = typeof name === 'string' ? name.slice(0, 200) : String(typeof name);
    const caller = this.#caller === undefined ? ownValue(options, 'caller') : this.#caller.caller;
    const refuse = (): Promise<unknown> => Promise.reject(this.#notFound(name));
    const running = callObserved() ? traceCall({ tool: shown, toolset: undefined, definition: undefined, callId, caller, trace: ownValue(options, 'trace') }, refuse) : refuse();
    if (audit === undefined) return running;
    const trail = new AuditTrail(audit, { tool: shown, toolset: undefined, callId, caller, permissions: [] }, args);
    return running.catch((error: unknown) => {
      trail.finish({ ok: false, error });
      throw error;
    });
  }

  /**
   * Calls a tool and never rejects: the outcome is `{ ok: true, value }` or `{ ok: false, error }`,
   * JSON-serialisable and free of stack traces, ready to hand back to a model.
   */
  dispatch(name: string, args: unknown, options: CallOptions = {}): Promise<ToolOutcome> {
    return this.#dispatch(name, args, options, outcomeOnly);
  }

  /**
   * `dispatch`, handing `finish` the outcome and, for an object or array result, the JSON text made of it on the way.
   * Not an async function: the outcome is made in the call's own settlement, without the turns an `await` adds.
   */
  #dispatch<T>(name: string, args: unknown, options: CallOptions, finish: (outcome: ToolOutcome, text?: string) => T, asUnknown = false): Promise<T> {
    const tool = typeof name === 'string' ? name.slice(0, 200) : String(typeof name);
    let callId = '';
    let running: Promise<unknown>;
    // The caller's own options, read once: a polluted Object.prototype sets no call id, caller or permissions, here or in the steps.
    let passed: CallOptions;
    try {
      const given = ownValue(options, 'callId');
      callId = typeof given === 'string' ? given.slice(0, 200) : newCallId();
      const found = typeof name === 'string' && !asUnknown ? this.#tools.get(name) : undefined;
      passed = withCallOptions(options, { callId });
      if (found !== undefined) running = pipelineOf(found).attempt(args, passed);
      else running = asUnknown ? this.#callUnknown(name, args, passed) : this.call(name, args, passed);
    } catch (error) {
      return Promise.resolve(finish({ ok: false, tool, callId, error: safePayload(tool, error) }));
    }
    const failed = (error: unknown): T => finish({ ok: false, tool, callId, error: safePayload(tool, error) });
    return running.then((value) => {
      try {
        return this.#outcome(name, tool, callId, value, passed, finish, failed);
      } catch (error) {
        return failed(error);
      }
    }, failed);
  }

  /** The outcome of a call that settled with `value`: an invalid input's payload (made without an Error), or the value as JSON within its budget. */
  #outcome<T>(
    name: string,
    tool: string,
    callId: string,
    value: unknown,
    options: CallOptions,
    finish: (outcome: ToolOutcome, text?: string) => T,
    failed: (error: unknown) => T,
  ): T | Promise<T> {
    if (value instanceof InvalidInput) return finish({ ok: false, tool, callId, error: invalidInputPayload(tool, redactIssues(value.issues, false)) });
    const json = toJsonValue(value);
    if (!json.ok) return finish({ ok: false, tool, callId, error: safePayload(tool, notJson(tool, json.reason, false)) });
    const core = this.#options.results === undefined ? undefined : coreOf(this.#tools.get(name)!);
    const budget = core?.maxResultChars;
    if (budget === undefined) return finish({ ok: true, tool, callId, value: json.value }, json.text);
    const text = json.text ?? JSON.stringify(json.value);
    if (text.length <= budget) return finish({ ok: true, tool, callId, value: json.value }, text);
    return this.#cut(core!, text, json.value, budget, options).then((cut) => finish({ ok: true, tool, callId, ...cut }), failed);
  }

  static {
    const own = ToolRegistry.prototype.dispatch;
    // A subclass that forwards dispatch elsewhere (Nest's registry, built later) is asked through its own dispatch.
    dispatchWithText = (registry, name, args, options) =>
      registry.dispatch === own ? registry.#dispatch(name, args, options, withText) : registry.dispatch(name, args, options).then((outcome) => ({ outcome, text: undefined }));
    dispatchAsUnknown = (registry, name, args, options) => registry.#dispatch(name, args, options, outcomeOnly, true);
  }

  /** A registry that sees only the matching tools; nothing reached through it can reach another tool. */
  view(filter: ToolFilter): ToolRegistry {
    const view = new ToolRegistry(
      [...this.#tools.values()].filter((tool) => matches(tool.definition, filter)),
      this.#options,
    );
    view.#listed = this.#listed;
    view.#caller = this.#caller;
    return view;
  }

  /**
   * The registry as one caller sees it. Its `list()` and `definitions()` show only the tools this
   * caller may call (available, allowed by the grants narrowed by `permissions`, and by every
   * guard, asked now). Every call through it carries this identity, whatever its options say,
   * and runs the guards again, since things may have changed. A tool the caller may not use is
   * absent from its listings; calling it by name is denied (not "not found"), so audit sees it.
   *
   * @example
   * const mine = await registry.forCaller({ caller: { user: 'ann' }, permissions: PermissionSet.none().grant('fs:read') });
   * mine.definitions(); // what ann may call
   */
  async forCaller(given: CallerIdentity, options: ForCallerOptions = {}): Promise<ToolRegistry> {
    // Own keys only, of both: a polluted Object.prototype must not name the view's caller, grant it permissions, or stop every listing.
    const identity: CallerIdentity = { caller: ownValue(given, 'caller'), permissions: ownValue(given, 'permissions') };
    const tools = [...this.#tools.values()];
    // A view's identity is fixed: making a view of a view would let its holder become someone else.
    if (this.#bound) {
      throw new TypeError("forCaller: this registry is already a caller's view, whose identity cannot be replaced; make each caller's view from the full registry");
    }
    const timeoutMs = ownValue(options, 'timeoutMs') ?? 10_000;
    if (!isTimeoutMs(timeoutMs)) throw new TypeError(`forCaller: timeoutMs must be a number of milliseconds greater than 0 and at most ${MAX_TIMEOUT_MS}`);
    // Checked here, not tool by tool: a list of strings in its place would otherwise hide every tool without a word. A key
    // given as undefined (a lookup that found nothing) is refused too: it would otherwise widen the caller to the toolsets' grants.
    if (Object.hasOwn(given ?? {}, 'permissions') && identity.permissions === undefined) {
      throw new TypeError("forCaller: permissions is undefined; pass a PermissionSet, or leave the key out for the toolsets' grants alone");
    }
    if (identity.permissions !== undefined && !(identity.permissions instanceof PermissionSet)) {
      throw new TypeError('forCaller: permissions must be a PermissionSet (PermissionSet.none().grant(...)), or left out');
    }
    if (isThenable(identity.caller)) throw new TypeError('forCaller: caller is a promise; await it, and pass the caller itself');
    const bound = tools.map((tool) => createRegisteredTool({ ...coreOf(tool), identity: Object.freeze({ caller: identity.caller, permissions: identity.permissions }) }));
    // A guard that does not answer in time (or before the signal) leaves its tool out: listings fail closed, like calls.
    let giveUpNow!: (value: false) => void;
    const giveUp = new Promise<false>((resolve) => (giveUpNow = resolve));
    let removeAbort: (() => void) | undefined;
    // The signal first, and outside the promise: one that is not an AbortSignal rejects this call (not a promise nobody
    // awaits, which would crash the process) and leaves no timer behind; one that already aborted fires no 'abort' event.
    const signal = ownValue(options, 'signal');
    if (signal !== undefined) {
      try {
        if (signal.aborted === true) giveUpNow(false);
        else removeAbort = onAbort(signal, () => giveUpNow(false));
      } catch {
        throw new TypeError('forCaller: signal must be an AbortSignal');
      }
    }
    const timer = setTimeout(() => giveUpNow(false), timeoutMs);
    try {
      const allowed = await Promise.all(
        bound.map(async (tool) => {
          if (!isAvailable(tool) || (this.#listed !== undefined && !this.#listed.has(tool.name))) return false;
          // Never throws: the permissions were checked above, and a guard that throws or rejects denies.
          const answer = checkAccess(coreOf(tool))(identity.caller, identity.permissions);
          return answer instanceof Promise ? await Promise.race([answer.then((denial) => denial === undefined), giveUp]) : answer === undefined;
        }),
      );
      const view = new ToolRegistry(bound, this.#options);
      view.#listed = new Set(bound.filter((_, i) => allowed[i]).map((tool) => tool.name));
      view.#caller = identity;
      return view;
    } finally {
      clearTimeout(timer);
      removeAbort?.();
    }
  }

  /** A result over its budget: kept whole in the store for its caller, and cut, with a note saying how to read the rest. */
  async #cut(
    core: ToolCore,
    text: string,
    value: unknown,
    budget: number,
    options: CallOptions,
  ): Promise<{ value: unknown; truncated: { id: string | undefined; shownChars: number; totalChars: number } }> {
    const caller = core.identity === undefined ? options.caller : core.identity.caller;
    const restricted = (core.identity === undefined ? options.permissions : core.identity.permissions) !== undefined;
    let id: string | undefined;
    try {
      const owner = resultOwnerOf(caller);
      id = await this.#options.results!.save({ text, tool: core.definition.name, toolPermissions: core.definition.permissions, owner, restricted });
    } catch (error) {
      core.logger.error('hermes-tools: a cut result could not be kept in the result store', {
        tool: core.definition.name,
        error: error instanceof Error ? error.message : String(error),
      });
    }
    const how = id === undefined ? 'the rest could not be kept' : `read the whole result with results.read({"id":"${id}"})`;
    const cut = cutJson(value, budget, (left) => `[… cut to fit: ${left}; ${text.length} characters in all; ${how}]`);
    return { value: cut.value, truncated: { id, shownChars: (JSON.stringify(cut.value) ?? '').length, totalChars: text.length } };
  }

  #shows(tool: RegisteredTool): boolean {
    return (this.#listed === undefined || this.#listed.has(tool.name)) && isAvailable(tool);
  }

  #notFound(name: unknown): ToolNotFoundError {
    const wanted = typeof name === 'string' ? name : String(typeof name);
    const visible = [...this.#tools.values()].filter((tool) => this.#shows(tool)).map((t) => t.name);
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

function isThenable(value: unknown): boolean {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function';
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
