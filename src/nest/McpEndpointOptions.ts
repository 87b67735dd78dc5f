import type { CanActivate, Type } from '@nestjs/common';
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
  /** Called when a session opens (for metrics and audit). */
  readonly onSessionOpened?: (id: string) => void;
  /** Called once when a session ends, with why: `idle`, `client` (it deleted it) or `shutdown` (the app closing). */
  readonly onSessionClosed?: (id: string, reason: SessionEndReason) => void;
}
