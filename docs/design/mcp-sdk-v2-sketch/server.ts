// One HTTP endpoint, both eras: legacy (2025-11-25) with sessions, modern (2026-07-28) stateless.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import {
  Server,
  createMcpHandler,
  isLegacyRequest,
  isInitializeRequest,
  inputRequired,
  acceptedContent,
  inputResponse,
  createRequestStateCodec,
  ProtocolError,
  CLIENT_INFO_META_KEY,
  ProtocolErrorCode,
  type ServerContext,
  type McpRequestContext,
  type Tool,
  type AuthInfo,
} from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport, toNodeHandler, toWebRequest } from '@modelcontextprotocol/node';

const codec = createRequestStateCodec<{ step: number; name: string }>({
  key: 'x'.repeat(32),
  ttlSeconds: 120,
  bind: (ctx) => `${ctx.mcpReq.method}\0${ctx.http?.authInfo?.clientId ?? ''}`,
});

const TOOLS: Tool[] = [
  { name: 'greet', description: 'Greets', inputSchema: { type: 'object', properties: { name: { type: 'string' } } } },
  { name: 'guarded', description: 'Asks approval first', inputSchema: { type: 'object', properties: { name: { type: 'string' } } } },
];

function describeCtx(ctx: ServerContext): string {
  return JSON.stringify({
    sessionId: ctx.sessionId ?? null,
    envelopeKeys: Object.keys(ctx.mcpReq.envelope ?? {}),
    clientInfo: (ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[CLIENT_INFO_META_KEY] ?? null,
    auth: ctx.http?.authInfo?.clientId ?? null,
    meta: ctx.mcpReq._meta ?? null,
  });
}

function build(era: 'legacy' | 'modern'): Server {
  const server = new Server(
    { name: 'both-eras', version: '1.0.0' },
    {
      capabilities: { tools: { listChanged: true } },
      cacheHints: { 'tools/list': { ttlMs: 60_000, cacheScope: 'private' } },
      requestState: { verify: (state, ctx) => codec.verify(state, ctx) },
    },
  );
  server.setRequestHandler('tools/list', async (_req, ctx) => {
    console.error(`[server ${era}] tools/list ctx=${describeCtx(ctx)} clientVersion=${server.getClientVersion()?.name}`);
    return { tools: TOOLS };
  });
  server.setRequestHandler('tools/call', async (req, ctx) => {
    const name = String((req.params.arguments as { name?: unknown } | undefined)?.name ?? 'world');
    console.error(`[server ${era}] tools/call ${req.params.name} ctx=${describeCtx(ctx)}`);
    const token = req.params._meta?.progressToken;
    if (token !== undefined)
      await ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken: token, progress: 1, total: 2 } });
    if (req.params.name === 'slow') {
      const t0 = Date.now();
      await new Promise<void>((resolve) => { const t = setTimeout(resolve, 5000); ctx.mcpReq.signal.addEventListener('abort', () => { clearTimeout(t); resolve(); }); });
      console.error(`[server ${era}] slow ended after ${Date.now() - t0}ms aborted=${ctx.mcpReq.signal.aborted} reason=${String(ctx.mcpReq.signal.reason)}`);
      return { content: [{ type: 'text', text: 'slow done' }] };
    }
    if (req.params.name === 'push') {
      try {
        const r = await ctx.mcpReq.send({ method: 'elicitation/create', params: { mode: 'form', message: 'push?', requestedSchema: { type: 'object', properties: {} } } });
        return { content: [{ type: 'text', text: `push answered ${r.action}` }] };
      } catch (e) {
        return { content: [{ type: 'text', text: `push threw: ${(e as Error).message}` }], isError: true };
      }
    }
    if (req.params.name === 'touch') {
      modern.notify.toolsChanged(); // modern: subscriptions/listen streams
      for (const s of legacyServers) void s.sendToolListChanged(); // legacy sessions: GET stream
      return { content: [{ type: 'text', text: 'touched' }] };
    }
    if (req.params.name === 'greet') return { content: [{ type: 'text', text: `Hello, ${name}! (era=${era})` }] };
    if (req.params.name === 'guarded') {
      const view = inputResponse(ctx.mcpReq.inputResponses, 'approve');
      const state = ctx.mcpReq.requestState<{ step: number; name: string }>();
      console.error(`[server ${era}] guarded: view=${JSON.stringify(view)} state=${JSON.stringify(state)}`);
      const ok = acceptedContent<{ approve?: boolean }>(ctx.mcpReq.inputResponses, 'approve');
      if (view.kind === 'missing') {
        return inputRequired({
          inputRequests: {
            approve: inputRequired.elicit({
              message: `Allow guarded(${name})?`,
              requestedSchema: { type: 'object', properties: { approve: { type: 'boolean', title: 'Allow?' } }, required: ['approve'] },
            }),
          },
          requestState: await codec.mint({ step: 1, name }, ctx),
        });
      }
      return { content: [{ type: 'text', text: ok?.approve === true ? `approved for ${state?.name} (era=${era})` : 'refused' }] };
    }
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `no tool ${req.params.name}`);
  });
  return server;
}

