/**
 * The ES module entry of hermes-tools/mcp: checks that the MCP SDK's packages it uses are installed
 * (`@modelcontextprotocol/server` and `node` for serving, `@modelcontextprotocol/client` for `mcpToolset`), so
 * that an app without one fails at import with one line saying what to install, then loads
 * index.js. Its types are index.ts's; a test checks that both export the same values.
 * @internal
 */
import { loadOptionalPeers } from '../errors/loadOptionalPeers.js';

await loadOptionalPeers('hermes-tools/mcp', {
  '@modelcontextprotocol/server': '@modelcontextprotocol/server',
  '@modelcontextprotocol/node': '@modelcontextprotocol/node',
  '@modelcontextprotocol/client': '@modelcontextprotocol/client',
});
const api = await import('./index.js');

export const {
  createMcpServer,
  serveStdio,
  serveHttp,
  staticTokenAuth,
  scopesToPermissions,
  isLoopbackHost,
  toMcpTool,
  toCallToolResult,
  ERROR_META_KEY,
  MemoryTaskStore,
  MemorySpentApprovals,
  mcpToolset,
} = api;
