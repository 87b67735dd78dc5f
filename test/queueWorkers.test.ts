// Worker processes, each `hermes-tools worker` on the module test/fixtures/queueWorkerModule.ts,
// against a real redis-server: sharing calls, dying mid-call, and draining on SIGTERM. Every wait
// is on an event (a line a worker prints, an outcome, a process's exit), never on a clock.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Queue } from 'bullmq';
import { PermissionSet, ToolRegistry, toolsModule } from 'hermes-tools';
import { type QueuedToolsetModule, queuedToolset } from 'hermes-tools/queue';
import { Container } from 'inversify';
import { QUEUE_TOOLS } from './fixtures/queueTools.js';
import { type RedisServer, startRedisServer } from './support/redisServer.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const CLI = path.resolve(here, '../../dist/src/cli/main.js');
const MODULE = path.resolve(here, '../../dist/test/fixtures/queueWorkerModule.js');

interface WorkerProcess {
  readonly child: ChildProcess;
  readonly pid: number;
  /** Resolves with the first line (printed from now on, or already) that matches. */
  line(pattern: RegExp): Promise<string>;
  readonly exited: Promise<number | null>;
}

let redis: RedisServer;
let dir: string;
const workers: WorkerProcess[] = [];
const modules: QueuedToolsetModule[] = [];

async function startWorker(queue: string, ...extra: string[]): Promise<WorkerProcess> {
  const child = spawn(
    process.execPath,
    [CLI, '--module', MODULE, 'worker', '--redis', redis.url, '--queue', queue, ...extra],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
      env: { ...process.env, HERMES_QUEUE_STDIN: '1', HERMES_QUEUE_DIR: dir },
    },
  );
  const lines: string[] = [];
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  let rest = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const parts = (rest + chunk.toString('utf8')).split('\n');
    rest = parts.pop()!;
    for (const line of parts) {
      lines.push(line);
      for (const waiter of [...waiters]) {
        if (waiter.pattern.test(line)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(line);
        }
      }
    }
  });
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const line = (pattern: RegExp): Promise<string> => {
    const seen = lines.find((l) => pattern.test(l));
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      waiters.push({ pattern, resolve });
      void exited.then((code) =>
        reject(new Error(`the worker exited (${code}) before printing ${pattern}; it printed:\n${lines.join('\n')}`)),
      );
    });
  };
  const worker = { child, pid: child.pid!, line, exited };
  workers.push(worker);
  await line(/^worker: taking calls/);
  return worker;
}

async function agentFor(queue: string): Promise<ToolRegistry> {
  const container = new Container();
  const module = queuedToolset({
    name: 'queue',
    tools: QUEUE_TOOLS,
    granted: PermissionSet.none().grant('jobs:*'),
    queue: { connection: { url: redis.url }, name: queue },
  });
  modules.push(module);
  await container.loadAsync(toolsModule(), module);
  return container.get(ToolRegistry);
}

beforeAll(async () => {
  redis = await startRedisServer();
  dir = await mkdtemp(path.join(tmpdir(), 'hermes-queue-'));
});

afterAll(async () => {
  for (const worker of workers)
    if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGKILL');
  await Promise.all(workers.map((w) => w.exited));
  await Promise.all(modules.map((m) => m.close()));
  await redis?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('queuedToolset without Redis', () => {
  // In this file, which runs long after it: ioredis keeps a 2-second timer after dropping a connection that never came
  // up.
  it('fails to load, naming the connection, when Redis does not answer in time; and refuses options that cannot work', async () => {
    const free = await startRedisServer();
    const url = free.url;
    await free.stop();
    const unreachable = queuedToolset({
      name: 'late',
      tools: [QUEUE_TOOLS[0]!],
      queue: { connection: { url }, name: 'late' },
      connectTimeoutMs: 300,
    });
    await expect(new Container().loadAsync(unreachable)).rejects.toThrow(
      /did not answer within 300 ms; check queue.connection/,
    );
    const wrong = queuedToolset({
      name: 'bad',
      tools: [QUEUE_TOOLS[0]!],
      queue: { connection: { url }, name: 'has space' },
      retry: { attempts: 0 },
    });
    await expect(new Container().loadAsync(wrong)).rejects.toThrow(
      /queue.name must match[\s\S]*retry.attempts must be a whole number/,
    );
  });
});

describe('hermes-tools worker processes', () => {
  // A worker that dies is noticed when its job's lock (3 s here) lapses, by the other's check (every 500 ms).
  const fast = ['--concurrency', '4', '--lock-duration', '3000', '--stalled-interval', '500'];
  let agent: ToolRegistry;
  let a: WorkerProcess;
  let b: WorkerProcess;

  beforeAll(async () => {
    agent = await agentFor('shared');
    [a, b] = await Promise.all([startWorker('shared', ...fast), startWorker('shared', ...fast)]);
  });

  it('share 200 calls, each process doing some', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, (_, i) => agent.dispatch('queue.echo', { text: `call ${i}`, workMs: 5 })),
    );
    expect(outcomes.every((o) => o.ok)).toBe(true);
    const pids = outcomes.map((o) => (o.ok ? (o.value as { pid: number }).pid : 0));
    expect([...new Set(pids)].sort()).toEqual([a.pid, b.pid].sort());
    expect(outcomes.map((o) => o.ok && (o.value as { text: string }).text)).toEqual(
      Array.from({ length: 200 }, (_, i) => `call ${i}`),
    );
  });

  it('run an idempotent call again on the other worker when its worker is killed mid-call', async () => {
    const call = agent.dispatch('queue.hold_once', { key: 'idem' });
    const started = await Promise.race([a.line(/^STARTED idem /), b.line(/^STARTED idem /)]);
    const [victim, survivor] = started.endsWith(` ${a.pid}`) ? [a, b] : [b, a];
    victim.child.kill('SIGKILL');
    const outcome = await call;
    expect(outcome).toMatchObject({ ok: true, value: { key: 'idem', pid: survivor.pid } });
    expect(await survivor.line(/^FINISHED idem /)).toBe(`FINISHED idem ${survivor.pid}`);
    // The next test needs two live workers again.
    const replacement = await startWorker('shared', ...fast);
    if (victim === a) a = replacement;
    else b = replacement;
  });

  it('end a call that is not idempotent, whose worker was killed mid-call, in the "may or may not have taken effect" error, never running it twice', async () => {
    const call = agent.dispatch('queue.hold', { key: 'once' });
    const started = await Promise.race([a.line(/^STARTED once /), b.line(/^STARTED once /)]);
    const [victim, survivor] = started.endsWith(` ${a.pid}`) ? [a, b] : [b, a];
    victim.child.kill('SIGKILL');
    const outcome = await call;
    expect(outcome).toMatchObject({
      ok: false,
      tool: 'queue.hold',
      error: { code: 'execution_failed', retryable: false },
    });
    expect(!outcome.ok && outcome.error.message).toContain('may or may not have taken effect');
    // The survivor took the job back from Redis and answered without running the tool (which would have held it).
    const survivorStarted = await Promise.race([
      survivor.line(/^STARTED once /).then(() => true),
      Promise.resolve(false),
    ]);
    expect(survivorStarted).toBe(false);
  });
});

