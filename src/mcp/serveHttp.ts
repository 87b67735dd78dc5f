import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest, isJSONRPCNotification, isJSONRPCRequest, type RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { PermissionSet } from '../permissions/PermissionSet.js';
import type { ToolRegistry } from '../registry/ToolRegistry.js';
import { authenticate } from './authenticate.js';
import { AvailabilityWatch } from './AvailabilityWatch.js';
import { buildServer, type ServerWiring } from './buildServer.js';
import { isLoopbackHost } from './isLoopbackHost.js';
import type { McpHttpOptions, McpHttpServer } from './McpHttpOptions.js';
import { readJsonBody } from './readJsonBody.js';
import { type Session, SessionTable } from './SessionTable.js';
import { taskRunnerFor } from './taskRunnerFor.js';

const METADATA_PATH = '/.well-known/oauth-protected-resource';

/**
 * Serves the registry over MCP Streamable HTTP: one MCP session per client, or none with
 * `stateless: true`. Bound to loopback by default, where the `Host` header is checked against
 * DNS rebinding; a foreign `Origin` is refused everywhere. A non-loopback address needs `auth`
 * (or an explicit `allowUnauthenticated`). With `auth`, every request needs a valid bearer token,
 * and its scopes decide what `tools/list` shows and `tools/call` allows.
 *
 * @example
 * const http = await serveHttp(registry, { name: 'my-tools', version: '1.0.0', port: 3000, auth });
 */
