import type { McpHttpAuth } from './McpHttpAuth.js';
import type { McpServerOptions } from './McpServerOptions.js';
import type { SessionClock } from './SessionClock.js';
import type { SessionEndReason } from './SessionTable.js';

/** Options of {@link serveHttp}: the server's, plus where to listen and how to protect it. */
export interface McpHttpOptions extends McpServerOptions {
  /** TCP port; 0 picks a free one (see `McpHttpServer.url`). */
  readonly port: number;
  /** Interface to bind. Default `127.0.0.1`: only this machine can connect. */
  readonly host?: string;
  /** URL path of the MCP endpoint. Default `/mcp`. */
  readonly path?: string;
  /** Bearer-token authentication: every request needs a token that `auth.verify` accepts. */
  readonly auth?: McpHttpAuth;
  /**
   * Serve a non-loopback `host` without `auth`: anyone who can reach the port can call the tools.
   * Refused unless set; a warning is emitted when it is.
   */
  readonly allowUnauthenticated?: boolean;
  /**
   * Receives the server's warnings (serving without authentication, a request that failed). Default:
   * `process.emitWarning`, printed on stderr.
   */
  readonly onWarning?: (message: string) => void;
  /**
   * Origins (`https://app.example.com`) whose browser pages may call this server. A request with
   * any other `Origin` header gets 403. Default: none; requests without `Origin` (non-browser clients) pass.
   */
  readonly allowedOrigins?: readonly string[];
  /**
   * A session with no request under way for this long is closed, in milliseconds. An open GET stream
   * keeps it only while the token that opened it is valid: the stream ends when the token expires.
   * Default 600,000 (10 minutes).
   */
  readonly sessionIdleMs?: number;
  /** At most this many sessions at once; a new one beyond it gets 503 with `Retry-After`. Default 1,000. */
  readonly maxSessions?: number;
  /**
   * At most this many sessions per principal (with `auth`), so that one caller cannot take every
   * slot; that principal's next `initialize` gets 429 with `Retry-After`, the others are unaffected.
   * Requests without a principal are bounded by `maxSessions` only. Default: a quarter of
   * `maxSessions`, at most 10 and at least 1 (10 with the default `maxSessions`). It bounds a caller's open
   * 2026-07-28 `subscriptions/listen` streams too (those without a principal count as one caller).
   */
  readonly maxSessionsPerPrincipal?: number;
  /** Largest request body, in bytes; a larger one gets 413. Default 4 MiB. */
  readonly maxRequestBodyBytes?: number;
  /**
   * Keep no session: every POST is served by a fresh server, so any replica behind a load balancer
   * can answer any request. There is then no GET stream (`list_changed`) and no elicitation.
   */
  readonly stateless?: boolean;
  /**
   * SSE polling (2025-11-25, SEP-1699), in session mode: a `tools/call` still running after `closeAfterMs` has its
   * response stream closed, and the client, told to come back after `retryMs` (default 1000), resumes it with
   * `Last-Event-ID` on the session's GET and gets the rest there, so that long calls hold no connection. Each session
   * then keeps its recent events (at most 1,000, and 2,000,000 characters of JSON) to replay. Only clients of
   * 2025-11-25 or later, which can resume, have their streams closed. Default: off.
   */
  readonly ssePolling?: { readonly closeAfterMs: number; readonly retryMs?: number };
  /** Called when a session opens (for metrics and audit). */
  readonly onSessionOpened?: (id: string) => void;
  /** Called once when a session ends, with why: `idle`, `client` (it deleted it) or `shutdown`. */
  readonly onSessionClosed?: (id: string, reason: SessionEndReason) => void;
  /** The clock of idle and expiry, for tests. Default: the system's. @internal */
  readonly sessionClock?: SessionClock;
}

/** A running Streamable HTTP endpoint. */
export interface McpHttpServer {
  /** The endpoint's URL, e.g. `http://127.0.0.1:3000/mcp`. */
  readonly url: URL;
  /** How many sessions are open now (0 when stateless). */
  sessions(): number;
  /**
   * Stops listening, aborts the calls it runs for tasks (each such task ends `failed`, code `aborted`) and closes every
   * session.
   */
  close(): Promise<void>;
}
