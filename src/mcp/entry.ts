/**
 * The ES module entry of hermes-tools/mcp: checks that `@modelcontextprotocol/sdk` is installed, so
 * that an app without it fails at import with one line saying what to install, then loads
 * index.js. Its types are index.ts's; a test checks that both export the same values.
 * @internal
 */
import { loadOptionalPeers } from '../errors/loadOptionalPeers.js';

await loadOptionalPeers('hermes-tools/mcp', { '@modelcontextprotocol/sdk': '@modelcontextprotocol/sdk/types.js' });
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
  mcpToolset,
} = api;
