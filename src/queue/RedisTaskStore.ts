import { createHash, randomBytes } from 'node:crypto';
import type { Redis, RedisOptions } from 'ioredis';
import { redisConnection } from './redisConnection.js';
import type { NewTask, TaskCancellation, TaskPage, TaskRecord, TaskStatus, TaskStore } from '../contracts/TaskStore.js';

/** Options of {@link RedisTaskStore}. */
export interface RedisTaskStoreOptions {
  /**
   * The Redis to keep tasks in: an ioredis client (the store adds a second connection of the same
   * kind for its subscription, and leaves the client open on `close()`), a `redis://` URL, or
   * ioredis options.
   */
  readonly connection: Redis | string | RedisOptions;
  /** Prefix of every key and of the channel. Default `hermes-tools:tasks:`. */
  readonly prefix?: string;
  /**
   * The most tasks kept at once, all owners and replicas together; a task beyond it is refused.
   * Default 100,000. Owners are many where callers are anonymous (one per session), so the
   * per-owner limit alone does not bound what Redis holds.
   */
  readonly maxTasks?: number;
}

const ID = /^[0-9a-f]{32}$/;
const PAGE = 100;
const FINAL = new Set<TaskStatus>(['completed', 'failed', 'cancelled']);

// KEYS: task, owner's index, index of all. ARGV: now (ms), ttl (ms), owner, created (ISO), poll interval, max per
// owner, id, max in all.
const CREATE = `
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[6]) then return 0 end
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[3]) >= tonumber(ARGV[8]) then return 0 end
if redis.call('EXISTS', KEYS[1]) == 1 then return -1 end
redis.call('HSET', KEYS[1], 'owner', ARGV[3], 'status', 'working', 'ttl', ARGV[2], 'createdAt', ARGV[4], 'lastUpdatedAt', ARGV[4], 'pollInterval', ARGV[5])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('ZADD', KEYS[2], tonumber(ARGV[1]) + tonumber(ARGV[2]), ARGV[7])
if redis.call('PTTL', KEYS[2]) < tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[2], ARGV[2]) end
redis.call('ZADD', KEYS[3], tonumber(ARGV[1]) + tonumber(ARGV[2]), ARGV[7])
if redis.call('PTTL', KEYS[3]) < tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[3], ARGV[2]) end
return 1`;

// KEYS: task. ARGV: status, result (JSON), now (ISO), channel, id.
const FINISH = `
local status = redis.call('HGET', KEYS[1], 'status')
if not status or status == 'completed' or status == 'failed' or status == 'cancelled' then return 0 end
redis.call('HSET', KEYS[1], 'status', ARGV[1], 'result', ARGV[2], 'lastUpdatedAt', ARGV[3])
redis.call('PUBLISH', ARGV[4], 'settled:' .. ARGV[5])
return 1`;

// KEYS: task. ARGV: owner, message, now (ISO), channel, id. Answers {0} unknown, {1, status} final, {2} cancelled.
const CANCEL = `
local found = redis.call('HMGET', KEYS[1], 'owner', 'status')
if not found[1] or found[1] ~= ARGV[1] then return {0} end
if found[2] == 'completed' or found[2] == 'failed' or found[2] == 'cancelled' then return {1, found[2]} end
redis.call('HSET', KEYS[1], 'status', 'cancelled', 'statusMessage', ARGV[2], 'lastUpdatedAt', ARGV[3])
redis.call('PUBLISH', ARGV[4], 'cancel:' .. ARGV[5])
return {2}`;

/**
 * MCP tasks in Redis, shared by every replica: state, result and owner in one hash per task that
 * expires with the task's ttl, an index per owner that bounds how many it holds, and one of all
 * tasks that bounds the whole (`maxTasks`). Each change
 * is one atomic script. A cancellation made on any replica is published on a channel, and reaches
 * the replica running the call, which aborts it; a `tasks/result` waiting on any replica wakes on
 * the same channel when the task ends.
 *
 * @example
 * const store = new RedisTaskStore({ connection: 'redis://127.0.0.1:6379' });
 * await serveHttp(registry, { name: 'my-tools', version: '1.0.0', port: 3000, auth, stateless: true, tasks: { store }
 * });
 */
export class RedisTaskStore implements TaskStore {
  readonly #redis: Redis;
  readonly #owned: boolean;
  readonly #prefix: string;
  readonly #channel: string;
  readonly #maxTasks: number;
  #subscriber: Redis | undefined;
  #subscribed: Promise<void> | undefined;
  readonly #onCancel = new Map<string, Set<() => void>>();
  readonly #onSettle = new Map<string, Set<() => void>>();

