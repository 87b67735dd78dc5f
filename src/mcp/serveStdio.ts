import { serveStdio as serveStdioEntry, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import type { Transport } from '@modelcontextprotocol/server';
import type { ToolRegistry } from '../registry/ToolRegistry.js';
import { buildServer } from './buildServer.js';
import type { McpServerOptions } from './McpServerOptions.js';
import { ownServerOptions, rejectUnknownServerOptions } from './ownServerOptions.js';
import { serverWiring } from './serverWiring.js';
import { taskRunnerFor } from './taskRunnerFor.js';

/** A connection {@link serveStdio} serves. */
export interface McpStdioServing {
  /** Ends the connection: its server closes, and the calls it runs as tasks are aborted. */
  close(): Promise<void>;
}

/**
 * Serves the registry over stdio, the transport desktop MCP clients spawn, in the protocol the client opens with:
 * `initialize` (MCP 2025-11-25 and earlier) or a 2026-07-28 request (`server/discover`, or any request carrying its
 * `_meta` envelope). stdout then belongs to the protocol: log to stderr.
 * @param transport Another stdio-framed transport (a socket, or an in-memory pair in tests); default this process's
 * stdin and stdout.
 */
export async function serveStdio(
  registry: ToolRegistry,
  given: McpServerOptions,
  transport: Transport = new StdioServerTransport(),
): Promise<McpStdioServing> {
  const options = ownServerOptions(given, 'serveStdio');
  rejectUnknownServerOptions(given, 'serveStdio');
  const tasks = taskRunnerFor(registry, options);
  const wiring = serverWiring(registry, options, 'serveStdio', tasks);
  let listening: (() => void) | undefined;
  const handle = serveStdioEntry(
    ({ era }) => {
      const server = buildServer(registry, options, wiring, era);
      // One server is pinned per connection. A 2026 client hears of list changes on its subscriptions/listen
      // streams, where the SDK routes the server's notice (a 2025 session subscribes once initialized).
      if (era === 'modern') {
        const failed = (error: unknown): void =>
          server.onerror?.(error instanceof Error ? error : new Error(String(error)));
        const tools = wiring.watch.subscribe((changes) => {
          if (changes.tools) void server.sendToolListChanged().catch(failed);
          if (changes.resources) void server.sendResourceListChanged().catch(failed);
          if (changes.prompts) void server.sendPromptListChanged().catch(failed);
        });
        // The SDK routes the notice to the listen streams that named the URI.
        const resources = registry.resourceUpdates.subscribe(
          (uri) => void server.sendResourceUpdated({ uri }).catch(failed),
        );
        listening = () => {
          tools();
          resources();
        };
      }
      // The connection's tasks can be fetched only on it: when it closes (the client went away), what they run ends.
      const closed = server.onclose;
      server.onclose = () => {
        closed?.();
        listening?.();
        wiring.approvals.close();
        void tasks?.close();
      };
      return server;
    },
    { transport },
  );
  return {
    async close() {
      listening?.();
      wiring.approvals.close();
      await tasks?.close();
      await handle.close();
    },
  };
}
