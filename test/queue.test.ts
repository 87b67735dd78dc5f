import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Queue, QueueEvents, QueueEventsProducer } from 'bullmq';
import { Type } from 'class-transformer';
import { IsInt, IsString, Min, MinLength, ValidateNested } from 'class-validator';
import {
  Arg,
  Ctx,
  Input,
  type QuestionRequest,
  type ToolContext,
  PermissionSet,
  RequiresApproval,
  Tool,
  type ToolOutcome,
  ToolRegistry,
  toolset,
  toolsModule,
} from 'hermes-tools';
import { createMcpServer } from 'hermes-tools/mcp';
import {
  type QueuedToolsetModule,
  queuedToolset,
  type ToolWorker,
  type ToolWorkerOptions,
  toolWorker,
} from 'hermes-tools/queue';
import { Container } from 'inversify';
import { QUEUE_TOOLS, runs, seen } from './fixtures/queueTools.js';
import { type RedisServer, startRedisServer } from './support/redisServer.js';

@Tool({ name: 'queue.drop', description: 'Drops a table; needs a person to approve it.', destructive: true })
@RequiresApproval('it deletes data')
class QueueDrop {
  execute(@Arg('table') table: string) {
    return `dropped ${table}`;
  }
}

class Line {
  @IsString() @MinLength(1) sku!: string;
  @IsInt() @Min(1) quantity!: number;
}

class OrderInput {
  @IsString() customer!: string;
  @ValidateNested() @Type(() => Line) line!: Line;
}

@Tool({ name: 'queue.order', description: 'Places an order (a DTO tool).' })
class QueueOrder {
  execute(@Input() order: OrderInput) {
    return { customer: order.customer, lineIsDto: order.line instanceof Line, total: order.line.quantity };
  }
}

@Tool({ name: 'queue.paint', description: 'Paints a fence, asking the colour first.' })
class QueuePaint {
  async execute(@Arg('fence') fence: string, @Ctx() ctx: ToolContext) {
    const { colour } = await ctx.ask({
      message: `Which colour for ${fence}?`,
      fields: { colour: { type: 'string', enum: ['red', 'green'] } },
      required: ['colour'],
    });
    return `${fence} painted ${String(colour)}`;
  }
}

/** The questions the worker's module-wide asker was given. */
const workerAsked: QuestionRequest[] = [];

const TOOLS = [...QUEUE_TOOLS, QueueDrop, QueueOrder, QueuePaint];
const TRACEPARENT = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

let redis: RedisServer;
let agent: ToolRegistry;
/** An agent whose queue has no worker: whatever it queues stays there to be looked at. */
let idle: ToolRegistry;
let local: ToolRegistry;
let worker: ToolWorker;
let inspect: Queue;
let idleQueue: Queue;
let idleEvents: QueueEvents;
const modules: QueuedToolsetModule[] = [];

/** Resolves when the held call with this key starts on the worker, and when its signal aborts there. */
function watch(key: string): { started: Promise<void>; aborted: Promise<void> } {
  let started!: () => void;
  let aborted!: () => void;
  const watched = {
    started: new Promise<void>((r) => (started = r)),
    aborted: new Promise<void>((r) => (aborted = r)),
  };
  seen.set(key, { started, aborted });
  return watched;
}

/** The next event of this name on the idle queue. */
function next(event: 'waiting' | 'removed'): Promise<string> {
  return new Promise((resolve) => idleEvents.once(event, ({ jobId }: { jobId: string }) => resolve(jobId)));
}

async function agentRegistry(name: string, options: { approve?: boolean } = {}): Promise<ToolRegistry> {
  const container = new Container();
  const module = queuedToolset({
    name: 'queue',
    tools: TOOLS,
    granted: PermissionSet.none().grant('jobs:*'),
    queue: { connection: { url: redis.url }, name },
    retry: { backoffMs: 10 },
  });
  modules.push(module);
  await container.loadAsync(
    toolsModule({ approvals: { approve: () => options.approve === true || 'nobody approved it' } }),
    module,
  );
  return container.get(ToolRegistry);
}

