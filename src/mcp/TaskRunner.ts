import type { TaskRecord, TaskStore } from '../contracts/TaskStore.js';
import { MAX_TIMEOUT_MS } from '../pipeline/callTimeout.js';
import type { McpTaskOptions } from './McpTaskOptions.js';
import { MemoryTaskStore } from './MemoryTaskStore.js';
import { ownValue } from '../internal/ownValue.js';

const TASK_OPTION_KEYS: readonly string[] = [
  'store',
  'maxTtlMs',
  'defaultTtlMs',
  'maxTasksPerCaller',
  'pollIntervalMs',
];

/**
 * The tasks of one server (or of every session of one HTTP endpoint): the store, the limits, and
 * the calls this process runs for them, so that a cancellation, the task's expiry or the server
 * closing aborts them.
 */
export class TaskRunner {
  readonly store: TaskStore;
  readonly maxTtlMs: number;
  readonly defaultTtlMs: number;
  readonly maxPerCaller: number;
  readonly pollIntervalMs: number;
  /** The calls this process runs for tasks, each with the promise that settles once its task is final. */
  readonly #running = new Map<AbortController, Promise<void>>();

  constructor(options: McpTaskOptions = {}) {
    // Own keys only: a polluted Object.prototype sets no store and no limit.
    if (typeof options !== 'object' || options === null)
      throw new TypeError('MCP tasks: tasks must be an object of task options, or false');
    for (const key of Object.keys(options)) {
      if (!TASK_OPTION_KEYS.includes(key))
        throw new TypeError(
          `MCP tasks: unknown option "${key.slice(0, 80)}"; the options are ${TASK_OPTION_KEYS.join(', ')}`,
        );
    }
    this.store = ownValue(options, 'store') ?? new MemoryTaskStore();
    this.maxTtlMs = whole(ownValue(options, 'maxTtlMs') ?? 3_600_000, 'maxTtlMs', MAX_TIMEOUT_MS);
    this.defaultTtlMs = Math.min(
      whole(ownValue(options, 'defaultTtlMs') ?? 600_000, 'defaultTtlMs', MAX_TIMEOUT_MS),
      this.maxTtlMs,
    );
    this.maxPerCaller = whole(ownValue(options, 'maxTasksPerCaller') ?? 100, 'maxTasksPerCaller', 1_000_000);
    this.pollIntervalMs = whole(ownValue(options, 'pollIntervalMs') ?? 1000, 'pollIntervalMs', MAX_TIMEOUT_MS);
  }

  /** The ttl a task gets: what the client asked, within (0, maxTtlMs], else the default. */
  ttlFor(requested: unknown): number {
    return typeof requested === 'number' && Number.isFinite(requested) && requested > 0
      ? Math.min(Math.ceil(requested), this.maxTtlMs)
      : this.defaultTtlMs;
  }

  /**
   * Creates the owner's task and ties `controller` to it: a cancellation from any replica, or the
   * task's expiry, aborts it. Resolves undefined when the owner (or the store) is full.
   */
  async start(
    owner: string,
    requestedTtl: unknown,
    controller: AbortController,
  ): Promise<{ task: TaskRecord; track: (finished: Promise<void>) => void } | undefined> {
    const ttlMs = this.ttlFor(requestedTtl);
    const task = await this.store.create({
      owner,
      ttlMs,
      pollIntervalMs: this.pollIntervalMs,
      maxPerOwner: this.maxPerCaller,
    });
    if (task === undefined) return undefined;
    const abort = (): void => controller.abort();
    let stopListening: () => void;
    try {
      stopListening = await this.store.onCancel(task.taskId, abort);
    } catch (error) {
      // A task whose cancellation could not be heard is not run: it ends failed, at once.
      const text = 'the server could not start this task; call again';
      // Converted to "not recorded": the store's first failure, rethrown below, is the one to report.
      await this.store
        .finish(task.taskId, 'failed', { content: [{ type: 'text', text }], isError: true })
        .catch(() => false);
      throw error;
    }
    // A task is gone at its expiry, whatever its state: a call still running then has nobody to answer.
    const expiry = setTimeout(abort, ttlMs);
    expiry.unref();
    this.#running.set(controller, Promise.resolve());
    return {
      task,
      track: (finished) => {
        const settled = finished.finally(() => {
          clearTimeout(expiry);
          stopListening();
          this.#running.delete(controller);
        });
        this.#running.set(controller, settled);
      },
    };
  }

  /**
   * Aborts every call this process runs for a task (the server is closing), and settles once each
   * has recorded its end (`failed`, code `aborted`) in the store, so that a client waiting on
   * another replica hears of it.
   */
  async close(): Promise<void> {
    const running = [...this.#running];
    for (const [controller] of running) controller.abort();
    await Promise.all(running.map(([, settled]) => settled));
  }
}

function whole(value: number, name: string, max: number): number {
  if (!(Number.isInteger(value) && value >= 1 && value <= max))
    throw new TypeError(`MCP tasks: ${name} must be a whole number from 1 to ${max}, got ${String(value)}`);
  return value;
}
