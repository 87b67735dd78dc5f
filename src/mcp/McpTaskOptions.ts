import type { TaskStore } from '../contracts/TaskStore.js';

/** `McpServerOptions.tasks`: how the server keeps the tasks of tools declared `@Tool({ task })`. */
export interface McpTaskOptions {
  /**
   * Where tasks live. Default: a `MemoryTaskStore` of this server (of the endpoint, for
   * `serveHttp`). Replicas need a shared one: `RedisTaskStore` from `hermes-tools/queue`.
   */
  readonly store?: TaskStore;
  /**
   * The longest a task is kept, in milliseconds from its creation; a client asking more gets this. Default 3,600,000
   * (one hour).
   */
  readonly maxTtlMs?: number;
  /** How long a task is kept when the client names no `ttl`. Default 600,000 (ten minutes), at most `maxTtlMs`. */
  readonly defaultTtlMs?: number;
  /** The most tasks one caller may hold at once, running or kept; a task beyond it is refused. Default 100. */
  readonly maxTasksPerCaller?: number;
  /** How often, in milliseconds, clients are told to ask `tasks/get`. Default 1000. */
  readonly pollIntervalMs?: number;
}
