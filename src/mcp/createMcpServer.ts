import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { ToolRegistry } from '../registry/ToolRegistry.js';
import { AvailabilityWatch } from './AvailabilityWatch.js';
import { buildServer } from './buildServer.js';
import type { McpServerOptions } from './McpServerOptions.js';
import { ownServerOptions, rejectUnknownServerOptions } from './ownServerOptions.js';
import { taskRunnerFor } from './taskRunnerFor.js';

/**
 * An MCP server (the official SDK's `Server`) that lists and calls the registry's tools. Every call
 * goes through `registry.dispatch`, so guards, validation and interceptors apply as everywhere else;
 * `tools/list` shows only the tools the caller may call (`registry.forCaller`). Tools declared
 * `@Tool({ task })` can run as MCP tasks, kept in `options.tasks.store` (in memory by default).
 * Connect it to one transport: `await server.connect(new StdioServerTransport())`, or use
 * {@link serveStdio} / {@link serveHttp}.
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
  const server = buildServer(registry, options, {
    watch: new AvailabilityWatch(registry, options.listChangedIntervalMs ?? 1000),
    ...(tasks === undefined ? {} : { tasks }),
  });
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