beforeAll(async () => {
  redis = await startRedisServer();
  const workerContainer = new Container();
  // A worker has no client to ask: its module names who its tools' questions go to (a chat bot, a ticket…).
  await workerContainer.load(
    toolsModule({
      questions: {
        ask: (request) => {
          workerAsked.push(request);
          return { action: 'accept', content: { colour: 'green' } };
        },
      },
    }),
  );
  await workerContainer.load(toolset({ name: 'queue', tools: TOOLS, granted: PermissionSet.none().grant('jobs:*') }));
  local = workerContainer.get(ToolRegistry);
  worker = await toolWorker({
    registry: local,
    queue: { connection: { url: redis.url }, name: 'calls' },
    concurrency: 4,
    shutdownSignals: [],
  });
  agent = await agentRegistry('calls', { approve: true });
  idle = await agentRegistry('idle');
  inspect = new Queue('calls', { connection: { url: redis.url } });
  idleQueue = new Queue('idle', { connection: { url: redis.url } });
  idleEvents = new QueueEvents('idle', { connection: { url: redis.url } });
  await idleEvents.waitUntilReady();
});

afterAll(async () => {
  await worker?.close();
  await Promise.all(modules.map((m) => m.close()));
  await Promise.all([inspect?.close(), idleQueue?.close(), idleEvents?.close()]);
  await redis?.stop();
});