// Legacy leg: sessionful, as the v1 deployment was.
const legacyServers = new Set<Server>();
const sessions = new Map<string, NodeStreamableHTTPServerTransport>();
async function legacy(req: IncomingMessage & { auth?: AuthInfo }, res: ServerResponse, body: unknown): Promise<void> {
  const sid = req.headers['mcp-session-id'];
  const existing = typeof sid === 'string' ? sessions.get(sid) : undefined;
  if (existing) return existing.handleRequest(req, res, body);
  if (sid === undefined && req.method === 'POST' && isInitializeRequest(body)) {
    const transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void sessions.set(id, transport),
      onsessionclosed: (id) => void sessions.delete(id),
      maxRequestBodySize: 1 << 20,
    });
    transport.onclose = () => transport.sessionId && sessions.delete(transport.sessionId);
    const srv = build('legacy');
    legacyServers.add(srv);
    srv.onclose = () => legacyServers.delete(srv);
    await srv.connect(transport);
    return transport.handleRequest(req, res, body);
  }
  res.writeHead(sid ? 404 : 400, { 'content-type': 'application/json' }).end(
    JSON.stringify({ jsonrpc: '2.0', error: { code: sid ? -32001 : -32000, message: sid ? 'Session not found' : 'Bad Request' }, id: null }),
  );
}

// Modern leg: strict, per request.
const modern = createMcpHandler((ctx: McpRequestContext) => build(ctx.era), {
  legacy: 'reject',
  onerror: (e) => console.error('[server modern onerror]', e.message),
});
const modernNode = toNodeHandler(modern);

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? undefined : JSON.parse(text);
}

const http = createServer(async (req: IncomingMessage & { auth?: AuthInfo }, res) => {
  try {
    if (new URL(req.url ?? '/', 'http://x').pathname !== '/mcp') return void res.writeHead(404).end();
    req.auth = { token: 't', clientId: 'demo-client', scopes: [] }; // stands in for authenticate()
    if (req.method !== 'POST') return await legacy(req, res, undefined); // GET/DELETE: sessions only
    const body = await readBody(req);
    const probe = await toWebRequest(req, body);
    const isLegacy = await isLegacyRequest(probe, body);
    console.error(`[route] ${req.method} ${(body as { method?: string })?.method ?? '(batch/other)'} -> ${isLegacy ? 'legacy' : 'modern'}`);
    if (isLegacy) await legacy(req, res, body);
    else await modernNode(req, res, body);
  } catch (e) {
    console.error('[server] failed', e);
    if (!res.headersSent) res.writeHead(500).end();
  }
});
const port = Number(process.env.PORT ?? 3977);
http.listen(port, '127.0.0.1', () => console.error(`[server] http://127.0.0.1:${port}/mcp`));
