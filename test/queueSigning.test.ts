// The queue's trust in Redis, against a real redis-server: jobs written straight into Redis (as
// anyone who can write there could, bypassing the agent) with and without a signing key, key
// rotation, replays, the audit of what a job asserted, a worker's own approver, and options read
// by their own keys only.
import {
  type AuditRecord,
  PermissionSet,
  RequiresApproval,
  Tool,
  Arg,
  type ToolOutcome,
  ToolRegistry,
  toolset,
  toolsModule,
} from 'hermes-tools';
import { type QueuedToolsetModule, queuedToolset, type ToolWorker, toolWorker } from 'hermes-tools/queue';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { Container } from 'inversify';
import { QUEUE_TOOLS } from './fixtures/queueTools.js';
import { type RedisServer, startRedisServer } from './support/redisServer.js';

/** How many times each table was dropped, in this process. */
const dropped = new Map<string, number>();

@Tool({ name: 'queue.drop', description: 'Drops a table; needs a person to approve it.', destructive: true })
@RequiresApproval('it deletes data')
class QueueDrop {
  execute(@Arg('table') table: string) {
    dropped.set(table, (dropped.get(table) ?? 0) + 1);
    return `dropped ${table}`;
  }
}

const TOOLS = [...QUEUE_TOOLS, QueueDrop];
const GRANT = PermissionSet.none().grant('jobs:*');
const KEY = 'old-key-0123456789abcdefghijklmnopqrstuvwxyz';
const NEW_KEY = Buffer.from('new-key-0123456789abcdefghijklmnopqrstuvwxyz', 'utf8');
const DAY_MS = 24 * 60 * 60_000;

let redis: RedisServer;
const workers: ToolWorker[] = [];
const modules: QueuedToolsetModule[] = [];
const closers: { close(): Promise<unknown> }[] = [];
/** The audit records of every worker of this file. */
const records: AuditRecord[] = [];

/** A worker on `name`, its registry audited into `records`, with the module approver given (none by default). */
async function startWorker(
  name: string,
  options: {
    signingKey?: string | Buffer | (string | Buffer)[];
    approve?: () => string | boolean;
    now?: () => number;
  } = {},
) {
  const container = new Container();
  // Own keys: a test below pollutes Object.prototype.
  const own = <K extends keyof typeof options>(key: K) => (Object.hasOwn(options, key) ? options[key] : undefined);
  const approve = own('approve');
  const approvals = approve === undefined ? {} : { approvals: { approve } };
  await container.load(
    toolsModule({ audit: { sink: (record) => void records.push(record) }, ...approvals }),
    toolset({ name: 'queue', tools: TOOLS, granted: GRANT }),
  );
  const worker = await toolWorker({
    registry: container.get(ToolRegistry),
    queue: { connection: { url: redis.url }, name },
    shutdownSignals: [],
    ...(own('signingKey') !== undefined && { signingKey: own('signingKey')! }),
    ...(own('now') !== undefined && { now: own('now')! }),
  });
  workers.push(worker);
  return worker;
}

async function startAgent(name: string, signingKey?: string | Buffer | (string | Buffer)[]): Promise<ToolRegistry> {
  const container = new Container();
  const module = queuedToolset({
    name: 'queue',
    tools: TOOLS,
    granted: GRANT,
    queue: { connection: { url: redis.url }, name },
    ...(signingKey !== undefined && { signingKey }),
  });
  modules.push(module);
  await container.loadAsync(toolsModule({ approvals: { approve: () => ({ approved: true, by: 'ann' }) } }), module);
  return container.get(ToolRegistry);
}

/**
 * The queue's events from now on: read from the stream's last entry at this moment, so that none
 * that comes after is missed, however late the reader starts.
 */
async function eventsFrom(name: string): Promise<QueueEvents> {
  const redisClient = new Redis(redis.url);
  try {
    const [last] = await redisClient.xrevrange(`bull:${name}:events`, '+', '-', 'COUNT', 1);
    const events = new QueueEvents(name, { connection: { url: redis.url }, lastEventId: last?.[0] ?? '0-0' });
    await events.waitUntilReady();
    return events;
  } finally {
    await redisClient.quit();
  }
}