describe('queuedToolset', () => {
  it('runs a call on the worker and gives its outcome, with the call id, caller and trace context carried', async () => {
    const outcome = await agent.dispatch(
      'queue.echo',
      { text: 'hi' },
      { callId: 'call-1', caller: { user: 'ann' }, trace: { traceparent: TRACEPARENT } },
    );
    expect(outcome).toEqual({
      ok: true,
      tool: 'queue.echo',
      callId: 'call-1',
      value: {
        text: 'hi',
        pid: process.pid,
        caller: { user: 'ann' },
        trace: { traceparent: TRACEPARENT },
        callId: 'call-1',
      },
    });
  });

  it("carries a ToolResult's parts and value through Redis, read again by the agent's dispatch", async () => {
    const outcome = await agent.dispatch('queue.chart', { label: 'tiny' });
    expect(outcome).toMatchObject({
      ok: true,
      value: { width: 1, height: 1 },
      content: [
        { type: 'text', text: 'tiny' },
        { type: 'image', data: Buffer.from([0x89, 0x50, 0x4e, 0x47]).toString('base64'), mimeType: 'image/png' },
      ],
    });
  });

  it('queues a DTO tool: the worker rebuilds and validates the DTO from the JSON the job carries', async () => {
    const order = { customer: 'ann', line: { sku: 'b-1', quantity: 2 } };
    expect(await agent.dispatch('queue.order', order)).toMatchObject({
      ok: true,
      value: { customer: 'ann', lineIsDto: true, total: 2 },
    });
    const bad = { customer: 'ann', line: { sku: '', quantity: 0 } };
    const [queued, direct] = await Promise.all([
      agent.dispatch('queue.order', bad, { callId: 'o' }),
      local.dispatch('queue.order', bad, { callId: 'o' }),
    ]);
    expect(queued).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(queued).toEqual(direct);
  });

  it('lists the same definitions as a local toolset of the same classes', () => {
    expect(agent.definitions()).toEqual(local.definitions());
  });

  it('never queues a call refused locally: denied, invalid, or not approved', async () => {
    const denied = await idle.dispatch(
      'queue.secret_op',
      { what: 'x' },
      { permissions: PermissionSet.none().grant('jobs:run') },
    );
    const invalid = await idle.dispatch('queue.echo', { text: 5, extra: true });
    const unapproved = await idle.dispatch('queue.drop', { table: 'users' });
    expect([denied, invalid, unapproved].map((o) => !o.ok && o.error.code)).toEqual([
      'permission_denied',
      'invalid_input',
      'approval_denied',
    ]);
    expect(await idleQueue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'completed', 'failed')).toEqual({
      waiting: 0,
      active: 0,
      delayed: 0,
      prioritized: 0,
      completed: 0,
      failed: 0,
    });

    // The same queue takes a call that is allowed: it waits there, with no worker, until it is cancelled.
    const controller = new AbortController();
    const waiting = next('waiting');
    const call = idle.dispatch('queue.echo', { text: 'allowed' }, { signal: controller.signal });
    const jobId = await waiting;
    expect(await idleQueue.getJobCounts('waiting')).toEqual({ waiting: 1 });
    const removed = next('removed');
    controller.abort();
    expect(await call).toMatchObject({ ok: false, error: { code: 'aborted' } });
    expect(await removed).toBe(jobId);
    expect(await idleQueue.getJobCounts('waiting')).toEqual({ waiting: 0 });
  });

  it('puts in the job the call and nothing else: no environment variable reaches Redis', async () => {
    process.env.HERMES_QUEUE_TEST_SECRET = 'sk-queue-test-0123456789';
    const controller = new AbortController();
    const waiting = next('waiting');
    const call = idle.dispatch(
      'queue.echo',
      { text: 'look' },
      {
        signal: controller.signal,
        callId: 'c-look',
        caller: { user: 'bob' },
        permissions: PermissionSet.none().grant('jobs:run'),
      },
    );
    const job = await idleQueue.getJob(await waiting);
    controller.abort();
    await call;
    delete process.env.HERMES_QUEUE_TEST_SECRET;
    expect(job!.data).toEqual({
      v: 1,
      tool: 'queue.echo',
      input: { text: 'look' },
      callId: 'c-look',
      caller: { user: 'bob' },
      permissions: ['jobs:run'],
      trace: null,
      approval: null,
    });
    expect(JSON.stringify(job!.data)).not.toContain('sk-queue-test');
  });

  it("gives a worker's error the same outcome as a local call: refused there, invalid, or thrown", async () => {
    const calls: [string, unknown][] = [
      ['queue.fail', { why: 'disk full' }],
      ['queue.echo', { text: 'x'.repeat(101) }],
      ['queue.no_such_tool', {}],
    ];
    for (const [name, args] of calls) {
      const [queued, direct] = await Promise.all([
        agent.dispatch(name, args, { callId: 'same' }),
        local.dispatch(name, args, { callId: 'same' }),
      ]);
      expect(queued).toEqual(direct);
    }
    const failed = (await agent.dispatch('queue.fail', { why: 'disk full' })) as Extract<ToolOutcome, { ok: false }>;
    expect(failed.error).toEqual({
      code: 'execution_failed',
      message: 'queue.fail failed: it broke: disk full',
      retryable: false,
    });
  });

  it('relays the progress reported on the worker to onProgress, in order, before the outcome', async () => {
    const reports: unknown[] = [];
    const outcome = await agent.dispatch(
      'queue.progress',
      { steps: 4 },
      { onProgress: (progress, total, message) => reports.push([progress, total, message]) },
    );
    expect(outcome).toMatchObject({ ok: true, value: 4 });
    expect(reports).toEqual([1, 2, 3, 4].map((n) => [n, 4, `step ${n}`]));
  });

  it('relays the progress reported on the worker to an MCP client, as notifications/progress', async () => {
    const server = createMcpServer(agent, { name: 'queued', version: '1.0.0', listChangedIntervalMs: 0 });
    const client = new Client({ name: 'test', version: '1.0.0' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await Promise.all([client.connect(clientSide), server.connect(serverSide)]);
    try {
      const progress: number[] = [];
      const result = await client.callTool({ name: 'queue.progress', arguments: { steps: 3 } }, undefined, {
        onprogress: (p) => void progress.push(p.progress),
      });
      expect(result.isError).toBeFalsy();
      expect(progress).toEqual([1, 2, 3]);
    } finally {
      await client.close();
    }
  });

  it("aborts a running job's ctx.signal on the worker when its caller cancels", async () => {
    const watched = watch('cancel-1');
    const controller = new AbortController();
    const call = agent.dispatch('queue.hold', { key: 'cancel-1' }, { signal: controller.signal });
    await watched.started;
    controller.abort();
    expect(await call).toMatchObject({ ok: false, error: { code: 'aborted' } });
    await watched.aborted;
    expect(runs.get('cancel-1')).toBe(1);
  });

  it("cancels the job when the caller's time limit passes", async () => {
    const watched = watch('timeout-1');
    const events = new QueueEvents('calls', { connection: { url: redis.url } });
    await events.waitUntilReady();
    try {
      const removed = new Promise<void>((resolve) => events.on('removed', () => resolve()));
      const call = agent.dispatch('queue.hold', { key: 'timeout-1' }, { timeoutMs: 200 });
      expect(await call).toMatchObject({ ok: false, error: { code: 'timeout' } });
      // Started before the limit: its signal aborts there. Not started yet: the job is removed, and never runs.
      await Promise.race([watched.aborted, removed]);
    } finally {
      await events.close();
    }
  });

  it('tries an idempotent tool again when its handler fails, and any other tool only once', async () => {
    expect(await agent.dispatch('queue.flaky', { key: 'f-1' })).toMatchObject({
      ok: true,
      value: { key: 'f-1', runs: 2 },
    });
    expect(await agent.dispatch('queue.flaky_once', { key: 'f-2' })).toMatchObject({
      ok: false,
      error: { code: 'execution_failed', message: 'queue.flaky_once failed: a passing fault' },
    });
    expect(runs.get('f-2')).toBe(1);
  });

  it('asks for approval on the agent, and runs the approved call on the worker without asking again', async () => {
    expect(await agent.dispatch('queue.drop', { table: 'old' })).toMatchObject({ ok: true, value: 'dropped old' });
  });

  it("asks a queued tool's question on the worker, through the worker module's asker, for the job's caller", async () => {
    expect(await agent.dispatch('queue.paint', { fence: 'north' }, { caller: 'ann' })).toMatchObject({
      ok: true,
      value: 'north painted green',
    });
    expect(workerAsked).toEqual([
      expect.objectContaining({ tool: 'queue.paint', caller: 'ann', message: 'Which colour for north?' }),
    ]);
  });

  it('removes the job of a call cancelled while the job was on its way to Redis, once it got there', async () => {
    // No worker reads this queue: a job left in it would wait there, and a worker would run it (its first attempt reads
    // no cancellation mark). The call is cancelled from describeCaller, just before its job is added.
    const controller = new AbortController();
    const container = new Container();
    const module = queuedToolset({
      name: 'queue',
      tools: TOOLS,
      granted: PermissionSet.none().grant('jobs:*'),
      queue: { connection: { url: redis.url }, name: 'cancelled-early' },
      describeCaller: (caller) => {
        queueMicrotask(() => controller.abort());
        return caller ?? null;
      },
    });
    const events = new QueueEvents('cancelled-early', { connection: { url: redis.url } });
    const queue = new Queue('cancelled-early', { connection: { url: redis.url } });
    try {
      await events.waitUntilReady();
      await container.loadAsync(module);
      const added = new Promise<string>((resolve) => events.once('waiting', ({ jobId }) => resolve(jobId)));
      const removed = new Promise<string>((resolve) => events.once('removed', ({ jobId }) => resolve(jobId)));
      const outcome = await container
        .get(ToolRegistry)
        .dispatch('queue.echo', { text: 'x' }, { signal: controller.signal });
      expect(outcome).toMatchObject({ ok: false, error: { code: 'aborted' } });
      expect(await removed).toBe(await added);
      expect(await queue.getJobCounts('waiting', 'active')).toEqual({ waiting: 0, active: 0 });
    } finally {
      await module.close();
      await Promise.all([events.close(), queue.close()]);
    }
  });

  it('refuses a caller that is not JSON, and names describeCaller', async () => {
    const outcome = await agent.dispatch('queue.echo', { text: 'x' }, { caller: { id: 10n } });
    expect(outcome).toMatchObject({ ok: false, error: { code: 'execution_failed' } });
    expect(!outcome.ok && outcome.error.message).toContain('describeCaller');
  });
});

describe('toolWorker', () => {
  /** Adds a job straight into Redis, as anyone who can write there could, and gives its outcome. */
  async function inject(data: unknown): Promise<ToolOutcome> {
    const events = new QueueEvents('calls', { connection: { url: redis.url } });
    await events.waitUntilReady();
    try {
      const job = await inspect.add('injected', data);
      return (await job.waitUntilFinished(events)) as ToolOutcome;
    } finally {
      await events.close();
    }
  }
  /**
   * A worker of its own on the queue `name` (one slot), with a Queue and a QueueEvents on that queue, and a producer on
   * its cancellation stream, where an agent publishes its cancellations; `close` closes all four.
   */
  async function workerQueue(name: string, options: Partial<ToolWorkerOptions>) {
    const connection = { connection: { url: redis.url } };
    const worker = await toolWorker({
      registry: local,
      queue: { ...connection, name },
      shutdownSignals: [],
      ...options,
    });
    const queue = new Queue(name, connection);
    const events = new QueueEvents(name, connection);
    const producer = new QueueEventsProducer('hermes-cancels', { ...connection, prefix: `bull:${name}` });
    const close = async (): Promise<void> => {
      await worker.close();
      await Promise.all([queue.close(), events.close(), producer.close()]);
    };
    try {
      await events.waitUntilReady();
    } catch (error) {
      await close();
      throw error;
    }
    return { queue, events, producer, close };
  }
  const job = (fields: object) => ({
    v: 1,
    callId: 'inj',
    caller: null,
    permissions: null,
    trace: null,
    approval: null,
    ...fields,
  });

  it('does not run a job whose cancellation it heard between the job being taken and its start', async () => {
    // A worker of one slot, held busy: the next job waits, and is taken once the held one ends.
    const { queue, events, producer, close } = await workerQueue('heard', {
      // Only a failing run has a job still held at close.
      drainTimeoutMs: 1000,
    });
    try {
      const busy = watch('heard-busy');
      const held = await queue.add('queue.hold', job({ tool: 'queue.hold', input: { key: 'heard-busy' } }));
      await busy.started;
      // The next job, cancelled as an agent does once removing it failed: by an event, with no mark in Redis.
      const next = await queue.add('queue.hold', job({ tool: 'queue.hold', input: { key: 'heard-next' } }));
      await producer.publishEvent({ eventName: 'hermes-tools:cancel', jobId: next.id! });
      // The reader reads in order: once the held job's cancellation aborts it, the next job's was heard.
      await producer.publishEvent({ eventName: 'hermes-tools:cancel', jobId: held.id! });
      await busy.aborted;
      expect(await next.waitUntilFinished(events)).toMatchObject({ ok: false, error: { code: 'aborted' } });
      expect(runs.get('heard-next')).toBeUndefined();
    } finally {
      await close();
    }
  });

  it("reads a first attempt's cancellation mark once a malformed entry has stopped its reader: it fails closed", async () => {
    let stopped!: (message: string) => void;
    const readerStopped = new Promise<string>((resolve) => (stopped = resolve));
    const { queue, events, producer, close } = await workerQueue('poisoned', {
      logger: {
        debug: () => undefined,
        info: () => undefined,
        warn: () => undefined,
        error: (_message, fields) => stopped(String((fields as { error?: unknown } | undefined)?.error)),
      },
    });
    try {
      // Anyone who can write to Redis can write this: BullMQ's reader parses a progress event's data as JSON, and stops.
      await producer.publishEvent({ eventName: 'progress', data: 'not json' } as never);
      expect(await readerStopped).toMatch(/JSON/);
      // Cancelled as an agent whose event the worker can no longer hear: by the mark it sets first.
      const client = await queue.getBackend().client;
      await client.set('bull:poisoned:hermes-cancel:poisoned-1', '1');
      const cancelled = await queue.add('queue.hold', job({ tool: 'queue.hold', input: { key: 'poisoned-1' } }), {
        jobId: 'poisoned-1',
      });
      expect(await cancelled.waitUntilFinished(events)).toMatchObject({ ok: false, error: { code: 'aborted' } });
      expect(runs.get('poisoned-1')).toBeUndefined();
    } finally {
      await close();
    }
  });

  it("checks a job's permissions and input again, trusting Redis no more than the agent trusts the model", async () => {
    expect(
      await inject(job({ tool: 'queue.secret_op', input: { what: 'x' }, permissions: ['jobs:run'] })),
    ).toMatchObject({
      ok: false,
      error: { code: 'permission_denied', permission: 'jobs:admin' },
    });
    expect(
      await inject(job({ tool: 'queue.echo', input: { text: 'x', __proto__: { polluted: true }, extra: 1 } })),
    ).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await inject(job({ tool: 'queue.drop', input: { table: 't' } }))).toMatchObject({
      ok: false,
      error: { code: 'approval_denied' },
    });
  });

  it('refuses a job that is not a hermes-tools call, naming what is wrong', async () => {
    const outcome = await inject(job({ tool: 'queue.echo', input: { text: 'x' }, env: { HOME: '/root' } }));
    expect(outcome).toMatchObject({ ok: false, error: { code: 'execution_failed' } });
    expect(!outcome.ok && outcome.error.message).toContain('unknown keys (env)');
    expect(await inject(job({ tool: 'queue.echo', input: { text: 'x' }, v: 2 }))).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('format version 2') },
    });
  });

  it('refuses a job whose permissions are not a list, never running it with the whole grant', async () => {
    for (const permissions of ['jobs:admin', '*', { 0: '*', length: 1 }, {}, 7]) {
      const outcome = await inject(job({ tool: 'queue.secret_op', input: { what: 'x' }, permissions }));
      expect(outcome).toMatchObject({
        ok: false,
        error: {
          code: 'execution_failed',
          message: expect.stringContaining('its permissions are not a list of strings'),
        },
      });
    }
  });

  it('refuses options that cannot work, all in one ToolDefinitionError', async () => {
    await expect(toolWorker({ queue: { connection: { url: redis.url }, name: 'x' } })).rejects.toThrow(
      /exactly one of registry/,
    );
    await expect(
      toolWorker({ registry: local, queue: { connection: { url: redis.url }, name: 'x' }, concurrency: 0 }),
    ).rejects.toThrow(/concurrency/);
    await expect(
      toolWorker({ registry: local, queue: { connection: { url: redis.url }, name: 'no spaces please' } }),
    ).rejects.toThrow(/queue must be \{ connection, name \}/);
  });
});
