import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { RedisTaskStore } from 'hermes-tools/queue';
import { type RedisServer, startRedisServer } from './support/redisServer.js';

let redis: RedisServer;
let raw: Redis;
const stores: RedisTaskStore[] = [];
const connections: Redis[] = [];
beforeAll(async () => {
  redis = await startRedisServer();
  raw = new Redis(redis.url);
});
afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
  await Promise.all([raw, ...connections].map((c) => c.quit()));
  await redis.stop();
});

/** Two stores on the same Redis and prefix, as two replicas would have. */
function replicas(): [RedisTaskStore, RedisTaskStore, string] {
  const prefix = `test:${randomUUID()}:`;
  const a = new RedisTaskStore({ connection: redis.url, prefix });
  // One opened by the store, one given to it (which the store leaves open on close).
  const given = new Redis(redis.url);
  connections.push(given);
  const b = new RedisTaskStore({ connection: given, prefix });
  stores.push(a, b);
  return [a, b, prefix];
}

const result = { content: [{ type: 'text', text: 'done' }] };

describe('RedisTaskStore', () => {
  it('keeps a task with its ttl as the Redis expiry, for its owner only', async () => {
    const [a, b, prefix] = replicas();
    const task = (await a.create({ owner: 'ann', ttlMs: 60_000, maxPerOwner: 10 }))!;
    expect(task).toMatchObject({ status: 'working', ttl: 60_000, pollInterval: 1000 });
    const pttl = await raw.pttl(`${prefix}task:${task.taskId}`);
    expect(pttl).toBeGreaterThan(0);
    expect(pttl).toBeLessThanOrEqual(60_000);
    expect(await b.get('ann', task.taskId)).toEqual(task);
    expect(await b.get('bob', task.taskId)).toBeUndefined();
    expect(await b.get('ann', 'not-an-id')).toBeUndefined();
    expect(await b.cancel('bob', task.taskId, 'no')).toEqual({ ok: false, reason: 'not_found' });
    expect((await b.list('bob')).tasks).toEqual([]);
  });

  it('wakes a waiter on one replica when another finishes the task, and keeps the result', async () => {
    const [a, b] = replicas();
    const task = (await a.create({ owner: 'ann', ttlMs: 60_000, maxPerOwner: 10 }))!;
    await (await b.onCancel('warm-up', () => undefined))(); // b's subscription is live from here
    const waiting = b.settled('ann', task.taskId, new AbortController().signal);
    // Commands on one connection answer in order: once this read says working, so did the waiter's.
    expect((await b.get('ann', task.taskId))?.status).toBe('working');
    expect(await a.finish(task.taskId, 'completed', result)).toBe(true);
    expect((await waiting)?.status).toBe('completed');
    expect(await b.result('ann', task.taskId)).toEqual(result);
    expect(await b.result('bob', task.taskId)).toBeUndefined();
  });

  it('carries a cancellation to the replica listening for it, and refuses a result after it', async () => {
    const [a, b] = replicas();
    const task = (await a.create({ owner: 'ann', ttlMs: 60_000, maxPerOwner: 10 }))!;
    const heard = new Promise<void>((resolve) => void a.onCancel(task.taskId, resolve));
    await a.onCancel(task.taskId, () => undefined);
    const answer = await b.cancel('ann', task.taskId, 'stop');
    expect(answer).toMatchObject({ ok: true, task: { status: 'cancelled', statusMessage: 'stop' } });
    await heard;
    expect(await a.finish(task.taskId, 'completed', result)).toBe(false);
    expect((await a.get('ann', task.taskId))?.status).toBe('cancelled');
    expect(await b.cancel('ann', task.taskId, 'again')).toEqual({ ok: false, reason: 'final', status: 'cancelled' });
  });

  it('refuses a task beyond an owner’s cap, whoever else holds tasks', async () => {
    const [a, b] = replicas();
    expect(await a.create({ owner: 'ann', ttlMs: 60_000, maxPerOwner: 2 })).toBeDefined();
    expect(await b.create({ owner: 'ann', ttlMs: 60_000, maxPerOwner: 2 })).toBeDefined();
    expect(await a.create({ owner: 'ann', ttlMs: 60_000, maxPerOwner: 2 })).toBeUndefined();
    expect(await a.create({ owner: 'bob', ttlMs: 60_000, maxPerOwner: 2 })).toBeDefined();
    expect((await b.list('ann')).tasks).toHaveLength(2);
    await expect(b.list('ann', 'forged')).rejects.toThrow(TypeError);
  });
});
