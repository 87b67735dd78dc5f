// The stores of spent 2026-era approvals: in the process (the default) and shared through a real redis-server.
import { randomBytes, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { MemorySpentApprovals } from 'hermes-tools/mcp';
import { RedisSpentApprovals } from 'hermes-tools/queue';
import { type RedisServer, startRedisServer } from './support/redisServer.js';

/** An id as the server mints them: 16 random bytes, base64url. */
const id = (): string => randomBytes(16).toString('base64url');

describe('MemorySpentApprovals', () => {
  it('spends a state once, and says so after', async () => {
    const store = new MemorySpentApprovals();
    const state = id();
    expect(await store.isSpent(state)).toBe(false);
    expect(await store.spend(state, 300_000)).toBe(true);
    expect(await store.isSpent(state)).toBe(true);
    expect(await store.spend(state, 300_000)).toBe(false);
  });

  it('of two spends racing with one state, exactly one succeeds', async () => {
    const store = new MemorySpentApprovals();
    const state = id();
    expect((await Promise.all([store.spend(state, 1000), store.spend(state, 1000)])).sort()).toEqual([false, true]);
  });

  it('never forgets a state still valid to make room: past maxEntries it refuses, and it refuses bad options', async () => {
    const store = new MemorySpentApprovals({ maxEntries: 2 });
    const [a, b, c] = [id(), id(), id()];
    for (const state of [a, b]) await store.spend(state, 300_000);
    await expect(store.spend(c, 300_000)).rejects.toThrow('this one is refused (maxEntries)');
    expect(await store.isSpent(a)).toBe(true);
    expect(await store.isSpent(b)).toBe(true);
    expect(await store.spend(a, 300_000)).toBe(false);
    expect(() => new MemorySpentApprovals({ maxEntries: 0 })).toThrow('maxEntries must be a whole number');
    expect(() => new MemorySpentApprovals({ maxEntrys: 5 } as never)).toThrow('unknown option "maxEntrys"');
  });
});

describe('RedisSpentApprovals', () => {
  let redis: RedisServer;
  let raw: Redis;
  const stores: RedisSpentApprovals[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    raw = new Redis(redis.url);
  });

  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await raw?.quit();
    await redis?.stop();
  });

  /** Two stores on one Redis and prefix, as two replicas have: one opened by the store, one given a client. */
  function replicas(): [RedisSpentApprovals, RedisSpentApprovals, string] {
    const prefix = `test:${randomUUID()}:`;
    const a = new RedisSpentApprovals({ connection: redis.url, prefix });
    const b = new RedisSpentApprovals({ connection: raw, prefix });
    stores.push(a, b);
    return [a, b, prefix];
  }

  it('spends a state on one replica, and the other knows it; the key expires with the state', async () => {
    const [a, b, prefix] = replicas();
    const state = id();
    expect(await b.isSpent(state)).toBe(false);
    expect(await a.spend(state, 300_000)).toBe(true);
    expect(await b.isSpent(state)).toBe(true);
    expect(await b.spend(state, 300_000)).toBe(false);
    const pttl = await raw.pttl(`${prefix}${state}`);
    expect(pttl).toBeGreaterThan(0);
    expect(pttl).toBeLessThanOrEqual(300_000);
  });

  it('of spends racing on two replicas with one state, exactly one succeeds', async () => {
    const [a, b] = replicas();
    const state = id();
    const answers = await Promise.all([a.spend(state, 60_000), b.spend(state, 60_000), a.spend(state, 60_000)]);
    expect(answers.filter(Boolean)).toHaveLength(1);
  });

  it('refuses what is not a state id, a bad ttl, and options it does not know, before opening anything', async () => {
    const [a] = replicas();
    await expect(a.spend('not an id*', 1000)).rejects.toThrow('not an approval state id');
    await expect(a.spend(id(), 0)).rejects.toThrow('ttlMs must be a whole number of at least 1');
    expect(() => new RedisSpentApprovals({ connection: redis.url, prefx: 'x' } as never)).toThrow(
      'unknown option "prefx"',
    );
    expect(() => new RedisSpentApprovals({} as never)).toThrow('connection is required');
  });

  it('leaves open on close a client it was given', async () => {
    const store = new RedisSpentApprovals({ connection: raw });
    await store.close();
    expect(await raw.ping()).toBe('PONG');
  });
});
