import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest, isJSONRPCNotification, isJSONRPCRequest, type RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { PermissionSet } from '../permissions/PermissionSet.js';
import type { ToolRegistry } from '../registry/ToolRegistry.js';
import { AvailabilityWatch } from './AvailabilityWatch.js';
import { buildServer, type ServerWiring } from './buildServer.js';
import type { McpHttpOptions } from './McpHttpOptions.js';
import type { McpServerOptions } from './McpServerOptions.js';
import { replyError as reply } from './replyError.js';
import { type Session, SessionTable } from './SessionTable.js';
import type { TaskRunner } from './TaskRunner.js';
import { taskRunnerFor } from './taskRunnerFor.js';

/** What {@link McpHttpHandler} takes: the server's options and the session part of `serveHttp`'s. */
export type McpHttpHandlerOptions = McpServerOptions &
  Pick<McpHttpOptions, 'sessionIdleMs' | 'maxSessions' | 'maxRequestBodyBytes' | 'stateless' | 'onSessionOpened' | 'onSessionClosed'>;

/**
 * The MCP side of a Streamable HTTP endpoint, once the request is authenticated and its body read:
 * the sessions (each bound to the principal that opened it, at most `maxSessions`, closed after
 * `sessionIdleMs` idle, ended by DELETE, with a GET stream), or with `stateless` a fresh server per
 * POST. `serveHttp` puts it behind its own `node:http` server, the Nest module behind a controller.
 * @internal
 */
export class McpHttpHandler {
  readonly maxBody: number;
  readonly #registry: ToolRegistry;
  readonly #options: McpHttpHandlerOptions;
  readonly #stateless: boolean;
  readonly #maxSessions: number;
  readonly #sessions: SessionTable;
  readonly #wiring: ServerWiring;
  readonly #tasks: TaskRunner | undefined;
  // Stateless calls under way on this replica, so that a `notifications/cancelled` can reach them.
  readonly #inflight = new Map<string, StreamableHTTPServerTransport[]>();

  /**
   * @param where Names the options in errors (`serveHttp`).
   * @param identified Whether requests may come with a principal (authentication, a Nest caller): tasks then belong to it, and those without one to a shared anonymous owner.
   */
  constructor(registry: ToolRegistry, options: McpHttpHandlerOptions, where: string, identified: boolean) {
    this.#registry = registry;
    this.#options = options;
    const idleMs = positive(options.sessionIdleMs ?? 600_000, 'sessionIdleMs', where);
    this.#maxSessions = positive(options.maxSessions ?? 1000, 'maxSessions', where);
    this.maxBody = positive(options.maxRequestBodyBytes ?? 4 * 1024 * 1024, 'maxRequestBodyBytes', where);
    this.#stateless = options.stateless === true;
    this.#sessions = new SessionTable(idleMs, this.#maxSessions, options.onSessionClosed);
    // One task store and runner for the whole endpoint: a task outlives the request (and the session) that made it.
    this.#tasks = taskRunnerFor(registry, options);
    this.#wiring = {
      watch: new AvailabilityWatch(registry, this.#stateless ? 0 : (options.listChangedIntervalMs ?? 1000)),
      permissions: (extra) => extra.authInfo?.extra?.permissions as PermissionSet | undefined,
      ...(this.#tasks === undefined ? {} : { tasks: this.#tasks }),
      // Stateless, a request with no principal (no auth, or a Nest caller with none) says nothing of who sent it: every such
      // client is the same one. Not a throwaway owner per request, which would lose the task at once and escape every cap.
      ...(this.#stateless ? { owner: (extra) => (identified && typeof extra.authInfo?.extra?.principal === 'string' ? undefined : ANONYMOUS) } : {}),
      // That one owner's task ids are all that keeps its tasks apart: they are never listed.
      unlisted: (owner) => owner === ANONYMOUS,
    };
  }

  /** How many sessions are open now (0 when stateless). */
  get sessions(): number {
    return this.#sessions.size;
  }

  /**
   * Serves one request: `body` is its parsed JSON (POST), `who` becomes the handlers'
   * `extra.authInfo`, and a session may be used only with the `principal` that opened it.
   */
  serve(req: IncomingMessage, res: ServerResponse, body: unknown, who: AuthInfo | undefined, principal: string | undefined): Promise<void> {
    return this.#stateless ? this.#serveStateless(req, res, body, who, principal) : this.#serveSession(req, res, body, who, principal);
  }

  /** Ends the calls running as tasks (marked failed, so a client waiting elsewhere hears), then closes every session. */
  async close(): Promise<void> {
    await this.#tasks?.close();
    await this.#sessions.closeAll();
  }

  async #openSession(principal: string | undefined): Promise<Session> {
    const sessions = this.#sessions;
    const id = randomUUID();
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => id,
      onsessionclosed: () => sessions.delete(id, 'client'),
      maxRequestBodySize: this.maxBody,
    });
    transport.onclose = () => sessions.delete(id, 'client');
    await buildServer(this.#registry, this.#options, this.#wiring).connect(transport);
    const session: Session = { id, transport, principal, open: 0, lastSeen: Date.now() };
    sessions.add(session);
    this.#options.onSessionOpened?.(id);
    return session;
  }

