import type { ServerContext } from '@modelcontextprotocol/server';
import type { SpentApprovalStore } from '../contracts/SpentApprovalStore.js';
import type { McpTaskOptions } from './McpTaskOptions.js';

/**
 * The MCP request context a `caller` hook receives: the official SDK v2's `ServerContext`. `ctx.sessionId` (2025
 * sessions), `ctx.http?.authInfo` (the verified token), `ctx.mcpReq._meta`, and on a 2026-07-28 request
 * `ctx.mcpReq.envelope` (the protocol version, client info and capabilities the request carried).
 */
export type McpRequestExtra = ServerContext;

/** Options of {@link createMcpServer}, and the server part of `serveStdio`'s and `serveHttp`'s. */
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
   * How often, in milliseconds, tool availability is checked to send `notifications/tools/list_changed`
   * (2025 sessions) and `toolsListChanged` (2026 `subscriptions/listen` streams). Default 1000; 0 turns the check off.
   */
  readonly listChangedIntervalMs?: number;
  /**
   * How long, in milliseconds, a 2026-era client may keep a `tools/list` result (its `ttlMs`). Default 60000: change
   * notices tell a listening client sooner. The list is always `cacheScope: 'private'`, since it depends on who asks.
   */
  readonly listTtlMs?: number;
  /**
   * The key that signs a 2026-era approval's `requestState` (HMAC-SHA256, at least 32 bytes). Every replica that may
   * receive a client's retry needs the same key. Default: a key made per process, which suits a single process.
   */
  readonly requestStateKey?: string | Uint8Array;
  /**
   * Where the 2026-era approvals that have answered are remembered, so that a `requestState` approves one call only.
   * Default: in this process (`MemorySpentApprovals`). Replicas that share a `requestStateKey` should share this too
   * (`RedisSpentApprovals` from `hermes-tools/queue`): otherwise a state sent again to another replica approves again
   * until it expires.
   */
  readonly spentApprovals?: SpentApprovalStore;
  /**
   * What a tool sees as `ctx.caller` for a call from this server. Default:
   * `{ via: 'mcp', client, sessionId }`, with the client's name from its `initialize` (2025) or its request's
   * envelope (2026). A hook that throws, or returns a promise, fails that request only (a JSON-RPC error naming it).
   */
  readonly caller?: (extra: McpRequestExtra) => unknown;
  /**
   * Tasks (MCP 2025-11-25) for the tools declared `@Tool({ task: 'optional' | 'required' })`:
   * where they are kept and their limits. The server offers tasks when a tool declares one or
   * when this is given; `false` turns them off, and every call is then an ordinary one.
   */
  readonly tasks?: McpTaskOptions | false;
}
