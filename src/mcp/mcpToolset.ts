import type { Tool } from '@modelcontextprotocol/client';
import { ContainerModule } from 'inversify';
import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import type { JsonSchema } from '../contracts/JsonSchema.js';
import type { ToolContext } from '../contracts/ToolContext.js';
import type { DeclarationFeed, UpdateDeclarations } from '../di/DeclarationFeed.js';
import { loadToolset } from '../di/toolset.js';
import type { ResourceUpdates } from '../registry/ResourceUpdates.js';
import { redactAndClip } from '../errors/redactSecrets.js';
import { ToolDefinitionError } from '../errors/ToolDefinitionError.js';
import type { ToolDeclaration } from '../metadata/ToolDeclaration.js';
import type { ToolOptions } from '../metadata/ToolOptions.js';
import { ownValue } from '../internal/ownValue.js';
import { jsonSchemaToShape, type SchemaReadBudget } from '../schema/jsonSchemaToShape.js';
import type { Shape } from '../schema/Shape.js';
import type { McpToolsetOptions } from './McpToolsetOptions.js';
import { readToolsetOptions, type ToolsetSettings } from './readToolsetOptions.js';
import { type RemoteEntries, RemoteServer, toolKey } from './RemoteServer.js';
import { remoteHeaders } from './remoteHeaders.js';
import { schemaExcess } from './schemaExcess.js';
import { clipText } from './clipText.js';
import { remoteDeclaration } from './remoteDeclaration.js';
import { remoteEntryDeclarations } from './remoteEntryDeclarations.js';

const NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;
/**
 * The most subschemas (and `enum` values) the schemas of one listing may inline through `$ref`s in all: each is a copy
 * in memory, and each schema alone may inline 10,000.
 */
const MAX_INLINED_PER_LISTING = 100_000;

/** The module `mcpToolset` returns: load it with `await container.loadAsync(module)`, and close it when done. */
export interface McpToolsetModule extends ContainerModule {
  /** Closes the connection (a spawned server exits) and stops reconnecting. Its tools become unavailable. */
  close(): Promise<void>;
}

/**
 * A container module holding the tools of another MCP server, spawned over stdio or reached over
 * Streamable HTTP, in the revision it speaks (2026-07-28 statelessly, or 2025-11-25). Loading it
 * (`await container.loadAsync(...)`: the load is asynchronous) connects and lists the remote tools;
 * each becomes a registered tool named `<prefix><remote name>`, validated locally against the
 * remote's input schema and run through the same guards, approvals, interceptors, deadline and
 * audit as a local tool, under this toolset's `granted`. A schema the local model cannot hold
 * fails the load with one ToolDefinitionError naming every such tool. When the server says its
 * list changed, its tools are listed again and the running registry follows, under the same
 * grant and limits: new tools are added, changed ones recompiled, and those it no longer offers
 * become unavailable. Its resources, templates and prompts are imported too (`entries`), behind
 * `uriPrefix` and `prefix`, and follow its lists the same way.
 *
 * @example
 * const files = mcpToolset({ name: 'files', server: { command: 'npx', args: ['@modelcontextprotocol/server-filesystem',
 * '/srv/data'] }, granted: PermissionSet.of('files:call') });
 * await container.loadAsync(toolsModule(), files);
 */
