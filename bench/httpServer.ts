// One MCP server over Streamable HTTP on a free loopback port, for the throughput case of bench/httpThroughput.ts:
// `node build/bench/httpServer.js ours|bare|bare-2026|ours-session|bare-session` prints the URL, then serves until
// stopped. The `-session` servers keep sessions (2025-11-25): ours is serveHttp's default mode, bare the SDK's
// transport per session in a map, one McpServer each, as the SDK's own example does; the others are stateless. Each answers `tools/call` for the reference tool with a new server per request (the SDK's stateless
// pattern). `ours` serves both eras (the client's request chooses); `bare` is the SDK's 2025 transport per request,
// `bare-2026` the SDK's own `createMcpHandler`, which serves the 2026-07-28 era (and the 2025 one, statelessly).
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  NodeStreamableHTTPServerTransport as StreamableHTTPServerTransport,
  toNodeHandler,
} from '@modelcontextprotocol/node';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { Container } from 'inversify';
import { PermissionSet, ToolRegistry, toolset, toolsModule } from 'hermes-tools';
import { serveHttp } from 'hermes-tools/mcp';
import { bareMcpServer } from './bareMcpServer.js';
import { First, RefRead, Second } from './fixtures.js';

const which = process.argv[2];

if (which === 'ours' || which === 'ours-session') {
  const container = new Container();
  await container.load(
    toolsModule({ interceptors: [First, Second] }),
    toolset({ name: 'ref', tools: [RefRead], granted: PermissionSet.none().grant('fs:read') }),
  );
  const http = await serveHttp(container.get(ToolRegistry), {
    name: 'ours',
    version: '1.0.0',
    port: 0,
    stateless: which === 'ours',
  });
  process.stdout.write(`${http.url.href}\n`);
} else if (which === 'bare') {
  const http = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const server = bareMcpServer();
        const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
        res.once('close', () => void server.close());
        await server.connect(transport);
        await transport.handleRequest(req, res, JSON.parse(Buffer.concat(chunks).toString('utf8')));
      })().catch(() => {
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    });
  });
  http.listen(0, '127.0.0.1', () =>
    process.stdout.write(`http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp\n`),
  );
} else if (which === 'bare-2026') {
  const handler = toNodeHandler(createMcpHandler(() => bareMcpServer()));
  const http = createServer((req, res) => void handler(req, res));
  http.listen(0, '127.0.0.1', () =>
    process.stdout.write(`http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp\n`),
  );
} else if (which === 'bare-session') {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const serve = async (req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> => {
    const id = req.headers['mcp-session-id'];
    let transport = typeof id === 'string' ? sessions.get(id) : undefined;
    if (transport === undefined) {
      const made = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sessionId) => void sessions.set(sessionId, made),
      });
      await bareMcpServer().connect(made);
      transport = made;
    }
    await transport.handleRequest(req, res, body);
  };
  const http = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      serve(req, res, chunks.length === 0 ? undefined : JSON.parse(Buffer.concat(chunks).toString('utf8'))).catch(
        () => {
          if (!res.headersSent) res.writeHead(500);
          res.end();
        },
      );
    });
  });
  http.listen(0, '127.0.0.1', () =>
    process.stdout.write(`http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp\n`),
  );
} else {
  throw new Error('usage: node build/bench/httpServer.js ours|bare|bare-2026|ours-session|bare-session');
}
