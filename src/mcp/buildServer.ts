import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { randomUUID } from 'node:crypto';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { CallOptions } from '../contracts/CallOptions.js';
import type { ApproveFunction } from '../contracts/ToolApprover.js';
import type { PermissionSet } from '../permissions/PermissionSet.js';
import { FOLLOWED_SIGNAL, type FollowingCallOptions } from '../pipeline/followedSignal.js';
import { dispatchWithText, type ToolRegistry } from '../registry/ToolRegistry.js';
import type { AvailabilityWatch } from './AvailabilityWatch.js';
import type { McpRequestExtra, McpServerOptions } from './McpServerOptions.js';
import { elicitApproval } from './elicitApproval.js';
import { callAsTask } from './callAsTask.js';
import { ProgressRelay } from './ProgressRelay.js';
import { serveTasks } from './serveTasks.js';
import type { TaskRunner } from './TaskRunner.js';
import { traceContextOf } from './traceContextOf.js';
import { toCallToolResult } from './toCallToolResult.js';
import { hasObjectOutput, toMcpTool } from './toMcpTool.js';

/** What a server shares with the others of its HTTP endpoint. */
export interface ServerWiring {
  /** Sends `list_changed` when availability changes: one watch for every session of an endpoint. */
  readonly watch: AvailabilityWatch;
  /** The caller's own permissions for a request (from its token), narrowing the toolsets' grants. */
  readonly permissions?: (extra: McpRequestExtra) => PermissionSet | undefined;
  /** Tasks, when the server offers them: undefined leaves every call an ordinary one. */
  readonly tasks?: TaskRunner;
  /**
   * Who owns a task created by this request. Default: the verified principal, else the session,
   * else this connection (stdio, in memory).
   */
  readonly owner?: (extra: McpRequestExtra) => string | undefined;
  /** An owner standing for clients the server cannot tell apart: `tasks/list` shows it nothing, so one cannot learn another's task ids. */
  readonly unlisted?: (owner: string) => boolean;
}

/**
 * The MCP server behind {@link createMcpServer} and each session of {@link serveHttp}. Listings go
 * through `registry.forCaller`, so a client sees only the tools it may call; calls go through
 * `registry.dispatch` with the same caller and permissions.
 */
