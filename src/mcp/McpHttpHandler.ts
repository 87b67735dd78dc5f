import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { NodeStreamableHTTPServerTransport, toNodeHandler } from '@modelcontextprotocol/node';
import {
  type AuthInfo,
  createMcpHandler,
  isInitializeRequest,
  isJSONRPCNotification,
  isJSONRPCRequest,
  LATEST_PROTOCOL_VERSION,
  type McpHttpHandler as ModernHandler,
  type RequestId,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/server';
import { PermissionSet } from '../permissions/PermissionSet.js';
import type { ToolRegistry } from '../registry/ToolRegistry.js';
import { buildServer, type ServerWiring } from './buildServer.js';
import { isLegacyPost } from './isLegacyPost.js';
import { SessionEventStore } from './SessionEventStore.js';
import { ownValue } from '../internal/ownValue.js';
import { MAX_TIMEOUT_MS } from '../pipeline/callTimeout.js';
import type { McpHttpOptions } from './McpHttpOptions.js';
import type { McpServerOptions } from './McpServerOptions.js';
import { ownCopy } from '../internal/ownOptions.js';
import { ownServerOptions } from './ownServerOptions.js';
import { HEADER_MISMATCH } from './paramHeaderMismatch.js';
import { repeatedMcpHeader } from './repeatedMcpHeader.js';
import { replyError as reply } from './replyError.js';
import { scheduleAt } from './scheduleAt.js';
import { type SessionClock, systemClock } from './SessionClock.js';
import { type Session, SessionTable } from './SessionTable.js';
import type { TaskRunner } from './TaskRunner.js';
import { serverWiring } from './serverWiring.js';
import { MAX_SUBSCRIPTIONS_PER_SESSION } from './serveEntries.js';
import { taskRunnerFor } from './taskRunnerFor.js';

/** What {@link McpHttpHandler} takes: the server's options and the session part of `serveHttp`'s. */
export type McpHttpHandlerOptions = McpServerOptions &
  Pick<
    McpHttpOptions,
    | 'sessionIdleMs'
    | 'maxSessions'
    | 'maxSessionsPerPrincipal'
    | 'maxRequestBodyBytes'
    | 'stateless'
    | 'ssePolling'
    | 'onSessionOpened'
    | 'onSessionClosed'
    | 'onWarning'
    | 'sessionClock'
  >;

/**
 * The MCP side of a Streamable HTTP endpoint, once the request is authenticated and its body read:
 * the sessions (each bound to the principal that opened it, at most `maxSessions` and
 * `maxSessionsPerPrincipal`, closed after `sessionIdleMs` idle, ended by DELETE, with a GET stream that
 * ends when its token expires), or with `stateless` a fresh server per POST. Options are read as own keys only.
 * `serveHttp` puts it behind its own `node:http` server, the Nest module behind a controller.
 * @internal
 */
export class McpHttpHandler {
  readonly maxBody: number;
  readonly #registry: ToolRegistry;
  readonly #options: McpHttpHandlerOptions;
  /** The server's own options, checked once: every server of the endpoint is built from them. */
  readonly #serverOptions: McpServerOptions;
  readonly #stateless: boolean;
  readonly #maxSessions: number;
  readonly #maxPerPrincipal: number;
  readonly #sessions: SessionTable;
  readonly #wiring: ServerWiring;
  /** SSE polling: when a call's stream is closed, and when its client is told to come back. */
  readonly #polling: { readonly closeAfterMs: number; readonly retryMs: number } | undefined;
  readonly #tasks: TaskRunner | undefined;
  // Stateless calls under way on this replica, so that a `notifications/cancelled` can reach them.
  readonly #inflight = new Map<string, NodeStreamableHTTPServerTransport[]>();
  /** The 2026-07-28 era: the SDK's handler, a fresh server per request, strict about the revision's headers. */
  readonly #modern: ModernHandler;
  readonly #modernNode: ReturnType<typeof toNodeHandler>;
  /** How many `subscriptions/listen` streams each principal holds open ('' for those without one). */
  readonly #listening = new Map<string, number>();
  /** Ends the modern era's subscription to availability changes; set by its first request. */
  #unwatch: (() => void) | undefined;
  /** Ends the modern era's subscription to resource changes, which listen streams naming the URI hear; likewise. */
  #unwatchResources: (() => void) | undefined;

  /**
   * @param where Names the options in errors (`serveHttp`).
   * @param identified Whether requests may come with a principal (authentication, a Nest caller): tasks then belong to
   * it, and those without one to a shared anonymous owner.
   */
  constructor(registry: ToolRegistry, given: McpHttpHandlerOptions, where: string, identified: boolean) {
    this.#registry = registry;
    // Own keys only, here and in everything handed these options: a polluted Object.prototype changes nothing.
    const options = ownCopy(given);
    this.#options = options;
    const serverOptions = ownServerOptions(options, where);
    this.#serverOptions = serverOptions;
    const idleMs = positive(options.sessionIdleMs ?? 600_000, 'sessionIdleMs', where);
    this.#maxSessions = positive(options.maxSessions ?? 1000, 'maxSessions', where);
    // By default a quarter of the slots (at most 10, at least 1): however small maxSessions is, one caller cannot take
    // them all.
    const perPrincipal =
      options.maxSessionsPerPrincipal ?? Math.max(1, Math.min(10, Math.floor(this.#maxSessions / 4)));
    this.#maxPerPrincipal = positive(perPrincipal, 'maxSessionsPerPrincipal', where);
    this.maxBody = positive(options.maxRequestBodyBytes ?? 4 * 1024 * 1024, 'maxRequestBodyBytes', where);
    this.#stateless = options.stateless === true;
    this.#polling = readPolling(options.ssePolling, this.#stateless, where);
    this.#sessions = new SessionTable({
      idleMs,
      max: this.#maxSessions,
      maxPerPrincipal: this.#maxPerPrincipal,
      clock: options.sessionClock ?? systemClock,
      ...(options.onSessionClosed === undefined ? {} : { onClosed: options.onSessionClosed }),
      onError: (message, error) => this.warn(`${where}: ${message}`, error),
    });
    // One task store and runner for the whole endpoint: a task outlives the request (and the session) that made it.
    this.#tasks = taskRunnerFor(registry, options);
    const shared = serverWiring(
      registry,
      serverOptions,
      where,
      this.#tasks,
      this.#stateless ? 0 : (options.listChangedIntervalMs ?? 1000),
    );
    this.#wiring = {
      ...shared,
      ...(this.#polling !== undefined && {
        closeStreams: { afterMs: this.#polling.closeAfterMs, clock: this.#sessions.clock },
      }),
      permissions: (extra) => extra.http?.authInfo?.extra?.permissions as PermissionSet | undefined,
      listPermissions: (extra) => extra.http?.authInfo?.extra?.listed as PermissionSet | undefined,
      // Without a session (stateless, and every 2026 request), a request with no principal (no auth, or a Nest caller
      // with none) says nothing of who sent it: every such client is the same one. Not a throwaway owner per request,
      // which would lose the task at once and escape every cap.
      owner: (extra) =>
        extra.sessionId !== undefined || (identified && typeof extra.http?.authInfo?.extra?.principal === 'string')
          ? undefined
          : ANONYMOUS,
      // That one owner's task ids are all that keeps its tasks apart: they are never listed.
      unlisted: (owner) => owner === ANONYMOUS,
      failed: (error) => this.warn(`${where}: something failed outside a request's answer`, error),
    };
    // A request the SDK refused has been answered with the reason: only what failed with nobody told is reported.
    const onerror = (error: Error): void => {
      if (!error.message.startsWith('Rejected inbound request'))
        this.warn(`${where}: a 2026-07-28 request failed outside its answer`, error);
    };
    this.#modern = createMcpHandler(({ era }) => buildServer(registry, serverOptions, this.#wiring, era), {
      legacy: 'reject',
      onerror,
      maxRequestBodySize: this.maxBody,
    });
    this.#modernNode = toNodeHandler(this.#modern, { onerror, maxRequestBodySize: this.maxBody });
  }

  /** Reports what failed with no request left to answer: to `onWarning`, else as a process warning. */
  warn(message: string, error: unknown): void {
    const text = `${message}: ${error instanceof Error ? error.message : String(error)}`;
    if (this.#options.onWarning === undefined) process.emitWarning(text, { code: 'HERMES_MCP_HTTP' });
    else this.#options.onWarning(text);
  }

  /** The clock sessions idle and tokens expire by. */
  get clock(): SessionClock {
    return this.#sessions.clock;
  }

  /** How many sessions are open now (0 when stateless). */
  get sessions(): number {
    return this.#sessions.size;
  }

  /**
   * Serves one request: `body` is its parsed JSON (POST), `who` becomes the handlers'
   * `extra.authInfo`, and a session may be used only with the `principal` that opened it.
   */
  async serve(
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
    who: AuthInfo | undefined,
    principal: string | undefined,
  ): Promise<void> {
    // The era is the SDK's own classification of the request: a POST whose body carries the 2026 envelope is modern;
    // initialize, a session's requests, GET streams and DELETE are 2025 operations.
    if (
      req.method === 'POST' &&
      body !== undefined &&
      req.headers['mcp-session-id'] === undefined &&
      !isLegacyPost(req, body)
    )
      return this.#serveModern(req, res, body, who, principal);
    return this.#stateless
      ? this.#serveStateless(req, res, body, who, principal)
      : this.#serveSession(req, res, body, who, principal);
  }

  /**
   * A 2026-07-28 request: its own server, no session; a client hears of list changes on its listen stream. A caller
   * holds at most `maxSessionsPerPrincipal` `subscriptions/listen` streams at once (those without a principal count
   * as one caller), and each ends when the token that opened it expires, as a 2025 GET stream does.
   */
  async #serveModern(
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
    who: AuthInfo | undefined,
    principal: string | undefined,
  ): Promise<void> {
    const repeated = repeatedMcpHeader(req.rawHeaders);
    if (repeated !== undefined)
      return reply(
        res,
        400,
        `Bad Request: the ${repeated.slice(0, 100)} header is sent more than once; send each Mcp-Method, Mcp-Name and Mcp-Param-* header once`,
        HEADER_MISMATCH,
      );
    if (this.#unwatch === undefined && this.#wiring.watch.intervalMs > 0)
      this.#unwatch = this.#wiring.watch.subscribe((changes) => {
        if (changes.tools) this.#modern.notify.toolsChanged();
        if (changes.resources) this.#modern.notify.resourcesChanged();
        if (changes.prompts) this.#modern.notify.promptsChanged();
      });
    this.#unwatchResources ??= this.#registry.resourceUpdates.subscribe((uri) =>
      this.#modern.notify.resourceUpdated(uri),
    );
    if (isJSONRPCRequest(body) && body.method === 'subscriptions/listen') {
      const key = principal ?? '';
      const held = this.#listening.get(key) ?? 0;
      if (held >= this.#maxPerPrincipal) {
        return reply(
          res,
          429,
          `you have ${this.#maxPerPrincipal} subscriptions/listen streams open on this server, its limit per caller (maxSessionsPerPrincipal); close one first`,
        );
      }
      const refused = await this.#narrowListen(body, who, principal);
      if (refused !== undefined) return reply(res, 400, refused);
      this.#listening.set(key, held + 1);
      res.once('close', () => {
        const left = (this.#listening.get(key) ?? 1) - 1;
        if (left === 0) this.#listening.delete(key);
        else this.#listening.set(key, left);
      });
      if (who?.expiresAt !== undefined) this.#endAt(res, who.expiresAt * 1000);
    }
    return this.#modernNode(withAuth(req, who), res, body);
  }

  /**
   * Keeps, of the resource URIs a `subscriptions/listen` request names, those its caller may read (a stream never hears
   * of a resource its caller cannot see, nor learns that one exists), and refuses more than 100. The caller's view is
   * made from the request's verified permissions and principal; a guard that denies leaves the URI out (fails closed).
   * Returns why the request is refused, or undefined.
   */
  async #narrowListen(
    body: unknown,
    who: AuthInfo | undefined,
    principal: string | undefined,
  ): Promise<string | undefined> {
    const notifications = (body as { params?: { notifications?: Record<string, unknown> } }).params?.notifications;
    const named = notifications === undefined ? undefined : ownValue(notifications, 'resourceSubscriptions');
    if (!Array.isArray(named)) return undefined;
    if (named.length > MAX_SUBSCRIPTIONS_PER_SESSION)
      return `a subscriptions/listen stream names at most ${MAX_SUBSCRIPTIONS_PER_SESSION} resources in resourceSubscriptions, got ${named.length}`;
    const permissions = who?.extra?.permissions;
    const registry = this.#registry;
    const view = registry.isCallerView
      ? registry
      : await registry.forCaller({
          caller: { via: 'mcp', ...(principal === undefined ? {} : { principal }) },
          ...(permissions instanceof PermissionSet ? { permissions } : {}),
        });
    (notifications as Record<string, unknown>).resourceSubscriptions = named.filter(
      (uri): uri is string => typeof uri === 'string' && view.hasResource(uri),
    );
    return undefined;
  }

  /**
   * Ends the calls running as tasks (marked failed, so a client waiting elsewhere hears) and those waiting for an answer,
   * then closes every session.
   */
  async close(): Promise<void> {
    this.#unwatch?.();
    this.#unwatchResources?.();
    this.#wiring.approvals.close();
    await this.#tasks?.close();
    await this.#sessions.closeAll();
    await this.#modern.close();
  }

  /** Ends a long-lived response (a GET stream, a listen stream) at `at` on the endpoint's clock, unless it ends first. */
  #endAt(res: ServerResponse, at: number): void {
    const cancel = scheduleAt(this.#sessions.clock, at, () => res.end());
    res.once('close', cancel);
  }

  /** Opens a session for `principal`, counted (and held, so never idle) before its server connects. */
  #openSession(principal: string | undefined): { session: Session; release: () => void } {
    const sessions = this.#sessions;
    const id = randomUUID();
    const polling = this.#polling;
    const transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => id,
      onsessionclosed: () => sessions.delete(id, 'client'),
      maxRequestBodySize: this.maxBody,
      ...(polling !== undefined && { eventStore: new SessionEventStore(), retryInterval: polling.retryMs }),
    });
    transport.onclose = () => sessions.delete(id, 'client');
    const session: Session = { id, transport, principal, holds: new Set(), lastSeen: sessions.clock.now() };
    sessions.add(session);
    return { session, release: sessions.enter(session) };
  }

  async #serveSession(
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
    who: AuthInfo | undefined,
    principal: string | undefined,
  ): Promise<void> {
    const sessions = this.#sessions;
    const id = req.headers['mcp-session-id'];
    let session: Session;
    let done: () => void;
    if (typeof id === 'string') {
      const found = sessions.get(id);
      if (found === undefined) return reply(res, 404, 'unknown or closed MCP session; initialize a new one');
      // Compared as they are, `undefined` included: a request without a principal never uses a principal's session.
      if (found.principal !== principal)
        return reply(res, 403, 'this MCP session was opened with another identity; initialize a session of your own');
      session = found;
      // A GET stream holds its session only while the token that opened it is valid, and ends when it expires.
      const until =
        req.method === 'GET' && who?.expiresAt !== undefined ? who.expiresAt * 1000 : Number.POSITIVE_INFINITY;
      done = sessions.enter(session, until);
      if (Number.isFinite(until)) this.#endAt(res, until);
    } else {
      if (req.method !== 'POST' || !isInitializeRequest(body))
        return reply(res, 400, 'no Mcp-Session-Id header: send initialize first, then pass the session id it returns');
      if (sessions.fullFor(principal)) {
        res.setHeader('retry-after', String(sessions.retryAfterSeconds(principal)));
        return reply(
          res,
          429,
          `you have ${this.#maxPerPrincipal} MCP sessions open on this server, its limit per caller (maxSessionsPerPrincipal); end one (DELETE) or retry later`,
        );
      }
      if (sessions.full) {
        res.setHeader('retry-after', String(sessions.retryAfterSeconds()));
        return reply(res, 503, `this server has its maximum of ${this.#maxSessions} sessions open; retry later`);
      }
      ({ session, release: done } = this.#openSession(principal));
      session.version = negotiatedVersion(body);
      try {
        await buildServer(this.#registry, this.#serverOptions, this.#wiring, 'legacy').connect(session.transport);
      } catch (error) {
        done();
        sessions.delete(session.id, 'client');
        throw error;
      }
      this.#options.onSessionOpened?.(session.id);
    }
    res.once('close', done);
    // A session speaks the version it negotiated: a later request whose header names an older one (as the conformance
    // suite's SSE polling scenario sends) is served as the session's, priming event and resumption included.
    const version = req.headers['mcp-protocol-version'];
    if (session.version !== undefined && typeof version === 'string' && version < session.version)
      if (SUPPORTED_PROTOCOL_VERSIONS.includes(version)) req.headers['mcp-protocol-version'] = session.version;
    try {
      await session.transport.handleRequest(withAuth(req, who), res, body);
    } finally {
      // A new session whose initialize failed holds nothing: it goes at once.
      if (session.transport.sessionId === undefined) {
        sessions.delete(session.id, 'client');
        await session.transport
          .close()
          .catch((error: unknown) => this.warn(`closing MCP session ${session.id} failed`, error));
      }
    }
  }

  async #serveStateless(
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
    who: AuthInfo | undefined,
    principal: string | undefined,
  ): Promise<void> {
    const inflight = this.#inflight;
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      return reply(
        res,
        405,
        'this MCP server is stateless: it answers POST only (no GET stream, no session to delete)',
      );
    }
    const messages = Array.isArray(body) ? body : [body];
    if (
      messages.length > 0 &&
      messages.every((m) => isJSONRPCNotification(m) && m.method === 'notifications/cancelled')
    ) {
      // With no principal, nothing says whose call a request id names (every client counts from 0): one
      // client's late cancel would stop another's call. Such calls end when their request does.
      if (principal === undefined) {
        res.writeHead(202).end();
        return;
      }
      for (const m of messages) {
        const requestId = (m as { params?: { requestId?: RequestId } }).params?.requestId;
        const running = requestId === undefined ? undefined : inflight.get(callKey(principal, requestId));
        // Two calls of one identity with the same request id: cancelling either could be wrong, so neither is.
        if (running?.length === 1) running[0]!.onmessage?.(m as never, { authInfo: who } as never);
      }
      res.writeHead(202).end();
      return;
    }
    const transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      maxRequestBodySize: this.maxBody,
    });
    const server = buildServer(this.#registry, this.#serverOptions, this.#wiring, 'legacy');
    await server.connect(transport);
    const keys = messages
      .filter((m) => isJSONRPCRequest(m) && m.method === 'tools/call')
      .map((m) => callKey(principal, (m as { id: RequestId }).id));
    for (const key of keys) inflight.set(key, [...(inflight.get(key) ?? []), transport]);
    // The response ended or the client went away: closing the server aborts what is still running.
    res.once('close', () => {
      for (const key of keys) {
        const left = (inflight.get(key) ?? []).filter((t) => t !== transport);
        if (left.length === 0) inflight.delete(key);
        else inflight.set(key, left);
      }
      server.close().catch((error: unknown) => this.warn('closing a stateless MCP server failed', error));
    });
    await transport.handleRequest(withAuth(req, who), res, body);
  }
}

