import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { randomUUID } from 'node:crypto';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { CallOptions } from '../contracts/CallOptions.js';
import type { ApproveFunction } from '../contracts/ToolApprover.js';
import { FOLLOWED_SIGNAL, type FollowingCallOptions } from '../pipeline/followedSignal.js';
import { PermissionSet } from '../permissions/PermissionSet.js';
import type { CallerIdentity } from '../registry/CallerIdentity.js';
import { RESULT_OWNER } from '../registry/resultOwner.js';
import { DISPATCHER } from '../registry/Dispatcher.js';
import { JSON_TEXT, JsonTextSink, type TextSinkOptions } from '../registry/JsonTextSink.js';
import type { AvailabilityWatch } from './AvailabilityWatch.js';
import type { McpRequestExtra, McpServerOptions } from './McpServerOptions.js';
import { elicitApproval } from './elicitApproval.js';
import { callAsTask, refusalOf } from './callAsTask.js';
import { ownServerOptions } from './ownServerOptions.js';
import { ProgressRelay } from './ProgressRelay.js';
import type { ServedRegistry } from './ServedRegistry.js';
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
  /**
   * An owner standing for clients the server cannot tell apart: `tasks/list` shows it nothing, so one cannot learn
   * another's task ids.
   */
  readonly unlisted?: (owner: string) => boolean;
}

/**
 * The MCP server behind {@link createMcpServer} and each session of {@link serveHttp}. Listings go
 * through `registry.forCaller`, so a client sees only the tools it may call; calls go through
 * `registry.dispatch` with the same caller and permissions.
 */
