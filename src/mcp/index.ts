/**
 * hermes-tools/mcp: a ToolRegistry as a Model Context Protocol server, on the official SDK
 * (`@modelcontextprotocol/server` and `node` v2 to serve, `@modelcontextprotocol/client` v2 for `mcpToolset`:
 * optional peer dependencies loaded only by this entry point).
 *
 * @module hermes-tools/mcp
 */
export { createMcpServer } from './createMcpServer.js';
export { serveStdio, type McpStdioServing } from './serveStdio.js';
export { serveHttp } from './serveHttp.js';
export type { McpHttpOptions, McpHttpServer } from './McpHttpOptions.js';
export type { SessionEndReason } from './SessionTable.js';
export type { McpHttpAuth, VerifiedToken, ProtectedResourceMetadata } from './McpHttpAuth.js';
export { staticTokenAuth } from './staticTokenAuth.js';
export { scopesToPermissions } from './scopesToPermissions.js';
export { isLoopbackHost } from './isLoopbackHost.js';
export { toMcpTool } from './toMcpTool.js';
export { toCallToolResult, ERROR_META_KEY } from './toCallToolResult.js';
export type { McpServerOptions, McpRequestExtra } from './McpServerOptions.js';
export type { McpTaskOptions } from './McpTaskOptions.js';
export { MemoryTaskStore, type MemoryTaskStoreOptions } from './MemoryTaskStore.js';
export { MemorySpentApprovals, type MemorySpentApprovalsOptions } from './MemorySpentApprovals.js';
export { mcpToolset, type McpToolsetModule } from './mcpToolset.js';
export type { McpToolsetOptions, McpToolsetEvent, McpStdioServer, McpHttpServerAddress } from './McpToolsetOptions.js';