/** The owner of every task made by a stateless request without a principal. */
const ANONYMOUS = 'anonymous';

function positive(value: number, name: string, where: string): number {
  if (!(Number.isFinite(value) && value > 0))
    throw new TypeError(`${where}: ${name} must be a number greater than 0, got ${String(value)}`);
  return value;
}

function callKey(principal: string | undefined, id: RequestId): string {
  return `${principal ?? ''}\n${typeof id}:${String(id)}`;
}

/**
 * The request as the SDK's transport reads it: `req.auth` becomes the handlers' `extra.authInfo`.
 * Always an own key, `undefined` included, so that a polluted `Object.prototype.auth` is never read as one.
 */
function withAuth(req: IncomingMessage, info: AuthInfo | undefined): IncomingMessage & { auth?: AuthInfo } {
  (req as IncomingMessage & { auth?: AuthInfo }).auth = info;
  return req;
}

/** `ssePolling` read and checked: it needs sessions, and whole milliseconds. */
function readPolling(
  given: McpHttpOptions['ssePolling'],
  stateless: boolean,
  where: string,
): { readonly closeAfterMs: number; readonly retryMs: number } | undefined {
  if (given === undefined) return undefined;
  if (stateless)
    throw new TypeError(
      `${where}: ssePolling needs sessions (a stateless server has no GET stream to resume on); leave one of them out`,
    );
  const closeAfterMs = ownValue(given, 'closeAfterMs');
  const retryMs = ownValue(given, 'retryMs') ?? 1000;
  for (const [name, value] of [
    ['closeAfterMs', closeAfterMs],
    ['retryMs', retryMs],
  ] as const) {
    if (!(Number.isSafeInteger(value) && (value as number) > 0 && (value as number) <= MAX_TIMEOUT_MS))
      throw new TypeError(
        `${where}: ssePolling.${name} must be a whole number of milliseconds, from 1 to ${MAX_TIMEOUT_MS}`,
      );
  }
  return { closeAfterMs: closeAfterMs as number, retryMs };
}

/**
 * The version an `initialize` negotiates: the one it asks for when this server speaks it, else the latest of the
 * 2025 era (what the SDK answers).
 */
function negotiatedVersion(body: unknown): string {
  const asked = (body as { params?: { protocolVersion?: unknown } }).params?.protocolVersion;
  return typeof asked === 'string' && SUPPORTED_PROTOCOL_VERSIONS.includes(asked) ? asked : LATEST_PROTOCOL_VERSION;
}
