import type { Logger } from '../contracts/Logger.js';
import type { PermissionSet } from '../permissions/PermissionSet.js';
import type { GuardLike } from '../contracts/ToolGuard.js';
import type { InterceptorLike } from '../contracts/ToolMiddleware.js';

/** A server spawned as a child process and spoken to over its stdin and stdout. */
export interface McpStdioServer {
  readonly command: string;
  readonly args?: readonly string[];
  /** The child's environment. Default: the SDK's safe subset of this process's (`PATH`, `HOME`…). */
  readonly env?: Readonly<Record<string, string>>;
  /** The child's working directory. Default: this process's. */
  readonly cwd?: string;
  /** The child's stderr: shown on this process's (default) or dropped. */
  readonly stderr?: 'inherit' | 'ignore';
}

/** A server reached over Streamable HTTP. */
export interface McpHttpServerAddress {
  readonly url: string | URL;
  /** Sent with every request, e.g. `{ Authorization: 'Bearer …' }`. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** What happened to a remote toolset's connection, for logs and tests. */
export type McpToolsetEvent =
  | {
      readonly type: 'connected';
      readonly toolset: string;
      readonly tools: readonly string[];
      /** The revision spoken: `2026-07-28` (stateless) or a 2025 one. */
      readonly protocolVersion: string;
      readonly pid?: number;
    }
  | { readonly type: 'disconnected'; readonly toolset: string; readonly reason: string; readonly retryInMs: number }
  | { readonly type: 'reconnect_failed'; readonly toolset: string; readonly reason: string; readonly retryInMs: number }
  | {
      /**
       * The server's resources, templates and prompts were listed again (it said they changed, or it reconnected):
       * what is imported now, by local URI (or URI template) and local prompt name.
       */
      readonly type: 'entries_changed';
      readonly toolset: string;
      readonly resources: readonly string[];
      readonly prompts: readonly string[];
    }
  | {
      readonly type: 'tools_changed';
      readonly toolset: string;
      /**
       * Registered tools the server no longer offers as registered: gone, or with another input schema. Unavailable
       * until it offers them again.
       */
      readonly unavailable: readonly string[];
      /** Tools the server now offers that were not registered: registered now, in the running registry. */
      readonly added: readonly string[];
      /**
       * Tools the server now offers that are left out, with a warning to the logger: a schema beyond the limits or
       * the local model, or a name another tool holds.
       */
      readonly refused: readonly string[];
      /** Registered tools the server now lists otherwise (schema, hints, description): compiled again. */
      readonly changed: readonly string[];
    };

/** Options of `mcpToolset`. */
export interface McpToolsetOptions {
  /** The toolset's name: the default prefix (`<name>.`) and permission (`<name>:call`). */
  readonly name: string;
  readonly server: McpStdioServer | McpHttpServerAddress;
  /** What this toolset's tools may do: the ceiling of every call, as for `toolset`. */
  readonly granted: PermissionSet;
  /** Put before each remote tool's name. Default: `<name>.`. */
  readonly prefix?: string;
  /**
   * Whether the server's resources, resource templates and prompts are imported beside its tools (when it offers them),
   * under the same grant, permission, guards, interceptors and limits. A resource is served at `uriPrefix` followed by
   * its own URI, a template likewise, a prompt as `prefix` followed by its name: two remotes never share one. They are
   * listed again when the server says they changed, and when it reconnects. Default: true.
   */
  readonly entries?: boolean;
  /** What is put before the URIs of the server's imported resources and templates. Default: `mcp-remote://<name>/`. */
  readonly uriPrefix?: string;
  /** What each remote tool requires. Default: `['<name>:call']`. */
  readonly permissions?: readonly string[];
  /**
   * Time limit of one call, in milliseconds: the tools' `timeoutMs`. Default: the module's, and
   * never more than 60,000 (the MCP SDK's default): a remote call that never answers ends as a `timeout`.
   */
  readonly timeoutMs?: number;
  /**
   * Remote tools (named as the server names them, without the prefix) to treat as read-only, whatever
   * their hints say: not destructive, so no approval by default. The server's own hints are its
   * claims: a tool it does not mark `readOnlyHint` or `destructiveHint: false` is handled as
   * `destructive: true`, as the MCP spec reads a missing hint.
   */
  readonly trustReadOnly?: readonly string[];
  /** Bounds on what the server may list; see each default. */
  readonly limits?: {
    /** Most tools registered; those listed after are dropped, with a warning. Default 1,000. */
    readonly maxTools?: number;
    /**
     * Most characters of JSON that the tools of one listing may hold together; the tools listed after are dropped,
     * with a warning, and no further page is asked for. Taking a listing holds the event loop for a time that grows
     * with its size. Default 5,000,000.
     */
    readonly maxListingChars?: number;
    /** Longest description, in characters; a longer one is clipped with a marker. Default 10,000. */
    readonly maxDescriptionChars?: number;
    /**
     * Largest input schema, in characters of JSON; a tool with a larger one is refused, with a warning. Default
     * 100,000.
     */
    readonly maxSchemaChars?: number;
    /** Most values of one `enum`; a tool with a longer one is refused, with a warning. Default 1,000. */
    readonly maxEnumValues?: number;
    /**
     * Time, in milliseconds, that checking the `pattern`s of one listing may take: each pattern not seen before is
     * analysed for super-linear backtracking, which holds the event loop (up to about half a second for a bad one).
     * A tool whose pattern is left unchecked when the time is spent is refused (at load, the load fails), and tried
     * again at the next listing. Default 500.
     */
    readonly maxPatternCheckMs?: number;
  };
  /** Told of the tools dropped or refused, and of a failing `onEvent`. Default: silent. */
  readonly logger?: Logger;
  /** Guard every remote tool, after the module's guards. */
  readonly guards?: readonly GuardLike[];
  /** Wrap every remote tool, inside the module's interceptors. */
  readonly interceptors?: readonly InterceptorLike[];
  /** Time limit of the first connection (spawn, initialize, list), in milliseconds. Default: 30,000. */
  readonly connectTimeoutMs?: number;
  /** Delays between reconnection attempts: doubling from `initialMs` (default 250) up to `maxMs` (default 30,000). */
  readonly reconnect?: { readonly initialMs?: number; readonly maxMs?: number };
  /** Told of connections, disconnections and changes of the remote's tool list. */
  readonly onEvent?: (event: McpToolsetEvent) => void;
  /**
   * Which MCP revision to speak. `'auto'` (default): ask with `server/discover` and speak 2026-07-28 (stateless) to a
   * server that answers, 2025-11-25 (`initialize`) to one that does not; over stdio the question costs one short-lived
   * extra spawn of the server. `'legacy'`: 2025-11-25 only, no question. `'modern'`: 2026-07-28 only; a server
   * without it fails the load.
   */
  readonly protocol?: 'auto' | 'legacy' | 'modern';
}
