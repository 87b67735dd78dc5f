import { randomUUID } from 'node:crypto';
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  ProtocolError,
  ProtocolErrorCode,
  type LoggingLevel,
  Server,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { CallOptions } from '../contracts/CallOptions.js';
import type { AskFunction } from '../contracts/Question.js';
import type { ApproveFunction } from '../contracts/ToolApprover.js';
import { QuestionNotAnsweredError } from '../errors/QuestionNotAnsweredError.js';
import { FOLLOWED_SIGNAL, type FollowingCallOptions } from '../pipeline/followedSignal.js';
import { PermissionSet } from '../permissions/PermissionSet.js';
import type { CallerIdentity } from '../registry/CallerIdentity.js';
import { RESULT_OWNER } from '../registry/resultOwner.js';
import { DISPATCHER } from '../registry/Dispatcher.js';
import { JSON_TEXT, JsonTextSink, type TextSinkOptions } from '../registry/JsonTextSink.js';
import type { InputRounds } from './InputRounds.js';
import { RoundRequest } from './RoundRequest.js';
import { serveEntries } from './serveEntries.js';
import type { AvailabilityWatch } from './AvailabilityWatch.js';
import type { McpRequestExtra, McpServerOptions } from './McpServerOptions.js';
import { elicitApproval } from './elicitApproval.js';
import { elicitQuestion } from './elicitQuestion.js';
import { callAsTask, refusalOf } from './callAsTask.js';
import { ProgressRelay } from './ProgressRelay.js';
import { isLoggingLevel, LogRelay, loggerLevelFor, logThreshold } from './LogRelay.js';
import type { ServedRegistry } from './ServedRegistry.js';
import { serveTasks } from './serveTasks.js';
import type { TaskRunner } from './TaskRunner.js';
import { asCreatedTask, TaskServer } from './TaskServer.js';
import {
  declaresTasks,
  extensionTask,
  serveTaskExtension,
  TASKS_EXTENSION,
  tasksRequired,
} from './serveTaskExtension.js';
import type { SessionClock } from './SessionClock.js';
import type { ToolOutcome } from '../contracts/ToolOutcome.js';
import type { ToolListing } from './ToolListing.js';
import { HEADER_MISMATCH, paramHeaderMismatch } from './paramHeaderMismatch.js';
import { traceContextOf } from './traceContextOf.js';
import { toCallToolResult } from './toCallToolResult.js';

/** Which MCP protocol a server speaks: 2025-11-25 and earlier (`initialize`, sessions) or 2026-07-28. */
export type McpEra = 'legacy' | 'modern';

/** What a server shares with the others of its endpoint: a 2026 request gets a server of its own. */
export interface ServerWiring {
  /**
   * Sends `list_changed` when availability changes: one watch for every session of an endpoint. Each 2025 session
   * subscribes; the 2026 era's `subscriptions/listen` streams are fed by the endpoint.
   */
  readonly watch: AvailabilityWatch;
  /** The listing and per-tool facts, kept across the servers of the endpoint. */
  readonly listing: ToolListing;
  /** Whether the registry has resources, templates or prompts (decided once, on the first request). */
  readonly hasEntries: () => boolean;
  /** 2026-era approvals (input_required), signed with the endpoint's key. */
  readonly approvals: InputRounds;
  /** The caller's own permissions for a request (from its token), narrowing the toolsets' grants. */
  readonly permissions?: (extra: McpRequestExtra) => PermissionSet | undefined;
  /**
   * What `tools/list` shows the caller, when it is more than what it may call: with `auth.scopes`, the tools a declared
   * scope would open too, so that a client can step up. Default: `permissions`.
   */
  readonly listPermissions?: (extra: McpRequestExtra) => PermissionSet | undefined;
  /**
   * Tasks, when the server offers them (the 2025 task methods, or the 2026 tasks extension): undefined leaves every
   * call an ordinary one.
   */
  readonly tasks?: TaskRunner;
  /**
   * Who owns a task or a result made by this request, and who an approval is bound to. Default: the verified
   * principal, else the session, else this connection (stdio, in memory).
   */
  readonly owner?: (extra: McpRequestExtra) => string | undefined;
  /**
   * An owner standing for clients the server cannot tell apart: `tasks/list` shows it nothing, so one cannot learn
   * another's task ids.
   */
  readonly unlisted?: (owner: string) => boolean;
  /**
   * SSE polling (2025 era, sessions): a call still running after `afterMs` on `clock` has its response stream closed,
   * for the client to resume with Last-Event-ID.
   */
  readonly closeStreams?: { readonly afterMs: number; readonly clock: SessionClock };
  /**
   * Where what failed with no request left to tell is reported (a notice to a client gone away, a store that failed
   * on a retry). Default: the server's `onerror` (stdio and in memory set it).
   */
  readonly failed?: (error: Error) => void;
}

