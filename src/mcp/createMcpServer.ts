import type { Server } from '@modelcontextprotocol/server';
import type { ToolRegistry } from '../registry/ToolRegistry.js';
import { buildServer } from './buildServer.js';
import type { McpServerOptions } from './McpServerOptions.js';
import { ownServerOptions, rejectUnknownServerOptions } from './ownServerOptions.js';
import { serverWiring } from './serverWiring.js';
import { taskRunnerFor } from './taskRunnerFor.js';

/**
 * An MCP server (the official SDK v2's `Server`) that lists and calls the registry's tools, for one connection you
 * wire by hand: `await server.connect(transport)`. Such a connection speaks the 2025 protocol (`initialize`, MCP
 * 2025-11-25 and earlier), as the SDK serves every hand-wired one; {@link serveStdio} and {@link serveHttp} serve the
 * 2026-07-28 revision too, choosing per connection or per request.
 * Every call goes through `registry.dispatch`, so guards, validation and interceptors apply as everywhere else;
 * `tools/list` shows only the tools the caller may call (`registry.forCaller`). Tools declared
 * `@Tool({ task })` can run as MCP tasks, kept in `options.tasks.store` (in memory by default).
 *
 * @example
 * const server = createMcpServer(container.get(ToolRegistry), { name: 'my-tools', version: '1.0.0' });
 * await server.connect(transport);
 */
export function createMcpServer(registry: ToolRegistry, given: McpServerOptions): Server {
  // Own keys only, and no others: a polluted Object.prototype sets no option, and a misspelt one is not ignored.
  const options = ownServerOptions(given, 'createMcpServer');
  rejectUnknownServerOptions(given, 'createMcpServer');
  const tasks = taskRunnerFor(registry, options);
  const server = buildServer(registry, options, serverWiring(registry, options, 'createMcpServer', tasks), 'legacy');
  if (tasks !== undefined) {
    // The connection's tasks can be fetched only on it: when it closes, what they run is aborted.
    const closed = server.onclose;
    server.onclose = () => {
      closed?.();
      void tasks.close();
    };
  }
  return server;
}
