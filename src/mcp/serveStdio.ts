import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { ToolRegistry } from '../registry/ToolRegistry.js';
import { createMcpServer } from './createMcpServer.js';
import type { McpServerOptions } from './McpServerOptions.js';

/**
 * Serves the registry over stdio, the transport desktop MCP clients spawn. stdout then belongs to
 * the protocol: log to stderr.
 */
export async function serveStdio(registry: ToolRegistry, options: McpServerOptions): Promise<Server> {
  const server = createMcpServer(registry, options);
  await server.connect(new StdioServerTransport());
  return server;
}