/**
 * The MCP server behind {@link createMcpServer}, each 2025 session of {@link serveHttp} and each 2026 request.
 * Listings go through `registry.forCaller`, so a client sees only the tools it may call; calls go through
 * `registry.dispatch` with the same caller and permissions. `options` are already read as own keys.
 */
export function buildServer(
  registry: ServedRegistry,
  options: McpServerOptions,
  wiring: ServerWiring,
  era: McpEra,
): Server {
  const pageSize = options.pageSize ?? Number.POSITIVE_INFINITY;
  const listChanged = wiring.watch.intervalMs > 0;
  // Tasks in both eras, from one store: the 2025 task methods, or the 2026 revision's tasks extension.
  const tasks = wiring.tasks;
  const { listing, approvals } = wiring;
  const hasEntries = wiring.hasEntries();
  const listTtl = options.listTtlMs ?? DEFAULT_LIST_TTL_MS;
  // Without a prototype: the SDK reads more keys of these than are given here, and a polluted Object.prototype must set
  // none.
  const info = Object.assign(Object.create(null) as object, { name: options.name, version: options.version });
  const serverOptions = Object.assign(Object.create(null) as object, {
    capabilities: {
      tools: { listChanged },
      // Log lines from ctx.logger, to a client that asks for them (logging/setLevel, or a 2026 request's logLevel).
      logging: {},
      // Resources, prompts and completions, when the registry has any: their lists change as their availability does.
      ...(hasEntries
        ? {
            resources: { subscribe: true, listChanged },
            prompts: { listChanged },
            completions: {},
          }
        : {}),
      ...(tasks === undefined
        ? {}
        : era === 'legacy'
          ? { tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } }
          : { extensions: { [TASKS_EXTENSION]: {} } }),
    },
    ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
    // Stamped on 2026 results only. The list depends on who asks, so it is never public.
    cacheHints: {
      'tools/list': { ttlMs: listTtl, cacheScope: 'private' as const },
      'resources/list': { ttlMs: listTtl, cacheScope: 'private' as const },
      'resources/templates/list': { ttlMs: listTtl, cacheScope: 'private' as const },
      'prompts/list': { ttlMs: listTtl, cacheScope: 'private' as const },
      // A read is as fresh as its resource, which may change at any time.
      'resources/read': { ttlMs: 0, cacheScope: 'private' as const },
    },
    requestState: { verify: approvals.verify },
  });
  const server = tasks === undefined ? new Server(info, serverOptions) : new TaskServer(info, serverOptions);
  // The level this 2025 session asked for; until it asks, it gets no log lines. (The SDK's own handler would send
  // every line to a session that never asked.)
  let sessionLevel: LoggingLevel | undefined;
  server.setRequestHandler('logging/setLevel', async (request) => {
    if (isLoggingLevel(request.params.level)) sessionLevel = request.params.level;
    return {};
  });

  // A task, a result cut to fit and an approval belong to who made them: the principal, else the session, else this
  // connection.
  const connection = `connection:${randomUUID()}`;
  const ownerOf = (extra: McpRequestExtra): string => {
    const given = wiring.owner?.(extra);
    if (given !== undefined) return given;
    const principal = extra.http?.authInfo?.extra?.principal;
    if (typeof principal === 'string') return `principal:${principal}`;
    return extra.sessionId === undefined ? connection : `session:${extra.sessionId}`;
  };
  if (tasks !== undefined) {
    if (era === 'legacy') serveTasks(server, tasks, ownerOf, wiring.unlisted);
    else serveTaskExtension(server, tasks, ownerOf);
  }

  // What fails outside any request (a notice to a client gone away) goes to the SDK's error hook: the server goes on.
  const failed = (error: unknown): void => {
    const failure = error instanceof Error ? error : new Error(String(error));
    if (wiring.failed === undefined) server.onerror?.(failure);
    else wiring.failed(failure);
  };

  const hook = options.caller;
  const callerOf = (extra: McpRequestExtra): unknown => {
    if (hook === undefined) {
      const principal = extra.http?.authInfo?.extra?.principal;
      const caller: {
        via: 'mcp';
        client: string | undefined;
        sessionId: string | undefined;
        principal?: unknown;
        [RESULT_OWNER]: string;
      } = {
        via: 'mcp',
        // From the request's envelope in the 2026 era, from initialize in the 2025 one.
        client: clientName(extra) ?? server.getClientVersion()?.name,
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
      throw new ProtocolError(
        ProtocolErrorCode.InternalError,
        `${HOOK_FAILED}: options.caller threw (${error instanceof Error ? error.name : typeof error})`,
      );
    }
    if (isThenable(caller))
      throw new ProtocolError(
        ProtocolErrorCode.InternalError,
        `${HOOK_FAILED}: options.caller returned a promise; it must return the caller itself`,
      );
    return caller;
  };

  /**
   * Who a request acts for, checked where it enters: a hook that fails, or gives permissions that are not a
   * PermissionSet, fails this request only.
   */
  const identityOf = (extra: McpRequestExtra, listing = false): CallerIdentity => {
    const caller = callerOf(extra);
    const permissions: unknown = (listing ? wiring.listPermissions?.(extra) : undefined) ?? wiring.permissions?.(extra);
    if (permissions === undefined) return { caller };
    if (!(permissions instanceof PermissionSet)) {
      throw new ProtocolError(
        ProtocolErrorCode.InternalError,
        `${HOOK_FAILED}: the permissions of this request (auth.mapScopes, or the Nest mcp.caller hook) are not a PermissionSet`,
      );
    }
    return { caller, permissions };
  };

  // A registry that is already a caller's view cannot be narrowed again: it is listed as it is.
  const visible = (identity: CallerIdentity, extra: ServerContext): Promise<ServedRegistry> =>
    registry.isCallerView ? Promise.resolve(registry) : registry.forCaller(identity, { signal: extra.mcpReq.signal });

  server.setRequestHandler('tools/list', async (request, extra) => {
    const tools = listing.tools(await visible(identityOf(extra, true), extra));
    const start = request.params?.cursor === undefined ? 0 : decodeCursor(request.params.cursor, tools.length);
    const end = Math.min(start + pageSize, tools.length);
    return end < tools.length
      ? { tools: tools.slice(start, end), nextCursor: encodeCursor(end) }
      : { tools: tools.slice(start) };
  });

  server.setRequestHandler('tools/call', async (request, extra) => {
    const { name, arguments: args = {} } = request.params;
    const task = (request.params as { task?: { ttl?: unknown } }).task;
    const identity = identityOf(extra);
    const { caller, permissions } = identity;
    const support = listing.taskSupport(name);
    const taskable = support === 'optional' || support === 'required';
    // 2025: the client asks for a task (params.task). 2026: the server decides: a tool that can be one, called by a
    // request that declares the tasks extension, becomes a task.
    const asTask =
      tasks !== undefined && (era === 'legacy' ? task !== undefined : taskable && declaresTasks(server, extra));
    // A tool the caller may not see answers as any call of it does: only one it sees is said to need a task.
    if (!asTask && support === 'required' && (await visible(identity, extra)).has(name)) {
      throw era === 'modern'
        ? tasksRequired(
            `${name} runs only as a task: declare the ${TASKS_EXTENSION} extension in the request's client capabilities, then poll tasks/get for its result`,
          )
        : new ProtocolError(
            ProtocolErrorCode.MethodNotFound,
            `${name} runs only as a task: call it with a task (a task-augmented tools/call, params.task), then fetch its result with tasks/result`,
          );
    }
    // 2026 over HTTP: the arguments a tool declares as headers must agree with their Mcp-Param-* headers. Checked only
    // for a tool the caller sees: another answers as unknown.
    const headers = era === 'modern' ? listing.headers(name) : undefined;
    const http = extra.http?.req;
    if (headers !== undefined && http !== undefined && (await visible(identity, extra)).has(name)) {
      const mismatch = paramHeaderMismatch(headers, args, (header) => http.headers.get(header));
      if (mismatch !== undefined)
        throw new ProtocolError(
          HEADER_MISMATCH,
          `Bad Request: the request headers and body disagree on ${mismatch.header}: the body carries ${mismatch.body}; send each argument the tool declares as a header (x-mcp-header) in its Mcp-Param-* header too, as the SDK's client does`,
          { mismatch },
        );
    }
    const progressToken = request.params._meta?.progressToken;
    const relay =
      progressToken === undefined
        ? undefined
        : new ProgressRelay(
            progressToken,
            (params) => extra.mcpReq.notify({ method: 'notifications/progress', params: { ...params } }),
            failed,
          );
    // Object literals of one shape, not spreads: a spread of conditional parts makes a new shape per combination, on
    // every call.
    const trace = traceContextOf(request.params._meta);
    const onProgress = relay?.report;
    if (asTask) {
      // Who may see the tool first, then whether it can be a task: a hidden tool answers exactly as one that does not
      // exist.
      const view = await visible(identity, extra);
      // The 2026 extension carries no progress for a task: its request has been answered with the task.
      const taskOptions: CallOptions = {
        caller,
        trace,
        permissions,
        onProgress: era === 'legacy' ? onProgress : undefined,
        ask: askNobodyInTask,
      };
      if (!view.has(name)) {
        const unknown = await view[DISPATCHER].dispatchAsUnknown(name, args, taskOptions);
        if (era === 'legacy') throw refusalOf(unknown);
        return toCallToolResult(unknown, false);
      }
      if (!taskable)
        throw new ProtocolError(
          ProtocolErrorCode.MethodNotFound,
          `${name} cannot run as a task; call it without params.task`,
        );
      const made = await callAsTask(view, tasks, {
        name,
        args,
        owner: ownerOf(extra),
        requestedTtl: task?.ttl,
        structured: listing.structured(name),
        options: taskOptions,
        onError: failed,
        era,
      });
      // Refused before a task was made (input, guards): a JSON-RPC error to the 2025 client that asked for a task, and
      // to a 2026 client the error result an ordinary call gets, since it never asked for one.
      if ('refused' in made) {
        if (era === 'legacy') throw refusalOf(made.refused);
        return toCallToolResult(made.refused, listing.structured(name));
      }
      return asCreatedTask(era === 'legacy' ? made : { resultType: 'task', ...extensionTask(made.task) }) as never;
    }
    // Log lines go with the call's own request, which a task's has already been answered.
    const threshold = logThreshold(era, extra, sessionLevel);
    const logs =
      threshold === undefined
        ? undefined
        : new LogRelay(
            threshold,
            name,
            (params) => extra.mcpReq.notify({ method: 'notifications/message', params }),
            failed,
          );
    // 2025: the approver asks through elicitation/create, made only for a call that asks for one (most never do).
    // 2026: the call stops to ask (input_required); an approval's retry runs it approved, a question's resumes it.
    // A 2026 request says what its client can do in its own envelope (over stdio, one server sees many requests).
    const canAsk = (): boolean =>
      (era === 'modern' ? envelopeCapabilities(extra) : server.getClientCapabilities())?.elicitation !== undefined;
    const opening = era === 'modern' ? approvals.round(extra, ownerOf(extra), name, args, canAsk(), failed) : undefined;
    const round = opening instanceof Promise ? await opening : opening;
    // A 2026 call follows the request of its round: its reports and its cancellation move with it to each retry.
    const following = round === undefined ? undefined : new RoundRequest(relay, logs, extra.mcpReq.signal);
    const approve: ApproveFunction = round?.approve ?? ((approval) => elicitApproval(server, extra)(approval));
    // The request's signal is followed, not raced: the SDK answers no cancelled request, and a listener on every
    // request's signal costs more than the rest of the call.
    // The JSON text dispatch makes of the result is kept, and sent as it is, not made twice.
    const sink = new JsonTextSink();
    const callOptions: FollowingCallOptions & TextSinkOptions = {
      caller,
      trace,
      permissions,
      // A 2026 call reports through its round's request: a retry may ask for progress or log lines the first did not.
      onProgress: following === undefined ? onProgress : following.progress,
      onLog: following === undefined ? logs?.line : following.line,
      logLevel: threshold === undefined ? undefined : loggerLevelFor(threshold),
      approve,
      ask: round?.ask ?? elicitQuestion(server, extra),
      [FOLLOWED_SIGNAL]: following?.signal ?? extra.mcpReq.signal,
      [JSON_TEXT]: sink,
    };
    if (round !== undefined && following !== undefined) {
      // A retry that answers a question resumes its call: that call's request is this one from now on.
      let current = following;
      const end = await round.run(
        () => registry.dispatch(name, args, callOptions),
        following,
        (kept) => {
          kept.switchTo(relay, logs, extra.mcpReq.signal);
          current = kept;
        },
      );
      await current.close();
      if (current !== following) await following.close();
      if ('ask' in end) return end.ask as never;
      return toCallToolResult(end.outcome, listing.structured(name), sink.textOf(end.outcome));
    }
    // The SDK offers to close the stream only to a client that can resume it (2025-11-25 or later, with an event store).
    const closeSse = era === 'legacy' ? extra.http?.closeSSE : undefined;
    const polling = wiring.closeStreams;
    const keepOpen =
      closeSse === undefined || polling === undefined ? undefined : polling.clock.schedule(closeSse, polling.afterMs);
    let outcome: ToolOutcome;
    try {
      outcome = await registry.dispatch(name, args, callOptions);
    } finally {
      keepOpen?.();
    }
    if (relay !== undefined) await relay.close();
    if (logs !== undefined) await logs.close();
    return toCallToolResult(outcome, listing.structured(name), sink.textOf(outcome));
  });

  const stopEntries = hasEntries
    ? serveEntries(server, { era, identityOf, visible, registry, failed })
    : () => undefined;
  let unsubscribe: (() => void) | undefined;
  if (listChanged && era === 'legacy') {
    server.oninitialized = () => {
      unsubscribe = wiring.watch.subscribe((changes) => {
        if (changes.tools) void server.sendToolListChanged().catch(failed);
        if (changes.resources && hasEntries) void server.sendResourceListChanged().catch(failed);
        if (changes.prompts && hasEntries) void server.sendPromptListChanged().catch(failed);
      });
    };
  }
  server.onclose = () => {
    unsubscribe?.();
    stopEntries();
  };
  return server;
}