export function mcpToolset(options: McpToolsetOptions): McpToolsetModule {
  const { settings, problems: optionProblems } = readToolsetOptions(options);
  const remote = new RemoteServer(settings);
  // One class per toolset: its bound instance holds the handlers of this server's tools.
  const Handlers = { [`McpToolset(${settings.name})`]: class {} }[`McpToolset(${settings.name})`]!;
  const handlers: Record<string, (input: unknown, ctx: ToolContext) => Promise<unknown>> = Object.create(null);
  const imported = new ImportedTools(settings, Handlers, remote, handlers);
  // Each registry built with this toolset, told of every new listing.
  const updates: UpdateDeclarations[] = [];
  // The server's resources, templates and prompts as last listed: they go with every update, as its tools do.
  let entries: ToolDeclaration[] = [];
  // The resource-change hub of each registry built with this toolset: told of the remote's resource updates.
  const hubs: ResourceUpdates[] = [];
  remote.onResourceUpdated = (uri) => {
    for (const hub of hubs) hub.changed(`${settings.uriPrefix}${uri}`);
  };
  const feed: DeclarationFeed = {
    attach(update, hub) {
      updates.push(update);
      hubs.push(hub);
      // The server may have changed its list between the load and this registry's build.
      imported.forget(imported.report(update([...imported.current(), ...entries])));
    },
  };
  // One listing of the entries at a time: a notice that comes while one runs makes one more run after it.
  let listingEntries = false;
  let entriesStale = false;
  const relistEntries = async (): Promise<void> => {
    if (listingEntries) {
      entriesStale = true;
      return;
    }
    listingEntries = true;
    try {
      do {
        entriesStale = false;
        let listed: RemoteEntries;
        try {
          listed = await remote.listEntries();
        } catch (error) {
          settings.logger.warn(
            "hermes-tools: listing a remote server's resources and prompts again failed; they stay as they were",
            {
              toolset: settings.name,
              error: redactAndClip(error instanceof Error ? error.message : String(error), 200),
            },
          );
          return;
        }
        const before = entries.map((declaration) => declaration.method);
        entries = remoteEntryDeclarations(listed, settings, Handlers, remote, handlers);
        const now = new Set(entries.map((declaration) => declaration.method));
        for (const method of before) if (!now.has(method)) delete handlers[method];
        for (const update of updates) imported.report(update([...imported.current(), ...entries]));
        const marks = entries.flatMap((declaration) => (declaration.entry === undefined ? [] : [declaration.entry]));
        remote.emit({
          type: 'entries_changed',
          toolset: settings.name,
          resources: marks.flatMap((m) =>
            m.kind === 'resource' ? [m.options.uri] : m.kind === 'template' ? [m.options.uriTemplate] : [],
          ),
          prompts: marks.flatMap((m) => (m.kind === 'prompt' ? [m.options.name] : [])),
        });
        // Subscribed after the registries hold the new list: a slow server delays its updates, not the list.
        await remote.watchResources(watchable(entries));
      } while (entriesStale);
    } finally {
      listingEntries = false;
    }
  };
  const module = new ContainerModule(async (load) => {
    if (optionProblems.length > 0) throw new ToolDefinitionError(optionProblems);
    let listed: readonly Tool[];
    try {
      listed = await remote.start();
    } catch (error) {
      throw unreachable(settings.name, error);
    }
    const problems: DefinitionProblem[] = [];
    const declarations = imported.take(listed, problems);
    if (problems.length > 0) {
      await remote.close();
      throw new ToolDefinitionError(problems);
    }
    // Resources, templates and prompts: listed here, and again when the server says they changed or reconnects.
    if (settings.entries) {
      try {
        entries = remoteEntryDeclarations(await remote.listEntries(), settings, Handlers, remote, handlers);
        await remote.watchResources(watchable(entries));
      } catch (error) {
        await remote.close();
        throw unreachable(settings.name, error, 'list its resources and prompts');
      }
    }
    remote.onListed = (tools) => {
      const before = new Set(imported.names());
      const refusedHere: DefinitionProblem[] = [];
      const refused: string[] = [];
      const next = imported.take(tools, refusedHere, refused);
      refused.push(...imported.report(refusedHere));
      // A tool a registry refuses (its name is taken) is not taken: it is tried again at the next listing.
      const taken = updates.flatMap((update) => imported.report(update([...next, ...entries])));
      imported.forget(taken);
      refused.push(...taken);
      return { added: imported.names().filter((name) => !before.has(name) && !refused.includes(name)), refused };
    };
    if (settings.entries)
      remote.onEntriesChanged = () =>
        void relistEntries().catch((error: unknown) =>
          settings.logger.error("hermes-tools: taking a remote server's new resources and prompts failed", {
            toolset: settings.name,
            error: redactAndClip(error instanceof Error ? error.message : String(error), 200),
          }),
        );
    load.bind(Handlers).toConstantValue(handlers);
    loadToolset(load, {
      name: settings.name,
      tools: [],
      granted: settings.granted,
      guards: settings.guards,
      interceptors: settings.interceptors,
      scope: 'singleton',
      declarations: [...declarations, ...entries],
      feed,
    });
  });
  return Object.assign(module, { close: () => remote.close() });
}

/** The most of a remote server's resources whose updates are subscribed to. */
const MAX_WATCHED = 100;

/** The remote's own URIs of the fixed resources imported (the first MAX_WATCHED): those whose updates are relayed. */
function watchable(entries: readonly ToolDeclaration[]): string[] {
  return entries
    .filter((declaration) => declaration.entry?.kind === 'resource')
    .map((declaration) => declaration.method.slice('resource:'.length))
    .slice(0, MAX_WATCHED);
}