export function buildServer(registry: ToolRegistry, options: McpServerOptions, wiring: ServerWiring): Server {
  const pageSize = options.pageSize ?? Number.POSITIVE_INFINITY;
  if (!(pageSize >= 1)) throw new TypeError(`createMcpServer: pageSize must be a number of at least 1, got ${String(options.pageSize)}`);
  const listChanged = wiring.watch.intervalMs > 0;
  const tasks = wiring.tasks;
  const server = new Server(
    { name: options.name, version: options.version },
    {
      capabilities: { tools: { listChanged }, ...(tasks === undefined ? {} : { tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } }) },
      ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
    },
  );

  const callerOf =
    options.caller ??
    ((extra: McpRequestExtra) => {
      const principal = extra.authInfo?.extra?.principal;
      const caller: { via: 'mcp'; client: string | undefined; sessionId: string | undefined; principal?: unknown } = {
        via: 'mcp',
        client: server.getClientVersion()?.name,
        sessionId: extra.sessionId,
      };
      if (principal !== undefined) caller.principal = principal;
      return caller;
    });

  // A task belongs to who created it: the principal, else the session, else this connection.
  const connection = `connection:${randomUUID()}`;
  const ownerOf = (extra: McpRequestExtra): string => {
    const given = wiring.owner?.(extra);
    if (given !== undefined) return given;
    const principal = extra.authInfo?.extra?.principal;
    if (typeof principal === 'string') return `principal:${principal}`;
    return extra.sessionId === undefined ? connection : `session:${extra.sessionId}`;
  };
  if (tasks !== undefined) serveTasks(server, tasks, ownerOf, wiring.unlisted);

  // A registry that is already a caller's view cannot be narrowed again: it is listed as it is.
  let isView = false;
  const visible = async (extra: McpRequestExtra): Promise<ToolRegistry> => {
    if (isView) return registry;
    try {
      return await registry.forCaller({ caller: callerOf(extra), permissions: wiring.permissions?.(extra) }, { signal: extra.signal });
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      isView = true;
      return registry;
    }
  };

  // The listing is rebuilt only when the set of tools shown changes.
  let cache: { key: string; tools: Tool[] } | undefined;
  const listing = (view: ToolRegistry): Tool[] => {
    const definitions = view.definitions();
    const key = definitions.map((d) => d.name).join('\n');
    if (cache === undefined || cache.key !== key) cache = { key, tools: definitions.map((d) => (tasks === undefined ? withoutTasks(toMcpTool(d)) : toMcpTool(d))) };
    return cache.tools;
  };

  server.setRequestHandler(ListToolsRequestSchema, async (request, extra) => {
    const tools = listing(await visible(extra));
    const start = request.params?.cursor === undefined ? 0 : decodeCursor(request.params.cursor, tools.length);
    const end = Math.min(start + pageSize, tools.length);
    return end < tools.length ? { tools: tools.slice(start, end), nextCursor: encodeCursor(end) } : { tools: tools.slice(start) };
  });

  // Whether a tool's result goes out as structuredContent is fixed per tool: decided once per name.
  const structuredByName = new Map<string, boolean>();
  const structured = (name: string): boolean => {
    let known = structuredByName.get(name);
    if (known === undefined) {
      known = registry.has(name) && hasObjectOutput(registry.get(name).definition);
      if (registry.has(name)) structuredByName.set(name, known);
    }
    return known;
  };

  // A tool's task support is fixed: read once per name, from the whole registry.
  const taskSupport = (name: string): string | undefined => (tasks !== undefined && registry.has(name) ? registry.get(name).definition.task : undefined);

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name, arguments: args = {}, task } = request.params;
    const support = taskSupport(name);
    if (task === undefined && support === 'required') {
      throw new McpError(
        ErrorCode.MethodNotFound,
        `${name} runs only as a task: call it with a task (a task-augmented tools/call, params.task), then fetch its result with tasks/result`,
      );
    }
    if (task !== undefined && tasks !== undefined && registry.has(name) && support !== 'optional' && support !== 'required') {
      throw new McpError(ErrorCode.MethodNotFound, `${name} cannot run as a task; call it without params.task`);
    }
    const progressToken = request.params._meta?.progressToken;
    const relay = progressToken === undefined ? undefined : new ProgressRelay(progressToken, (params) => extra.sendNotification({ method: 'notifications/progress', params }));
    // Object literals of one shape, not spreads: a spread of conditional parts makes a new shape per combination, on every call.
    const caller = callerOf(extra);
    const trace = traceContextOf(request.params._meta);
    const permissions = wiring.permissions?.(extra);
    const onProgress = relay?.report;
    if (task !== undefined && tasks !== undefined) {
      const taskOptions: CallOptions = { caller, trace, permissions, onProgress };
      return callAsTask(registry, tasks, { name, args, owner: ownerOf(extra), requestedTtl: task.ttl, structured: structured(name), options: taskOptions });
    }
    // The approver is made only for a call that asks for one (most never do).
    const approve: ApproveFunction = (approval) => elicitApproval(server, extra)(approval);
    // The request's signal is followed, not raced: the SDK answers no cancelled request, and a listener on every request's signal costs more than the rest of the call.
    const callOptions: FollowingCallOptions = { caller, trace, permissions, onProgress, approve, [FOLLOWED_SIGNAL]: extra.signal };
    const { outcome, text } = await dispatchWithText(registry, name, args, callOptions);
    if (relay !== undefined) await relay.close();
    return toCallToolResult(outcome, structured(name), text);
  });

  if (listChanged) {
    let unsubscribe: (() => void) | undefined;
    server.oninitialized = () => {
      unsubscribe = wiring.watch.subscribe(() => void server.sendToolListChanged().catch(() => undefined));
    };
    server.onclose = () => unsubscribe?.();
  }
  return server;
}

/** A tool as listed by a server that offers no tasks: every call is an ordinary one. */
function withoutTasks(tool: Tool): Tool {
  if (tool.execution === undefined) return tool;
  const { execution: _, ...rest } = tool;
  return rest;
}

function encodeCursor(offset: number): string {
  return Buffer.from(`o:${offset}`).toString('base64url');
}

function decodeCursor(cursor: string, length: number): number {
  const match = /^o:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString());
  const offset = match === null ? Number.NaN : Number(match[1]);
  if (!(offset >= 0 && offset <= length)) {
    throw new McpError(ErrorCode.InvalidParams, 'tools/list: the cursor is not one this server gave out; list again without a cursor');
  }
  return offset;
}
