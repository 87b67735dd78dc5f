import { Controller, Delete, Get, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CallerIdentity } from '../registry/CallerIdentity.js';
import { ToolRegistry } from '../registry/ToolRegistry.js';
import type { McpEndpointOptions } from './McpEndpointOptions.js';

/**
 * A controller serving MCP Streamable HTTP, stateless, on `options.path`, behind `options.guards`.
 * The MCP SDK is loaded on the first request, so an app without `mcp` never loads it.
 * @internal
 */
export function mcpController(options: McpEndpointOptions): Function {
  const callerOf = options.caller ?? ((request: unknown): CallerIdentity => ({ caller: (request as { user?: unknown }).user }));
  const refuse = (res: ServerResponse): void => {
    res.writeHead(405, { 'content-type': 'application/json', allow: 'POST' });
    res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'this MCP endpoint is stateless: it answers POST only' }, id: null }));
  };

  @Controller(options.path ?? 'mcp')
  @UseGuards(...(options.guards ?? []))
  class McpController {
    constructor(@Inject(ToolRegistry) private readonly registry: ToolRegistry) {}

    @Post()
    @HttpCode(200)
    async post(@Req() req: IncomingMessage & { body?: unknown }, @Res() res: ServerResponse): Promise<void> {
      const [{ createMcpServer }, { StreamableHTTPServerTransport }] = await Promise.all([
        import('../mcp/createMcpServer.js'),
        import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
      ]);
      const view = await this.registry.forCaller(await callerOf(req));
      // A fresh server per request keeps no task between requests: tools run as ordinary calls here.
      const server = createMcpServer(view, { name: options.name ?? 'hermes-tools', version: options.version ?? '0.0.0', listChangedIntervalMs: 0, tasks: false });
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      await server.connect(transport);
      // The response ended or the client went away: closing the server aborts what is still running.
      res.once('close', () => void server.close().catch(() => undefined));
      await transport.handleRequest(req, res, req.body);
    }

    @Get()
    get(@Res() res: ServerResponse): void {
      refuse(res);
    }

    @Delete()
    delete(@Res() res: ServerResponse): void {
      refuse(res);
    }
  }
  return McpController;
}
