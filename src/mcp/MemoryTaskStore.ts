import { randomBytes } from 'node:crypto';
import { ownValue } from '../internal/ownValue.js';
import type { NewTask, TaskCancellation, TaskPage, TaskRecord, TaskStatus, TaskStore } from '../contracts/TaskStore.js';

/** Options of {@link MemoryTaskStore}. */
export interface MemoryTaskStoreOptions {
  /** The most tasks kept at once, all owners together; a task beyond it is refused. Default 10,000. */
  readonly maxTasks?: number;
  /** @internal The clock tasks expire by, for tests. Default `Date.now`. */
  readonly now?: () => number;
}

interface Entry {
  readonly owner: string;
  readonly seq: number;
  readonly expiresAt: number;
  record: TaskRecord;
  result?: Readonly<Record<string, unknown>>;
  readonly onCancel: Set<() => void>;
  readonly onSettle: Set<() => void>;
}

const PAGE = 100;

/** Whether a task's state is final: completed, failed or cancelled. */
export function isFinal(status: TaskStatus): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}

/**
 * The MCP server's default task store: tasks of one process, in memory, each dropped when its
 * ttl has passed, at most `maxTasks` at once. For replicas, use `RedisTaskStore` from `hermes-tools/queue`.
 */
export class MemoryTaskStore implements TaskStore {
  readonly #tasks = new Map<string, Entry>();
  readonly #perOwner = new Map<string, number>();
  readonly #maxTasks: number;
  readonly #now: () => number;
  #seq = 0;

  constructor(options: MemoryTaskStoreOptions = {}) {
    const max = ownValue(options, 'maxTasks') ?? 10_000;
    if (!(Number.isInteger(max) && max >= 1))
      throw new TypeError(`MemoryTaskStore: maxTasks must be a whole number of at least 1, got ${String(max)}`);
    this.#maxTasks = max;
    this.#now = ownValue(options, 'now') ?? Date.now;
  }

  async create(task: NewTask): Promise<TaskRecord | undefined> {
    this.#sweep();
    if (this.#tasks.size >= this.#maxTasks || (this.#perOwner.get(task.owner) ?? 0) >= task.maxPerOwner)
      return undefined;
    const now = this.#now();
    const at = new Date(now).toISOString();
    const taskId = randomBytes(16).toString('hex');
    const record: TaskRecord = Object.freeze({
      taskId,
      status: 'working',
      ttl: task.ttlMs,
      createdAt: at,
      lastUpdatedAt: at,
      ...(task.pollIntervalMs === undefined ? {} : { pollInterval: task.pollIntervalMs }),
    });
    this.#tasks.set(taskId, {
      owner: task.owner,
      seq: ++this.#seq,
      expiresAt: now + task.ttlMs,
      record,
      onCancel: new Set(),
      onSettle: new Set(),
    });
    this.#perOwner.set(task.owner, (this.#perOwner.get(task.owner) ?? 0) + 1);
    return record;
  }

  async get(owner: string, taskId: string): Promise<TaskRecord | undefined> {
    return this.#owned(owner, taskId)?.record;
  }

  async result(owner: string, taskId: string): Promise<Readonly<Record<string, unknown>> | undefined> {
    return this.#owned(owner, taskId)?.result;
  }

  async finish(
    taskId: string,
    status: 'completed' | 'failed',
    result: Readonly<Record<string, unknown>>,
  ): Promise<boolean> {
    const entry = this.#live(taskId);
    if (entry === undefined || isFinal(entry.record.status)) return false;
    entry.result = result;
    entry.record = Object.freeze({ ...entry.record, status, lastUpdatedAt: new Date().toISOString() });
    entry.onCancel.clear();
    notify(entry.onSettle);
    return true;
  }

  async cancel(owner: string, taskId: string, message: string): Promise<TaskCancellation> {
    const entry = this.#owned(owner, taskId);
    if (entry === undefined) return { ok: false, reason: 'not_found' };
    if (isFinal(entry.record.status)) return { ok: false, reason: 'final', status: entry.record.status };
    entry.record = Object.freeze({
      ...entry.record,
      status: 'cancelled',
      statusMessage: message,
      lastUpdatedAt: new Date().toISOString(),
    });
    notify(entry.onCancel);
    notify(entry.onSettle);
    return { ok: true, task: entry.record };
  }

  async list(owner: string, cursor?: string): Promise<TaskPage> {
    let after = 0;
    if (cursor !== undefined) {
      const match = /^s:(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString());
      if (match === null)
        throw new TypeError('the cursor is not one this server gave out; list again without a cursor');
      after = Number(match[1]);
    }
    this.#sweep();
    const mine = [...this.#tasks.values()].filter((e) => e.owner === owner && e.seq > after);
    const page = mine.slice(0, PAGE);
    const last = page.at(-1);
    return mine.length > PAGE && last !== undefined
      ? { tasks: page.map((e) => e.record), nextCursor: Buffer.from(`s:${last.seq}`).toString('base64url') }
      : { tasks: page.map((e) => e.record) };
  }

  async onCancel(taskId: string, listener: () => void): Promise<() => void> {
    const entry = this.#live(taskId);
    if (entry === undefined) return () => undefined;
    entry.onCancel.add(listener);
    return () => entry.onCancel.delete(listener);
  }

  settled(owner: string, taskId: string, signal: AbortSignal): Promise<TaskRecord | undefined> {
    const entry = this.#owned(owner, taskId);
    if (entry === undefined || isFinal(entry.record.status)) return Promise.resolve(entry?.record);
    if (signal.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const done = (): void => {
        clearTimeout(timer);
        entry.onSettle.delete(done);
        signal.removeEventListener('abort', aborted);
        resolve(this.#owned(owner, taskId)?.record);
      };
      const aborted = (): void => {
        clearTimeout(timer);
        entry.onSettle.delete(done);
        reject(signal.reason);
      };
      // A task that expires while still working is gone: the wait ends with it.
      const timer = setTimeout(done, Math.max(0, entry.expiresAt - this.#now()));
      timer.unref();
      entry.onSettle.add(done);
      signal.addEventListener('abort', aborted, { once: true });
    });
  }

  #owned(owner: string, taskId: string): Entry | undefined {
    const entry = typeof taskId === 'string' ? this.#live(taskId) : undefined;
    return entry !== undefined && entry.owner === owner ? entry : undefined;
  }

  #live(taskId: string): Entry | undefined {
    const entry = this.#tasks.get(taskId);
    if (entry === undefined) return undefined;
    if (entry.expiresAt > this.#now()) return entry;
    this.#drop(taskId, entry);
    return undefined;
  }

  #sweep(): void {
    const now = this.#now();
    for (const [id, entry] of this.#tasks) if (entry.expiresAt <= now) this.#drop(id, entry);
  }

  #drop(taskId: string, entry: Entry): void {
    this.#tasks.delete(taskId);
    const left = (this.#perOwner.get(entry.owner) ?? 1) - 1;
    if (left > 0) this.#perOwner.set(entry.owner, left);
    else this.#perOwner.delete(entry.owner);
    notify(entry.onSettle);
  }
}

function notify(listeners: Set<() => void>): void {
  for (const listener of [...listeners]) {
    try {
      listener();
    } catch (error) {
      // One listener's failure must not keep the others from hearing: it is reported, not thrown.
      process.emitWarning(
        `hermes-tools: a task listener threw: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
