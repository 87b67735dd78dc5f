import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { McpTaskOptions } from './McpTaskOptions.js';

/** The MCP request context a `caller` function receives. */
export type McpRequestExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** Options of {@link createMcpServer}. */
export interface McpServerOptions {
  /** The server's name, shown to clients. */
  readonly name: string;
  /** The server's version, shown to clients. */
  readonly version: string;
  /** Text the client may add to its model's system prompt. */
  readonly instructions?: string;
  /**
   * Tools per `tools/list` page. Default: all in one page, because many clients read only the
   * first page. Set it when a client pages properly and the list is large.
   */
  readonly pageSize?: number;
  /**
   * How often, in milliseconds, tool availability is checked to send `notifications/tools/list_changed`.
   * Default 1000; 0 turns the check off.
   */
  readonly listChangedIntervalMs?: number;
  /**
   * What a tool sees as `ctx.caller` for a call from this server. Default:
   * `{ via: 'mcp', client, sessionId }`, with the client's name from its `initialize`. A hook
   * that throws, or returns a promise, fails that request only (a JSON-RPC error naming it).
   */
  readonly caller?: (extra: McpRequestExtra) => unknown;
  /**
   * Tasks (MCP 2025-11-25) for the tools declared `@Tool({ task: 'optional' | 'required' })`:
   * where they are kept and their limits. The server offers tasks when a tool declares one or
   * when this is given; `false` turns them off, and every call is then an ordinary one.
   */
  readonly tasks?: McpTaskOptions | false;
}