/**
 * The remote tools this toolset has taken, as declarations: one per tool, kept while the server lists the tool
 * unchanged, so that the registry compiles a tool again only when the server changed it.
 */
class ImportedTools {
  #taken = new Map<string, { key: string; declaration: ToolDeclaration }>();
  /** The remote tools of the last listing that were taken. */
  #tools: readonly Tool[] = [];
  /** The remote tool each declaration's `where` names in the last listing, for the problems the registry reports. */
  #named = new Map<string, string>();

  constructor(
    private readonly settings: ToolsetSettings,
    private readonly target: Function,
    private readonly remote: RemoteServer,
    private readonly handlers: Record<string, (input: unknown, ctx: ToolContext) => Promise<unknown>>,
  ) {}

  /**
   * Takes a listing: a declaration for every tool within the limits and the local model (`problems` names the
   * others), registered with the remote as the tools the registry holds.
   */
  take(listed: readonly Tool[], problems: DefinitionProblem[], refused: string[] = []): ToolDeclaration[] {
    const settings = this.settings;
    const taken = new Map<string, { key: string; declaration: ToolDeclaration }>();
    const accepted: Tool[] = [];
    this.#named = new Map();
    // One budget for the whole listing: each new pattern can take a good part of a second to check, and each inlined
    // subschema is a copy in memory.
    const budget: SchemaReadBudget = {
      patterns: {
        remainingMs: settings.limits.maxPatternCheckMs,
        what: `the ${settings.limits.maxPatternCheckMs} ms that limits.maxPatternCheckMs of mcpToolset "${settings.name}" allows a listing`,
      },
      inlinedLeft: MAX_INLINED_PER_LISTING,
      inlinedWhat: `the ${MAX_INLINED_PER_LISTING} that a listing of mcpToolset "${settings.name}" may inline in all`,
    };
    for (const tool of listed) {
      const where = `mcpToolset "${settings.name}" tool "${tool.name}"`;
      this.#named.set(where, tool.name);
      const excess = schemaExcess(tool.inputSchema, settings.limits.maxSchemaChars, settings.limits.maxEnumValues);
      if (excess !== undefined) {
        settings.logger.warn("hermes-tools: a remote tool is refused; the server's other tools are served", {
          toolset: settings.name,
          tool: tool.name.slice(0, 200),
          reason: excess,
        });
        refused.push(tool.name);
        continue;
      }
      const key = toolKey(tool);
      const kept = this.#taken.get(tool.name);
      const declaration =
        kept !== undefined && kept.key === key
          ? kept.declaration
          : toDeclaration(tool, settings, this.target, this.remote, problems, budget);
      if (declaration === undefined) continue;
      this.handlers[declaration.method] ??= (input, ctx) => this.remote.call(tool.name, input, ctx);
      taken.set(tool.name, { key, declaration });
      accepted.push(tool);
    }
    // A tool the server stopped listing is unavailable (its requirement says so) before its handler could be reached.
    for (const method of Object.keys(this.handlers)) {
      if (method.startsWith('tool:') && !taken.has(method.slice('tool:'.length))) delete this.handlers[method];
    }
    this.#taken = taken;
    this.#tools = accepted;
    this.remote.register(accepted);
    return this.current();
  }

