/**
 * hermes-tools/mcp: a ToolRegistry as a Model Context Protocol server, on the official SDK
 * (`@modelcontextprotocol/sdk`, an optional peer dependency loaded only by this entry point).
 *
 * @module hermes-tools/mcp
 */
export { createMcpServer } from './createMcpServer.js';
export { serveStdio } from './serveStdio.js';
export { serveHttp, type McpHttpOptions, type McpHttpServer } from './serveHttp.js';
export { toMcpTool } from './toMcpTool.js';
export { toCallToolResult, ERROR_META_KEY } from './toCallToolResult.js';
export type { McpServerOptions, McpRequestExtra } from './McpServerOptions.js';