  constructor(options: RedisTaskStoreOptions) {
    // Checked before a connection is opened: a refused store must leave nothing running.
    const max = options.maxTasks ?? 100_000;
    if (!(Number.isInteger(max) && max >= 1))
      throw new TypeError(`RedisTaskStore: maxTasks must be a whole number of at least 1, got ${String(max)}`);
    this.#maxTasks = max;
    const { connection } = options;
    ({ redis: this.#redis, owned: this.#owned } = redisConnection(connection));
    this.#prefix = options.prefix ?? 'hermes-tools:tasks:';
    this.#channel = `${this.#prefix}events`;
  }

  async create(task: NewTask): Promise<TaskRecord | undefined> {
    const now = Date.now();
    const at = new Date(now).toISOString();
    const poll = task.pollIntervalMs ?? 1000;
    for (let attempt = 0; attempt < 3; attempt++) {
      const taskId = randomBytes(16).toString('hex');
      const made = await this.#redis.eval(
        CREATE,
        3,
        this.#key(taskId),
        this.#ownerKey(task.owner),
        `${this.#prefix}all`,
        now,
        task.ttlMs,
        task.owner,
        at,
        poll,
        task.maxPerOwner,
        taskId,
        this.#maxTasks,
      );
      if (made === 0) return undefined;
      if (made === 1)
        return { taskId, status: 'working', ttl: task.ttlMs, createdAt: at, lastUpdatedAt: at, pollInterval: poll };
    }
    throw new Error('RedisTaskStore: could not pick an unused task id');
  }

  async get(owner: string, taskId: string): Promise<TaskRecord | undefined> {
    return (await this.#read(owner, taskId))?.record;
  }

  async result(owner: string, taskId: string): Promise<Readonly<Record<string, unknown>> | undefined> {
    const text = (await this.#read(owner, taskId))?.result;
    return text === undefined ? undefined : (JSON.parse(text) as Record<string, unknown>);
  }

  async finish(
    taskId: string,
    status: 'completed' | 'failed',
    result: Readonly<Record<string, unknown>>,
  ): Promise<boolean> {
    if (!ID.test(taskId)) return false;
    const done = await this.#redis.eval(
      FINISH,
      1,
      this.#key(taskId),
      status,
      JSON.stringify(result),
      new Date().toISOString(),
      this.#channel,
      taskId,
    );
    return done === 1;
  }

  async cancel(owner: string, taskId: string, message: string): Promise<TaskCancellation> {
    if (!ID.test(taskId)) return { ok: false, reason: 'not_found' };
    const [answer, status] = (await this.#redis.eval(
      CANCEL,
      1,
      this.#key(taskId),
      owner,
      message,
      new Date().toISOString(),
      this.#channel,
      taskId,
    )) as [number, string?];
    if (answer === 1) return { ok: false, reason: 'final', status: status as TaskStatus };
    const task = answer === 2 ? await this.get(owner, taskId) : undefined;
    return task === undefined ? { ok: false, reason: 'not_found' } : { ok: true, task };
  }

  async list(owner: string, cursor?: string): Promise<TaskPage> {
    let offset = 0;
    if (cursor !== undefined) {
      const match = /^o:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString());
      if (match === null)
        throw new TypeError('the cursor is not one this server gave out; list again without a cursor');
      offset = Number(match[1]);
    }
    const index = this.#ownerKey(owner);
    await this.#redis.zremrangebyscore(index, '-inf', String(Date.now()));
    const ids = await this.#redis.zrange(index, String(offset), String(offset + PAGE));
    const page = ids.slice(0, PAGE);
    const read = await Promise.all(page.map((id) => this.#read(owner, id)));
    const tasks = read.flatMap((r) => (r === undefined ? [] : [r.record]));
    return ids.length > PAGE
      ? { tasks, nextCursor: Buffer.from(`o:${offset + PAGE}`).toString('base64url') }
      : { tasks };
  }

  async onCancel(taskId: string, listener: () => void): Promise<() => void> {
    await this.#subscribe();
    return add(this.#onCancel, taskId, listener);
  }

  async settled(owner: string, taskId: string, signal: AbortSignal): Promise<TaskRecord | undefined> {
    if (signal.aborted) throw signal.reason;
    await this.#subscribe();
    let heard = false;
    let wake = (): void => undefined;
    // Listening before reading: an end published between the two is not missed.
    const stop = add(this.#onSettle, taskId, () => {
      heard = true;
      wake();
    });
    let timer: NodeJS.Timeout | undefined;
    let aborted: (() => void) | undefined;
    try {
      for (;;) {
        heard = false;
        const task = await this.get(owner, taskId);
        if (task === undefined || FINAL.has(task.status)) return task;
        const left = Date.parse(task.createdAt) + task.ttl - Date.now();
        await new Promise<void>((resolve, reject) => {
          wake = resolve;
          if (heard) resolve();
          // A task that expires while still working is gone: the wait ends with it.
          timer = setTimeout(resolve, Math.max(0, left) + 1);
          timer.unref();
          aborted = () => reject(signal.reason);
          signal.addEventListener('abort', aborted, { once: true });
        });
        clearTimeout(timer);
        signal.removeEventListener('abort', aborted!);
      }
    } finally {
      clearTimeout(timer);
      if (aborted !== undefined) signal.removeEventListener('abort', aborted);
      stop();
    }
  }

  /** Closes the store's subscription, and its Redis connection when the store opened it. */
  async close(): Promise<void> {
    const subscriber = this.#subscriber;
    this.#subscriber = undefined;
    this.#subscribed = undefined;
    // Closing goes on whatever one connection says; a failure (already gone, say) is reported, not thrown.
    await Promise.all([
      subscriber?.quit().catch(warnClose),
      this.#owned ? this.#redis.quit().catch(warnClose) : undefined,
    ]);
  }

  #subscribe(): Promise<void> {
    if (this.#subscribed === undefined) {
      const subscriber = this.#redis.duplicate();
      this.#subscriber = subscriber;
      subscriber.on('message', (_channel: string, message: string) => this.#heard(message));
      this.#subscribed = subscriber.subscribe(this.#channel).then(
        () => undefined,
        (error: unknown) => {
          this.#subscribed = undefined;
          subscriber.disconnect();
          throw error;
        },
      );
    }
    return this.#subscribed;
  }

  #heard(message: string): void {
    const [kind, taskId] = message.split(':');
    if (taskId === undefined) return;
    if (kind === 'cancel') notify(this.#onCancel.get(taskId));
    notify(this.#onSettle.get(taskId));
  }

  async #read(owner: string, taskId: string): Promise<{ record: TaskRecord; result?: string } | undefined> {
    if (typeof taskId !== 'string' || !ID.test(taskId)) return undefined;
    const h = await this.#redis.hgetall(this.#key(taskId));
    if (h.owner === undefined || h.owner !== owner) return undefined;
    const record: TaskRecord = {
      taskId,
      status: h.status as TaskStatus,
      ttl: Number(h.ttl),
      createdAt: h.createdAt!,
      lastUpdatedAt: h.lastUpdatedAt!,
      ...(h.pollInterval === undefined ? {} : { pollInterval: Number(h.pollInterval) }),
      ...(h.statusMessage === undefined ? {} : { statusMessage: h.statusMessage }),
    };
    return h.result === undefined ? { record } : { record, result: h.result };
  }

  #key(taskId: string): string {
    return `${this.#prefix}task:${taskId}`;
  }

  #ownerKey(owner: string): string {
    return `${this.#prefix}owner:${createHash('sha256').update(owner).digest('hex')}`;
  }
}

function add(map: Map<string, Set<() => void>>, key: string, listener: () => void): () => void {
  let set = map.get(key);
  if (set === undefined) {
    set = new Set();
    map.set(key, set);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0 && map.get(key) === set) map.delete(key);
  };
}

function notify(listeners: Set<() => void> | undefined): void {
  for (const listener of [...(listeners ?? [])]) {
    try {
      listener();
    } catch (error) {
      // One listener's failure must not keep the others from hearing; it is reported, not swallowed.
      process.emitWarning(
        `RedisTaskStore: a task listener threw: ${error instanceof Error ? error.message : String(error)}`,
        {
          code: 'HERMES_TASK_LISTENER',
        },
      );
    }
  }
}

function warnClose(error: unknown): void {
  process.emitWarning(
    `RedisTaskStore: closing a Redis connection failed: ${error instanceof Error ? error.message : String(error)}`,
    {
      code: 'HERMES_TASK_STORE_CLOSE',
    },
  );
}