export async function serveHttp(registry: ToolRegistry, options: McpHttpOptions): Promise<McpHttpServer> {
  const host = options.host ?? '127.0.0.1';
  const endpoint = options.path ?? '/mcp';
  const loopback = isLoopbackHost(host);
  const { auth } = options;
  if (!loopback && auth === undefined) {
    if (options.allowUnauthenticated !== true) {
      throw new TypeError(
        `serveHttp: refusing to serve ${host}, which other machines can reach, without authentication; ` +
          'pass auth (or --token-env NAME on the command line), bind 127.0.0.1, or pass allowUnauthenticated: true (--allow-unauthenticated) if the network is trusted',
      );
    }
    const warning = `serveHttp: serving ${host} without authentication; anyone who can reach this port can call every tool`;
    if (options.onWarning === undefined) process.emitWarning(warning, { code: 'HERMES_MCP_UNAUTHENTICATED' });
    else options.onWarning(warning);
  }
  const idleMs = positive(options.sessionIdleMs ?? 600_000, 'sessionIdleMs');
  const maxSessions = positive(options.maxSessions ?? 1000, 'maxSessions');
  const maxBody = positive(options.maxRequestBodyBytes ?? 4 * 1024 * 1024, 'maxRequestBodyBytes');
  const allowedOrigins = new Set(options.allowedOrigins ?? []);
  const stateless = options.stateless === true;

  const sessions = new SessionTable(idleMs, maxSessions, options.onSessionClosed);
  // One task store and runner for the whole endpoint: a task outlives the request (and the session) that made it.
  const tasks = taskRunnerFor(registry, options);
  const wiring: ServerWiring = {
    watch: new AvailabilityWatch(registry, stateless ? 0 : (options.listChangedIntervalMs ?? 1000)),
    permissions: (extra) => extra.authInfo?.extra?.permissions as PermissionSet | undefined,
    ...(tasks === undefined ? {} : { tasks }),
    // Stateless and unauthenticated, no request says who sent it: every client is the same one.
    ...(stateless && auth === undefined ? { owner: () => 'anonymous' } : {}),
  };
  let allowedHosts: string[] = [];
  let metadataUrl: string | undefined;
  let metadata: string | undefined;
  // Stateless calls under way on this replica, so that a `notifications/cancelled` can reach them.
  const inflight = new Map<string, StreamableHTTPServerTransport[]>();

  const openSession = async (principal: string | undefined): Promise<Session> => {
    const id = randomUUID();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => id, onsessionclosed: () => sessions.delete(id, 'client'), maxRequestBodySize: maxBody });
    transport.onclose = () => sessions.delete(id, 'client');
    await buildServer(registry, options, wiring).connect(transport);
    const session: Session = { id, transport, principal, open: 0, lastSeen: Date.now() };
    sessions.add(session);
    options.onSessionOpened?.(id);
    return session;
  };

  const serveSession = async (req: IncomingMessage, res: ServerResponse, body: unknown, who: AuthInfo | undefined, principal: string | undefined): Promise<void> => {
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
        return reply(res, 503, `this server has its maximum of ${maxSessions} sessions open; retry later`);
      }
      session = await openSession(principal);
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
  };

  const serveStateless = async (req: IncomingMessage, res: ServerResponse, body: unknown, who: AuthInfo | undefined, principal: string | undefined): Promise<void> => {
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      return reply(res, 405, 'this MCP server is stateless: it answers POST only (no GET stream, no session to delete)');
    }
    const messages = Array.isArray(body) ? body : [body];
    if (messages.length > 0 && messages.every((m) => isJSONRPCNotification(m) && m.method === 'notifications/cancelled')) {
      for (const m of messages) {
        const requestId = (m as { params?: { requestId?: RequestId } }).params?.requestId;
        const running = requestId === undefined ? undefined : inflight.get(callKey(principal, requestId));
        // Two calls of one identity with the same request id: cancelling either could be wrong, so neither is.
        if (running?.length === 1) running[0]!.onmessage?.(m as never, { authInfo: who } as never);
      }
      res.writeHead(202).end();
      return;
    }
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, maxRequestBodySize: maxBody });
    const server = buildServer(registry, options, wiring);
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
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (metadata !== undefined && (path === METADATA_PATH || path === `${METADATA_PATH}${endpoint}`)) {
      res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'cache-control': 'max-age=3600' });
      res.end(metadata);
      return;
    }
    if (path !== endpoint) return reply(res, 404, `no MCP endpoint here; use ${endpoint}`);
    if (loopback && !allowedHosts.includes(req.headers.host ?? '')) return reply(res, 403, 'the Host header is not this server: DNS rebinding protection refused the request');
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedOrigins.has(origin)) {
      return reply(res, 403, 'this origin may not call this MCP server; add it to allowedOrigins (--allow-origin) to let its pages in');
    }
    let who: AuthInfo | undefined;
    let principal: string | undefined;
    if (auth !== undefined) {
      const checked = await authenticate(req, auth, metadataUrl);
      if (!checked.ok) {
        if (checked.challenge !== undefined) res.setHeader('www-authenticate', checked.challenge);
        return reply(res, checked.status, checked.message);
      }
      who = checked.info;
      principal = checked.principal;
    }
    let body: unknown;
    if (req.method === 'POST') {
      const read = await readJsonBody(req, maxBody);
      if (!read.ok) {
        if (read.status === 413) res.setHeader('connection', 'close');
        return reply(res, read.status, read.message, read.status === 400 ? -32700 : -32000);
      }
      body = read.value;
    }
    await (stateless ? serveStateless : serveSession)(req, res, body, who, principal);
  };

  const http = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) reply(res, 500, 'the MCP request could not be handled');
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, host, () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  const shownHost = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  allowedHosts = [`${shownHost}:${port}`, `localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`];
  const url = new URL(`http://${shownHost}:${port}${endpoint}`);
  if (auth?.resourceMetadata !== undefined) {
    const m = auth.resourceMetadata;
    const resource = m.resource ?? url.href;
    metadataUrl = new URL(`${METADATA_PATH}${new URL(resource).pathname}`, resource).href;
    metadata = JSON.stringify({
      resource,
      authorization_servers: m.authorizationServers,
      ...(m.scopesSupported === undefined ? {} : { scopes_supported: m.scopesSupported }),
      ...(m.resourceName === undefined ? {} : { resource_name: m.resourceName }),
      bearer_methods_supported: ['header'],
    });
  }

  return {
    url,
    sessions: () => sessions.size,
    async close() {
      await tasks?.close();
      await sessions.closeAll();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

function positive(value: number, name: string): number {
  if (!(Number.isFinite(value) && value > 0)) throw new TypeError(`serveHttp: ${name} must be a number greater than 0, got ${String(value)}`);
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

function reply(res: ServerResponse, status: number, message: string, code = -32000): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