describe('hermes-tools worker on SIGTERM', () => {
  it('takes no more calls, lets the running one finish, then exits', async () => {
    const agent = await agentFor('drain');
    const inspect = new Queue('drain', { connection: { url: redis.url } });
    try {
      const worker = await startWorker('drain');
      const running = agent.dispatch('queue.hold', { key: 'drain-1' });
      await worker.line(/^STARTED drain-1 /);
      worker.child.kill('SIGTERM');
      await worker.line(/^worker: SIGTERM: taking no more calls/);
      const controller = new AbortController();
      const later = agent.dispatch('queue.echo', { text: 'after' }, { signal: controller.signal });
      worker.child.stdin!.write('release drain-1\n');
      expect(await running).toMatchObject({ ok: true, value: { key: 'drain-1', pid: worker.pid } });
      expect(await worker.exited).toBe(0);
      expect(await inspect.getJobCounts('waiting', 'active')).toEqual({ waiting: 1, active: 0 });
      controller.abort();
      expect(await later).toMatchObject({ ok: false, error: { code: 'aborted' } });
    } finally {
      await inspect.close();
    }
  });

  it('past its drain limit, aborts the running call, which ends in the "may or may not have taken effect" error', async () => {
    const agent = await agentFor('drain-limit');
    const worker = await startWorker('drain-limit', '--drain-timeout', '300');
    const running = agent.dispatch('queue.hold', { key: 'drain-2' });
    await worker.line(/^STARTED drain-2 /);
    worker.child.kill('SIGTERM');
    const outcome = await running;
    expect(outcome).toMatchObject({ ok: false, error: { code: 'execution_failed' } });
    expect(!outcome.ok && outcome.error.message).toContain('may or may not have taken effect');
    expect(await worker.line(/^ABORTED drain-2 /)).toBe(`ABORTED drain-2 ${worker.pid}`);
    expect(await worker.exited).toBe(0);
  });
});

describe('hermes-tools worker usage', () => {
  const run = (...args: string[]) =>
    promisify(execFile)(process.execPath, [CLI, '--module', MODULE, 'worker', ...args]).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );

  it('says what is missing or wrong in one line, with exit code 2, never echoing a password', async () => {
    expect(await run('--redis', 'redis://127.0.0.1:6379')).toEqual({
      code: 2,
      stderr: expect.stringMatching(/^hermes-tools: worker needs --queue <name>/),
    });
    const bad = await run('--redis', 'http://user:hunter2secret@example.test', '--queue', 'q');
    expect(bad).toEqual({ code: 2, stderr: expect.stringContaining('--redis needs a redis:// or rediss:// URL') });
    expect(bad.stderr).not.toContain('hunter2secret');
    expect(await run('--queue', 'q', '--concurrency', '0')).toEqual({
      code: 2,
      stderr: expect.stringContaining('--concurrency needs a whole number from 1 to 9999'),
    });
  });
});

describe('npm run start:queue', () => {
  it('runs a slow tool on a worker process while the agent answers other calls, and ends by itself', async () => {
    const sample = path.resolve(here, '../../dist/samples/queue/main.js');
    const child = spawn(process.execPath, [sample], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, REDIS_URL: redis.url },
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => void (out += chunk.toString('utf8')));
    let exited = false;
    child.once('exit', () => (exited = true));
    try {
      const [code] = await once(child, 'exit');
      expect(code).toBe(0);
    } finally {
      // A sample cut by the test's time limit must not outlive it (and keep calling the Redis this file stops).
      if (!exited) child.kill('SIGKILL');
    }
    expect(out).toMatch(/worker progress 4\/4: section 4 of "Q3 sales"/);
    expect(out).toMatch(/agent: answered 4 other calls while the report was built in worker process \d+/);
    expect(out).toContain('agent: an invalid call is refused here and never queued: invalid_input');
    expect(out).toContain('worker: stopped after SIGTERM');
    // Two processes, a build of the sample's modules and Redis round trips: a loaded machine needs more than the
    // default.
  }, 120_000);
});