/** How long a 2026 client may keep a `tools/list` result by default, in milliseconds. */
export const DEFAULT_LIST_TTL_MS = 60_000;

/** The client's name a 2026 request carries in its `_meta` envelope, when it is a string. */
function clientName(extra: ServerContext): string | undefined {
  // Typed `{}` by the SDK's declarations: read as the record it is.
  const info = (extra.mcpReq.envelope as Record<string, unknown> | undefined)?.[CLIENT_INFO_META_KEY] as
    | { name?: unknown }
    | undefined;
  return typeof info?.name === 'string' ? info.name : undefined;
}

/** The capabilities a 2026 request's client declares in its `_meta` envelope. */
function envelopeCapabilities(extra: ServerContext): { elicitation?: unknown } | undefined {
  const capabilities = (extra.mcpReq.envelope as Record<string, unknown> | undefined)?.[CLIENT_CAPABILITIES_META_KEY];
  return typeof capabilities === 'object' && capabilities !== null ? capabilities : undefined;
}

const HOOK_FAILED = 'this request was refused because a hook of the MCP server failed';

function isThenable(value: unknown): boolean {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

function encodeCursor(offset: number): string {
  return Buffer.from(`o:${offset}`).toString('base64url');
}

function decodeCursor(cursor: string, length: number): number {
  const match = /^o:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString());
  const offset = match === null ? Number.NaN : Number(match[1]);
  if (!(offset >= 0 && offset <= length)) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      'tools/list: the cursor is not one this server gave out; list again without a cursor',
    );
  }
  return offset;
}

/** A call running as a task asks no one: its request has been answered, and nothing carries a question back. */
const askNobodyInTask: AskFunction = ({ tool, message }) => {
  throw new QuestionNotAnsweredError(
    tool,
    'cannot_ask',
    message,
    'a call running as an MCP task cannot ask: its request has been answered; call it without a task to be asked',
  );
};