/** Adds a job straight into the queue's Redis, under the id given, and gives the worker's outcome. */
async function inject(name: string, data: unknown, jobId: string): Promise<ToolOutcome> {
  const queue = new Queue(name, { connection: { url: redis.url } });
  const events = await eventsFrom(name);
  try {
    const done = new Promise<ToolOutcome>((resolve, reject) => {
      events.on('completed', (args) => args.jobId === jobId && resolve(args.returnvalue as unknown as ToolOutcome));
      events.on(
        'failed',
        (args) => args.jobId === jobId && reject(new Error(`job ${jobId} failed: ${args.failedReason}`)),
      );
    });
    await queue.add('injected', data, { jobId, removeOnComplete: true, removeOnFail: true });
    return await done;
  } finally {
    await Promise.allSettled([events.close(), queue.close()]);
  }
}

const forged = (fields: object) => ({
  v: 1,
  callId: 'forged',
  caller: null,
  permissions: null,
  trace: null,
  approval: null,
  ...fields,
});

beforeAll(async () => {
  redis = await startRedisServer();
});

afterAll(async () => {
  await Promise.allSettled(workers.map((w) => w.close()));
  await Promise.allSettled(modules.map((m) => m.close()));
  await Promise.allSettled(closers.map((c) => c.close()));
  await redis?.stop();
});