  /** Drops tools a registry refused: they are not registered, and the next listing tries them again. */
  forget(names: readonly string[]): void {
    if (names.length === 0) return;
    for (const name of names) {
      this.#taken.delete(name);
      delete this.handlers[`tool:${name}`];
    }
    this.remote.register(this.#tools.filter((tool) => this.#taken.has(tool.name)));
  }

  current(): ToolDeclaration[] {
    return [...this.#taken.values()].map((t) => t.declaration);
  }

  names(): string[] {
    return [...this.#taken.keys()];
  }

  /** Logs each problem of a listing taken after the load; returns the remote names of the tools they refused. */
  report(problems: readonly DefinitionProblem[]): string[] {
    for (const problem of problems) {
      this.settings.logger.warn(
        "hermes-tools: a remote tool, resource or prompt is refused; the server's others are served",
        {
          toolset: this.settings.name,
          where: problem.where.slice(0, 300),
          reason: problem.message.slice(0, 500),
        },
      );
    }
    return problems.flatMap((p) => this.#named.get(p.where) ?? []);
  }
}

function toDeclaration(
  tool: Tool,
  settings: ToolsetSettings,
  target: Function,
  remote: RemoteServer,
  problems: DefinitionProblem[],
  budget: SchemaReadBudget,
): ToolDeclaration | undefined {
  const where = `mcpToolset "${settings.name}" tool "${tool.name}"`;
  const name = `${settings.prefix}${tool.name}`;
  const start = problems.length;
  if (!NAME.test(name))
    problems.push({
      where,
      code: 'invalid_name',
      message: `its name "${name}" must match ${NAME.source}; choose another prefix`,
    });
  const { schema, headers } = remoteHeaders(tool.inputSchema as unknown as JsonSchema);
  const key = toolKey(tool);
  const shape = jsonSchemaToShape(schema, where, problems, budget);
  if (shape.kind !== 'object')
    problems.push({ where, code: 'invalid_schema', message: 'its input schema must be an object schema' });
  if (problems.length > start || shape.kind !== 'object') return undefined;
  // Unknown keys are refused as for a local tool, unless the remote explicitly accepts them.
  const input: Shape =
    ownValue(schema, 'additionalProperties') === undefined ? { ...shape, additionalProperties: false } : shape;
  // Own keys only: an inherited readOnlyHint (a polluted Object.prototype) must not skip the approval policy.
  const a: NonNullable<Tool['annotations']> = ownValue(tool, 'annotations') ?? {};
  const hintOf = (key: 'readOnlyHint' | 'destructiveHint' | 'idempotentHint' | 'openWorldHint' | 'title'): unknown =>
    ownValue(a, key);
  const hint = (value: unknown): boolean | undefined => (typeof value === 'boolean' ? value : undefined);
  const trusted = settings.trustReadOnly.has(tool.name);
  const readOnly = trusted || hint(hintOf('readOnlyHint'));
  // The MCP spec's defaults: a tool may be destructive unless it says it is read-only or not destructive.
  const destructiveHint = hintOf('destructiveHint');
  const destructive = trusted ? false : destructiveHint === true || (destructiveHint !== false && readOnly !== true);
  const hints = {
    readOnly,
    destructive,
    idempotent: hint(hintOf('idempotentHint')),
    openWorld: hint(hintOf('openWorldHint')),
  };
  const maxChars = settings.limits.maxDescriptionChars;
  const givenTitle = ownValue(tool, 'title') ?? hintOf('title');
  const title = typeof givenTitle === 'string' ? clipText(givenTitle, maxChars) : undefined;
  const givenDescription = ownValue(tool, 'description');
  // No prototype: the registry reads each option, and none may come from a polluted Object.prototype.
  const toolOptions: ToolOptions = Object.assign(Object.create(null) as object, {
    name,
    description: clipText(
      (typeof givenDescription === 'string' && givenDescription.trim()) ||
        title ||
        `Calls "${tool.name}" on the MCP server "${settings.name}".`,
      maxChars,
    ),
    ...Object.fromEntries(Object.entries(hints).filter(([, v]) => v !== undefined)),
    ...(settings.timeoutMs !== undefined && { timeoutMs: settings.timeoutMs }),
    metadata: { mcp: { server: settings.name, tool: tool.name, ...(title !== undefined && { title }) } },
  });
  return remoteDeclaration(settings, target, {
    method: `tool:${tool.name}`,
    where,
    options: toolOptions,
    requires: {
      check: () => remote.isAvailable(tool.name, key),
      description: `the MCP server "${settings.name}", connected and offering "${tool.name}" as it was when registered`,
    },
    input,
    ...(headers !== undefined && { headers }),
  });
}

/** The load's error when the server could not be reached and listed: a ToolDefinitionError naming it, with the cause. */
function unreachable(name: string, error: unknown, what = 'list the tools'): ToolDefinitionError {
  const why = error instanceof Error ? error.message || error.name : String(error);
  const failed = new ToolDefinitionError([
    {
      where: `mcpToolset "${name}"`,
      code: 'remote_unreachable',
      message: `could not connect to its MCP server and ${what}: ${redactAndClip(why, 300)}; check server (the command, or the url and its headers) and connectTimeoutMs${what === 'list the tools' ? '' : ', or set entries: false'}`,
    },
  ]);
  return Object.defineProperty(failed, 'cause', {
    value: error,
    enumerable: false,
    writable: true,
    configurable: true,
  });
}