  async #serveSession(req: IncomingMessage, res: ServerResponse, body: unknown, who: AuthInfo | undefined, principal: string | undefined): Promise<void> {
    const sessions = this.#sessions;
    const id = req.headers['mcp-session-id'];
    let session: Session | undefined;
    if (typeof id === 'string') {
      session = sessions.get(id);
      if (session === undefined) return reply(res, 404, 'unknown or closed MCP session; initialize a new one');
      if (session.principal !== principal) return reply(res, 403, 'this MCP session was opened with another identity; initialize a session of your own');
    } else {
      if (req.method !== 'POST' || !isInitializeRequest(body)) return reply(res, 400, 'no Mcp-Session-Id header: send initialize first, then pass the session id it returns');
      if (sessions.full) {
        res.setHeader('retry-after', String(sessions.retryAfterSeconds()));
        return reply(res, 503, `this server has its maximum of ${this.#maxSessions} sessions open; retry later`);
      }
      session = await this.#openSession(principal);
    }
    const done = sessions.enter(session);
    res.once('close', done);
    try {
      await session.transport.handleRequest(withAuth(req, who), res, body);
    } finally {
      // A new session whose initialize failed holds nothing: it goes at once.
      if (session.transport.sessionId === undefined) {
        sessions.delete(session.id, 'client');
        await session.transport.close().catch(() => undefined);
      }
    }
  }

  async #serveStateless(req: IncomingMessage, res: ServerResponse, body: unknown, who: AuthInfo | undefined, principal: string | undefined): Promise<void> {
    const inflight = this.#inflight;
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      return reply(res, 405, 'this MCP server is stateless: it answers POST only (no GET stream, no session to delete)');
    }
    const messages = Array.isArray(body) ? body : [body];
    if (messages.length > 0 && messages.every((m) => isJSONRPCNotification(m) && m.method === 'notifications/cancelled')) {
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
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, maxRequestBodySize: this.maxBody });
    const server = buildServer(this.#registry, this.#options, this.#wiring);
    await server.connect(transport);
    const keys = messages.filter((m) => isJSONRPCRequest(m) && m.method === 'tools/call').map((m) => callKey(principal, (m as { id: RequestId }).id));
    for (const key of keys) inflight.set(key, [...(inflight.get(key) ?? []), transport]);
    // The response ended or the client went away: closing the server aborts what is still running.
    res.once('close', () => {
      for (const key of keys) {
        const left = (inflight.get(key) ?? []).filter((t) => t !== transport);
        if (left.length === 0) inflight.delete(key);
        else inflight.set(key, left);
      }
      server.close().catch(() => undefined);
    });
    await transport.handleRequest(withAuth(req, who), res, body);
  }
}

/** The owner of every task made by a stateless request without a principal. */
const ANONYMOUS = 'anonymous';

function positive(value: number, name: string, where: string): number {
  if (!(Number.isFinite(value) && value > 0)) throw new TypeError(`${where}: ${name} must be a number greater than 0, got ${String(value)}`);
  return value;
}

function callKey(principal: string | undefined, id: RequestId): string {
  return `${principal ?? ''}\n${typeof id}:${String(id)}`;
}

/** The request as the SDK's transport reads it: `req.auth` becomes the handlers' `extra.authInfo`. */
function withAuth(req: IncomingMessage, info: AuthInfo | undefined): IncomingMessage & { auth?: AuthInfo } {
  if (info !== undefined) (req as IncomingMessage & { auth?: AuthInfo }).auth = info;
  return req;
}
