/** Where a task stands: the MCP specification's five states; the last three are final. */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** A task as `tasks/get` shows it (the MCP `Task` object). */
export interface TaskRecord {
  readonly taskId: string;
  readonly status: TaskStatus;
  /** How long the task is kept, in milliseconds from its creation; then it is gone, whatever its state. */
  readonly ttl: number;
  /** ISO 8601. */
  readonly createdAt: string;
  /** ISO 8601. */
  readonly lastUpdatedAt: string;
  /** How often, in milliseconds, the server suggests asking `tasks/get`. */
  readonly pollInterval?: number;
  /** Why a task was cancelled or failed. */
  readonly statusMessage?: string;
}

/** What {@link TaskStore.create} is given. */
export interface NewTask {
  /** Who the task belongs to: only the same owner may read, list or cancel it. Opaque to the store. */
  readonly owner: string;
  /** How long to keep it, in milliseconds from now; already bounded by the server. */
  readonly ttlMs: number;
  readonly pollIntervalMs?: number;
  /** The most tasks one owner may hold at once (running or kept); a create beyond it is refused. */
  readonly maxPerOwner: number;
}

/** The answer of {@link TaskStore.cancel}. */
export type TaskCancellation =
  | { readonly ok: true; readonly task: TaskRecord }
  | { readonly ok: false; readonly reason: 'not_found' | 'final'; readonly status?: TaskStatus };

/** One page of {@link TaskStore.list}. */
export interface TaskPage {
  readonly tasks: readonly TaskRecord[];
  readonly nextCursor?: string;
}

/**
 * Where MCP tasks live: their state, their result and their owner. The MCP server keeps them in
 * memory by default (`MemoryTaskStore`, one process); `RedisTaskStore` (`hermes-tools/queue`)
 * shares them between replicas. Every read takes the owner, and a task of another owner is
 * answered as one that does not exist. Task ids are the store's to choose: make them unguessable.
 */
export interface TaskStore {
  /**
   * Keeps a new task in `working` state. Resolves `undefined`, creating nothing, when the owner
   * already holds `maxPerOwner` tasks (or the store is full).
   */
  create(task: NewTask): Promise<TaskRecord | undefined>;
  /** The task, or undefined when it is unknown, expired or another owner's. */
  get(owner: string, taskId: string): Promise<TaskRecord | undefined>;
  /** The stored result of a completed or failed task (JSON), or undefined when there is none. */
  result(owner: string, taskId: string): Promise<Readonly<Record<string, unknown>> | undefined>;
  /**
   * Records the final state and result of a task, and wakes whoever waits on it. Resolves false,
   * changing nothing, when the task is already final (cancelled) or gone.
   */
  finish(taskId: string, status: 'completed' | 'failed', result: Readonly<Record<string, unknown>>): Promise<boolean>;
  /**
   * Marks the owner's task cancelled, unless it is final, and tells every listener of {@link TaskStore.onCancel}, on
   * any replica.
   */
  cancel(owner: string, taskId: string, message: string): Promise<TaskCancellation>;
  /** The owner's tasks, a page at a time. Rejects with a TypeError when `cursor` is not one it gave out. */
  list(owner: string, cursor?: string): Promise<TaskPage>;
  /**
   * Calls `listener` when the task is cancelled, wherever the cancellation came from. Resolves,
   * with the function that stops listening, once a cancellation made from then on is sure to arrive.
   */
  onCancel(taskId: string, listener: () => void): Promise<() => void>;
  /**
   * Resolves with the task once it is final (at once if it already is), or `undefined` when it is
   * unknown, another owner's, or expires first. Rejects when `signal` aborts first.
   */
  settled(owner: string, taskId: string, signal: AbortSignal): Promise<TaskRecord | undefined>;
}