export function buildServer(registry: ServedRegistry, given: McpServerOptions, wiring: ServerWiring): Server {
  const options = ownServerOptions(given, 'createMcpServer');
  const pageSize = options.pageSize ?? Number.POSITIVE_INFINITY;
  if (!(pageSize >= 1))
    throw new TypeError(`createMcpServer: pageSize must be a number of at least 1, got ${String(options.pageSize)}`);
  const listChanged = wiring.watch.intervalMs > 0;
  const tasks = wiring.tasks;
  // Without a prototype: the SDK reads more keys of these than are given here, and a polluted Object.prototype must set
  // none.
  const server = new Server(
    Object.assign(Object.create(null) as object, { name: options.name, version: options.version }),
    Object.assign(Object.create(null) as object, {
      capabilities: {
        tools: { listChanged },
        ...(tasks === undefined ? {} : { tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } }),
      },
      ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
    }),
  );

  // A task, and a result cut to fit, belong to who made them: the principal, else the session, else this connection.
  const connection = `connection:${randomUUID()}`;
  const ownerOf = (extra: McpRequestExtra): string => {
    const given = wiring.owner?.(extra);
    if (given !== undefined) return given;
    const principal = extra.authInfo?.extra?.principal;
    if (typeof principal === 'string') return `principal:${principal}`;
    return extra.sessionId === undefined ? connection : `session:${extra.sessionId}`;
  };
  if (tasks !== undefined) serveTasks(server, tasks, ownerOf, wiring.unlisted);

  // What fails outside any request (a notice to a client gone away) goes to the SDK's error hook: the server goes on.
  const failed = (error: unknown): void => server.onerror?.(error instanceof Error ? error : new Error(String(error)));

  const hook = options.caller;
  const callerOf = (extra: McpRequestExtra): unknown => {
    if (hook === undefined) {
      const principal = extra.authInfo?.extra?.principal;
      const caller: {
        via: 'mcp';
        client: string | undefined;
        sessionId: string | undefined;
        principal?: unknown;
        [RESULT_OWNER]: string;
      } = {
        via: 'mcp',
        client: server.getClientVersion()?.name,
        sessionId: extra.sessionId,
        [RESULT_OWNER]: ownerOf(extra),
      };
      if (principal !== undefined) caller.principal = principal;
      return caller;
    }
    let caller: unknown;
    try {
      caller = hook(extra);
    } catch (error) {
      // Converted: the hook's own message may name internals; the client learns which hook failed, and only its request
      // fails.
      throw new McpError(
        ErrorCode.InternalError,
        `${HOOK_FAILED}: options.caller threw (${error instanceof Error ? error.name : typeof error})`,
      );
    }
    if (isThenable(caller))
      throw new McpError(
        ErrorCode.InternalError,
        `${HOOK_FAILED}: options.caller returned a promise; it must return the caller itself`,
      );
    return caller;
  };

  /**
   * Who a request acts for, checked where it enters: a hook that fails, or gives permissions that are not a
   * PermissionSet, fails this request only.
   */
  const identityOf = (extra: McpRequestExtra): CallerIdentity => {
    const caller = callerOf(extra);
    const permissions: unknown = wiring.permissions?.(extra);
    if (permissions === undefined) return { caller };
    if (!(permissions instanceof PermissionSet)) {
      throw new McpError(
        ErrorCode.InternalError,
        `${HOOK_FAILED}: the permissions of this request (auth.mapScopes, or the Nest mcp.caller hook) are not a PermissionSet`,
      );
    }
    return { caller, permissions };
  };

  // A registry that is already a caller's view cannot be narrowed again: it is listed as it is.
  const visible = (identity: CallerIdentity, extra: McpRequestExtra): Promise<ServedRegistry> =>
    registry.isCallerView ? Promise.resolve(registry) : registry.forCaller(identity, { signal: extra.signal });

  // The listing is rebuilt only when the set of tools shown changes.
  let cache: { key: string; tools: Tool[] } | undefined;
  const listing = (view: ServedRegistry): Tool[] => {
    const definitions = view.definitions();
    const key = definitions.map((d) => d.name).join('\n');
    if (cache === undefined || cache.key !== key)
      cache = { key, tools: definitions.map((d) => (tasks === undefined ? withoutTasks(toMcpTool(d)) : toMcpTool(d))) };
    return cache.tools;
  };

  server.setRequestHandler(ListToolsRequestSchema, async (request, extra) => {
    const tools = listing(await visible(identityOf(extra), extra));
    const start = request.params?.cursor === undefined ? 0 : decodeCursor(request.params.cursor, tools.length);
    const end = Math.min(start + pageSize, tools.length);
    return end < tools.length
      ? { tools: tools.slice(start, end), nextCursor: encodeCursor(end) }
      : { tools: tools.slice(start) };
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
  const taskSupport = (name: string): string | undefined =>
    tasks !== undefined && registry.has(name) ? registry.get(name).definition.task : undefined;

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name, arguments: args = {}, task } = request.params;
    const identity = identityOf(extra);
    const { caller, permissions } = identity;
    const support = taskSupport(name);
    // A tool the caller may not see answers as any call of it does: only one it sees is said to need a task.
    if (task === undefined && support === 'required' && (await visible(identity, extra)).has(name)) {
      throw new McpError(
        ErrorCode.MethodNotFound,
        `${name} runs only as a task: call it with a task (a task-augmented tools/call, params.task), then fetch its result with tasks/result`,
      );
    }
    const progressToken = request.params._meta?.progressToken;
    const relay =
      progressToken === undefined
        ? undefined
        : new ProgressRelay(
            progressToken,
            (params) => extra.sendNotification({ method: 'notifications/progress', params }),
            failed,
          );
    // Object literals of one shape, not spreads: a spread of conditional parts makes a new shape per combination, on
    // every call.
    const trace = traceContextOf(request.params._meta);
    const onProgress = relay?.report;
    if (task !== undefined && tasks !== undefined) {
      // Who may see the tool first, then whether it can be a task: a hidden tool answers exactly as one that does not
      // exist.
      const view = await visible(identity, extra);
      const taskOptions: CallOptions = { caller, trace, permissions, onProgress };
      if (!view.has(name)) throw refusalOf(await view[DISPATCHER].dispatchAsUnknown(name, args, taskOptions));
      if (support !== 'optional' && support !== 'required')
        throw new McpError(ErrorCode.MethodNotFound, `${name} cannot run as a task; call it without params.task`);
      return callAsTask(view, tasks, {
        name,
        args,
        owner: ownerOf(extra),
        requestedTtl: task.ttl,
        structured: structured(name),
        options: taskOptions,
        onError: failed,
      });
    }
    // The approver is made only for a call that asks for one (most never do).
    const approve: ApproveFunction = (approval) => elicitApproval(server, extra)(approval);
    // The request's signal is followed, not raced: the SDK answers no cancelled request, and a listener on every
    // request's signal costs more than the rest of the call.
    // The JSON text dispatch makes of the result is kept, and sent as it is, not made twice.
    const sink = new JsonTextSink();
    const callOptions: FollowingCallOptions & TextSinkOptions = {
      caller,
      trace,
      permissions,
      onProgress,
      approve,
      [FOLLOWED_SIGNAL]: extra.signal,
      [JSON_TEXT]: sink,
    };
    const outcome = await registry.dispatch(name, args, callOptions);
    if (relay !== undefined) await relay.close();
    return toCallToolResult(outcome, structured(name), sink.textOf(outcome));
  });

  if (listChanged) {
    let unsubscribe: (() => void) | undefined;
    server.oninitialized = () => {
      unsubscribe = wiring.watch.subscribe(() => void server.sendToolListChanged().catch(failed));
    };
    server.onclose = () => unsubscribe?.();
  }
  return server;
}

const HOOK_FAILED = 'this request was refused because a hook of the MCP server failed';

function isThenable(value: unknown): boolean {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
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
    throw new McpError(
      ErrorCode.InvalidParams,
      'tools/list: the cursor is not one this server gave out; list again without a cursor',
    );
  }
  return offset;
}
