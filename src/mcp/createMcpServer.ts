import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ToolRegistry } from '../registry/ToolRegistry.js';
import type { McpRequestExtra, McpServerOptions } from './McpServerOptions.js';
import { elicitApproval } from './elicitApproval.js';
import { ProgressRelay } from './ProgressRelay.js';
import { toCallToolResult } from './toCallToolResult.js';
import { hasObjectOutput, toMcpTool } from './toMcpTool.js';

/**
 * An MCP server (the official SDK's `Server`) that lists and calls the registry's tools. Every call
 * goes through `registry.dispatch`, so guards, validation and interceptors apply as everywhere else.
 * Connect it to one transport: `await server.connect(new StdioServerTransport())`, or use
 * {@link serveStdio} / {@link serveHttp}.
 *
 * @example
 * const server = createMcpServer(container.get(ToolRegistry), { name: 'my-tools', version: '1.0.0' });
 * await server.connect(transport);
 */
export function createMcpServer(registry: ToolRegistry, options: McpServerOptions): Server {
  const pageSize = options.pageSize ?? Number.POSITIVE_INFINITY;
  if (!(pageSize >= 1)) throw new TypeError(`createMcpServer: pageSize must be a number of at least 1, got ${String(options.pageSize)}`);
  const interval = options.listChangedIntervalMs ?? 1000;
  const server = new Server(
    { name: options.name, version: options.version },
    { capabilities: { tools: { listChanged: interval > 0 } }, ...(options.instructions === undefined ? {} : { instructions: options.instructions }) },
  );

  // The listing is rebuilt only when the set of available tools changes.
  let cache: { key: string; tools: Tool[] } | undefined;
  const listing = (): { key: string; tools: Tool[] } => {
    const definitions = registry.definitions();
    const key = definitions.map((d) => d.name).join('\n');
    if (cache === undefined || cache.key !== key) cache = { key, tools: definitions.map(toMcpTool) };
    return cache;
  };

  server.setRequestHandler(ListToolsRequestSchema, (request) => {
    const { tools } = listing();
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

  const callerOf = options.caller ?? ((extra: McpRequestExtra) => ({ via: 'mcp', client: server.getClientVersion()?.name, sessionId: extra.sessionId }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name, arguments: args = {} } = request.params;
    const progressToken = request.params._meta?.progressToken;
    const relay = progressToken === undefined ? undefined : new ProgressRelay(progressToken, (params) => extra.sendNotification({ method: 'notifications/progress', params }));
    const outcome = await registry.dispatch(name, args, {
      signal: extra.signal,
      caller: callerOf(extra),
      approve: elicitApproval(server, extra),
      trace: Object.fromEntries(
        ['traceparent', 'tracestate', 'baggage'].flatMap((key) => (typeof request.params._meta?.[key] === 'string' ? [[key, request.params._meta[key]]] : [])),
      ),
      ...(relay === undefined ? {} : { onProgress: relay.report }),
    });
    await relay?.close();
    return toCallToolResult(outcome, structured(name));
  });

  if (interval > 0) {
    let timer: NodeJS.Timeout | undefined;
    server.oninitialized = () => {
      let known = listing().key;
      timer = setInterval(() => {
        const now = listing().key;
        if (now === known) return;
        known = now;
        server.sendToolListChanged().catch(() => undefined);
      }, interval);
      timer.unref();
    };
    server.onclose = () => clearInterval(timer);
  }
  return server;
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
