import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { ToolRegistry } from '../registry/ToolRegistry.js';
import { createMcpServer } from './createMcpServer.js';
import type { McpServerOptions } from './McpServerOptions.js';

/** Options of {@link serveHttp}: the server's, plus where to listen. */
export interface McpHttpOptions extends McpServerOptions {
  /** TCP port; 0 picks a free one (see `McpHttpServer.url`). */
  readonly port: number;
  /** Interface to bind. Default `127.0.0.1`: only this machine can connect. */
  readonly host?: string;
  /** URL path of the MCP endpoint. Default `/mcp`. */
  readonly path?: string;
}

/** A running Streamable HTTP endpoint. */
export interface McpHttpServer {
  /** The endpoint's URL, e.g. `http://127.0.0.1:3000/mcp`. */
  readonly url: URL;
  /** Stops listening and closes every session. */
  close(): Promise<void>;
}

/**
 * Serves the registry over MCP Streamable HTTP, one MCP session (and server) per client.
 * Bound to loopback by default, with DNS-rebinding protection on: a web page cannot reach it.
 */
export async function serveHttp(registry: ToolRegistry, options: McpHttpOptions): Promise<McpHttpServer> {
  const host = options.host ?? '127.0.0.1';
  const endpoint = options.path ?? '/mcp';
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  let allowedHosts: string[] = [];

  const openSession = async (): Promise<StreamableHTTPServerTransport> => {
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => void sessions.set(id, transport),
      onsessionclosed: (id) => void sessions.delete(id),
      enableDnsRebindingProtection: isLoopback(host),
      allowedHosts,
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    await createMcpServer(registry, options).connect(transport);
    return transport;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== endpoint) return reply(res, 404, `no MCP endpoint here; use ${endpoint}`);
    const id = req.headers['mcp-session-id'];
    const existing = typeof id === 'string' ? sessions.get(id) : undefined;
    if (typeof id === 'string' && existing === undefined) return reply(res, 404, 'unknown or closed MCP session; initialize a new one');
    await (existing ?? (await openSession())).handleRequest(req, res);
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
  allowedHosts = [`${host}:${port}`, `localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`];
  const url = new URL(`http://${host.includes(':') ? `[${host}]` : host}:${port}${endpoint}`);

  return {
    url,
    async close() {
      await Promise.all([...sessions.values()].map((t) => t.close().catch(() => undefined)));
      sessions.clear();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

function isLoopback(host: string): boolean {
  return host === '127.0.0.1' || host === 'localhost' || host === '::1';
}

function reply(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}