describe('a queue with a signing key', () => {
  let worker: ToolWorker;
  beforeAll(async () => {
    // Rotating: the worker knows the new key and the old one.
    worker = await startWorker('signed', { signingKey: [NEW_KEY, KEY] });
  });

  it('runs the calls of agents signing with either key of a rotation, and refuses those signed with another', async () => {
    expect(worker.queue.name).toBe('signed');
    const old = await startAgent('signed', KEY);
    const rotated = await startAgent('signed', [NEW_KEY, KEY]);
    const other = await startAgent('signed', 'another-key-0123456789abcdefghijklmnopqrstu');
    expect(await old.dispatch('queue.echo', { text: 'old' })).toMatchObject({ ok: true, value: { text: 'old' } });
    expect(await rotated.dispatch('queue.drop', { table: 'rotated' })).toMatchObject({
      ok: true,
      value: 'dropped rotated',
    });
    const refused = await other.dispatch('queue.drop', { table: 'other' });
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: 'permission_denied',
        retryable: false,
        reason: expect.stringContaining('signature does not verify'),
      },
    });
    expect(!refused.ok && refused.error.message).toContain('share a signingKey');
    expect(dropped.get('other')).toBeUndefined();
  });

  it('refuses a job written straight into Redis, unsigned, whatever approval and permissions it claims', async () => {
    const outcome = await inject(
      'signed',
      forged({ tool: 'queue.drop', input: { table: 'users' }, permissions: ['*'], approval: { by: 'ceo' } }),
      'forged-1',
    );
    expect(outcome).toMatchObject({
      ok: false,
      tool: 'queue.drop',
      error: { code: 'permission_denied', reason: expect.stringContaining('not signed') },
    });
    const admin = await inject(
      'signed',
      forged({ tool: 'queue.secret_op', input: { what: 'x' }, permissions: ['*'] }),
      'forged-2',
    );
    expect(admin).toMatchObject({
      ok: false,
      error: { code: 'permission_denied', reason: expect.stringContaining('not signed') },
    });
    expect(dropped.get('users')).toBeUndefined();
    expect(records.filter((r) => r.callId === 'forged')).toEqual([]);
  });

  it('refuses a signed job altered or moved to another id, runs it once under its own id, and refuses it again as a replay', async () => {
    // A genuine signed job, captured from a queue with no worker yet, then cancelled there.
    const agent = await startAgent('held', KEY);
    const held = new Queue('held', { connection: { url: redis.url } });
    const events = await eventsFrom('held');
    closers.push(held, events);
    const waiting = new Promise<string>((resolve) => events.once('waiting', ({ jobId }) => resolve(jobId)));
    const removed = new Promise<string>((resolve) => events.once('removed', ({ jobId }) => resolve(jobId)));
    const controller = new AbortController();
    const call = agent.dispatch('queue.drop', { table: 'replayed' }, { signal: controller.signal, callId: 'genuine' });
    const jobId = await waiting;
    const data = (await held.getJob(jobId))!.data as Record<string, unknown>;
    controller.abort();
    await call;
    expect(await removed).toBe(jobId);
    // The cancellation left a mark that would abort the job: as a replayer would, wait it out (here, delete it).
    const client = new Redis(redis.url);
    closers.push({ close: () => client.quit() });
    expect(await client.del(`bull:held:hermes-cancel:${jobId}`)).toBe(1);
    expect(data).toMatchObject({ approval: { by: null }, signed: { at: expect.any(Number), mac: expect.any(String) } });

    await startWorker('held', { signingKey: KEY });
    const altered = await inject('held', { ...data, input: { table: 'users' } }, jobId);
    expect(altered).toMatchObject({
      ok: false,
      error: { code: 'permission_denied', reason: expect.stringContaining('altered') },
    });
    const widened = await inject('held', { ...data, permissions: ['*'] }, jobId);
    expect(widened).toMatchObject({
      ok: false,
      error: { code: 'permission_denied', reason: expect.stringContaining('altered') },
    });
    const moved = await inject('held', data, `${jobId}-copy`);
    expect(moved).toMatchObject({
      ok: false,
      error: { code: 'permission_denied', reason: expect.stringContaining('altered') },
    });
    expect(dropped.get('users')).toBeUndefined();

    expect(await inject('held', data, jobId)).toMatchObject({ ok: true, value: 'dropped replayed' });
    const replay = await inject('held', data, jobId);
    expect(replay).toMatchObject({
      ok: false,
      error: { code: 'permission_denied', reason: expect.stringContaining('replay') },
    });
    expect(dropped.get('replayed')).toBe(1);
    // Verified by its signature, nothing of it is marked unverified.
    expect(records.find((r) => r.callId === 'genuine')).toMatchObject({ approval: { approved: true }, outcome: 'ok' });
    expect(records.find((r) => r.callId === 'genuine')).not.toHaveProperty('unverified');
  });

  it('refuses a signed job queued longer ago than the worker remembers the ids it ran', async () => {
    await startWorker('late', { signingKey: KEY, now: () => Date.now() + 8 * DAY_MS });
    const agent = await startAgent('late', KEY);
    expect(await agent.dispatch('queue.echo', { text: 'late' })).toMatchObject({
      ok: false,
      error: { code: 'permission_denied', reason: expect.stringContaining('more than 7 days ago') },
    });
  });

  it('refuses a key too short to be one, and an option it does not know, naming it', async () => {
    await expect(
      new Container().loadAsync(
        queuedToolset({
          name: 'q',
          tools: TOOLS,
          queue: { connection: { url: redis.url }, name: 'x' },
          signingKey: 'short',
        }),
      ),
    ).rejects.toThrow(/signingKey must be a string or Uint8Array of at least 32 bytes/);
    const typo = { name: 'q', tools: TOOLS, queue: { connection: { url: redis.url }, name: 'x' }, signingkey: KEY };
    await expect(new Container().loadAsync(queuedToolset(typo as never))).rejects.toThrow(/unknown option signingkey/);
    const registry = await startAgent('unused');
    await expect(
      toolWorker({ registry, queue: { connection: { url: redis.url }, name: 'x' }, signingKey: [] }),
    ).rejects.toThrow(/a list of 1 to 8 keys/);
    await expect(
      toolWorker({ registry, queue: { connection: { url: redis.url }, name: 'x' }, signingKey: 'short' }),
    ).rejects.toThrow(/at least 32 bytes/);
    await expect(
      toolWorker({ registry, queue: { connection: { url: redis.url }, name: 'x' }, signingKeys: [KEY] } as never),
    ).rejects.toThrow(/unknown option signingKeys/);
  });
});

