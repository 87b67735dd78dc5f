import type { CanActivate, Type } from '@nestjs/common';
import type { SpentApprovalStore } from '../contracts/SpentApprovalStore.js';
import type { McpTaskOptions } from '../mcp/McpTaskOptions.js';
import type { SessionEndReason } from '../mcp/SessionTable.js';
import type { McpCallerIdentity } from './McpCallerIdentity.js';

/**
 * The MCP endpoint `forRoot({ mcp })` serves on the Nest app's own HTTP server (Express adapter):
 * Streamable HTTP with sessions, as `serveHttp`, or with `stateless: true` a fresh server per POST.
 * Authentication is the app's: its Nest guards, then `caller(request)`.
 */
export interface McpEndpointOptions {
  /** The route. Default `/mcp`. */
  readonly path?: string;
  /** The server's name, shown to clients. Default `hermes-tools`. */
  readonly name?: string;
  /** The server's version, shown to clients. Default `0.0.0`. */
  readonly version?: string;
  /** Text the client may add to its model's system prompt. */
  readonly instructions?: string;
  /** Tools per `tools/list` page. Default: all in one page. */
  readonly pageSize?: number;
  /** Nest guards on the route (a JWT guard that puts the user on the request, say); global guards apply too. */
  readonly guards?: readonly (Type<CanActivate> | CanActivate)[];
  /**
   * Who the request is, once the guards have passed, asked on every request: `tools/list` shows and
   * `tools/call` allows what this caller may call, and a session is bound to its `principal`.
   * Default: `{ caller: request.user }`. A Nest `HttpException` thrown here is answered by Nest.
   */
  readonly caller?: (request: unknown) => McpCallerIdentity | Promise<McpCallerIdentity>;
  /**
   * Keep no session: every POST is served by a fresh server, so any replica can answer any request.
   * There is then no GET stream (`list_changed`), no elicited approval, and GET and DELETE get 405.
   * Default `false`: sessions, as `serveHttp`.
   */
  readonly stateless?: boolean;
  /** A session with no request for this long is closed, in milliseconds. Default 600,000 (10 minutes). */
  readonly sessionIdleMs?: number;
  /** At most this many sessions at once; a new one beyond it gets 503 with `Retry-After`. Default 1,000. */
  readonly maxSessions?: number;
  /**
   * At most this many sessions per principal (the `principal` that `caller` names), so that one caller cannot take
   * every slot; its next `initialize` gets 429 with `Retry-After`. Default: a quarter of `maxSessions`, 1 to 10.
   */
  readonly maxSessionsPerPrincipal?: number;
  /**
   * How often, in milliseconds, sessions are told `tools/list_changed` when availability changes. Default 1000; 0 turns
   * it off.
   */
  readonly listChangedIntervalMs?: number;
  /**
   * Origins (`https://app.example.com`) whose browser pages may call the endpoint. A request with
   * any other `Origin` header gets 403. Default: none; requests without `Origin` (non-browser clients) pass.
   */
  readonly allowedOrigins?: readonly string[];
  /**
   * How long, in milliseconds, a 2026-era client may keep a `tools/list` result (its `ttlMs`). Default 60000. The list
   * is always `cacheScope: 'private'`, since it depends on who asks.
   */
  readonly listTtlMs?: number;
  /**
   * The key that signs a 2026-era approval's `requestState` (HMAC-SHA256, at least 32 bytes). Every replica that may
   * receive a client's retry needs the same key. Default: a key made per process, which suits a single process.
   */
  readonly requestStateKey?: string | Uint8Array;
  /**
   * Where the 2026-era approvals that have answered are remembered, so that a `requestState` approves one call only.
   * Default: in this process. Replicas sharing a `requestStateKey` should share it (`RedisSpentApprovals`).
   */
  readonly spentApprovals?: SpentApprovalStore;
  /**
   * Tasks for the tools declared `@Tool({ task: 'optional' | 'required' })`: where they are kept (a `RedisTaskStore`,
   * for replicas) and their limits, as `serveHttp`'s. `false` turns them off.
   */
  readonly tasks?: McpTaskOptions | false;
  /** Called when a session opens (for metrics and audit). */
  readonly onSessionOpened?: (id: string) => void;
  /** Called once when a session ends, with why: `idle`, `client` (it deleted it) or `shutdown` (the app closing). */
  readonly onSessionClosed?: (id: string, reason: SessionEndReason) => void;
}