describe('a queue without a signing key: Redis is trusted, and the audit says what the job asserted', () => {
  beforeAll(async () => {
    await startWorker('plain');
  });

  it("records a job's approval and grant as unverified", async () => {
    const approved = await inject(
      'plain',
      forged({ tool: 'queue.drop', input: { table: 'trusted' }, callId: 'asserted-approval', approval: { by: 'ceo' } }),
      'plain-1',
    );
    expect(approved).toMatchObject({ ok: true, value: 'dropped trusted' });
    const record = records.find((r) => r.callId === 'asserted-approval');
    expect(record).toMatchObject({ approval: { approved: true, by: 'ceo' }, outcome: 'ok' });
    expect([...(record?.unverified ?? [])].sort()).toEqual(['approval', 'caller', 'permissions']);

    const admin = await inject(
      'plain',
      forged({ tool: 'queue.secret_op', input: { what: 'x' }, callId: 'asserted-grant', permissions: ['*'] }),
      'plain-2',
    );
    expect(admin).toMatchObject({ ok: true, value: 'done: x' });
    expect(records.find((r) => r.callId === 'asserted-grant')).toMatchObject({
      access: 'allowed',
      unverified: ['caller', 'permissions'],
    });
  });
});

describe('a worker whose module names an approver', () => {
  it('asks it, whatever approval the job claims: a job cannot override the operator', async () => {
    await startWorker('approver', { approve: () => 'the operator says no' });
    const outcome = await inject(
      'approver',
      forged({ tool: 'queue.drop', input: { table: 'guarded' }, callId: 'override', approval: { by: 'ceo' } }),
      'approver-1',
    );
    expect(outcome).toMatchObject({ ok: false, error: { code: 'approval_denied', reason: 'the operator says no' } });
    expect(dropped.get('guarded')).toBeUndefined();
    expect(records.find((r) => r.callId === 'override')).toMatchObject({
      approval: { approved: false, reason: 'the operator says no' },
      outcome: 'approval_denied',
    });
  });
});

describe('queue options read by their own keys only', () => {
  const proto = Object.prototype as Record<string, unknown>;
  afterEach(() => {
    for (const key of ['granted', 'describeCaller', 'concurrency', 'drainTimeoutMs', 'signingKey']) delete proto[key];
  });

  it('queuedToolset: a polluted Object.prototype grants nothing and describes no caller', async () => {
    proto.granted = PermissionSet.all();
    proto.describeCaller = () => ({ user: 'mallory' });
    const agent = await agentWithoutGrant('plain');
    // The baseline grant is none: the call is refused on the agent, never queued.
    expect(await agent.dispatch('queue.secret_op', { what: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'permission_denied' },
    });
  });

  it('toolWorker: a polluted Object.prototype sets no option', async () => {
    proto.concurrency = 0;
    proto.drainTimeoutMs = -1;
    proto.signingKey = KEY;
    const worker = await startWorker('polluted');
    delete proto.signingKey;
    // Unsigned, and run: the inherited signingKey was not read.
    expect(await inject('polluted', forged({ tool: 'queue.echo', input: { text: 'x' } }), 'polluted-1')).toMatchObject({
      ok: true,
      value: { text: 'x' },
    });
    expect(worker.queue.name).toBe('polluted');
  });
});

/** An agent whose queuedToolset is given no granted option at all. */
async function agentWithoutGrant(name: string): Promise<ToolRegistry> {
  const container = new Container();
  const module = queuedToolset({ name: 'queue', tools: TOOLS, queue: { connection: { url: redis.url }, name } });
  modules.push(module);
  await container.loadAsync(toolsModule(), module);
  return container.get(ToolRegistry);
}
