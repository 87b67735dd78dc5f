// The queue's part of `npm run bench` (hermes-tools/queue): what a call pays for going through
// Redis to a worker process, against a direct local call, and how many calls a second one and two
// worker processes answer. Run alone with `npm run build && npm run compile && node build/bench/queue.js`.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ToolRegistry, toolsModule } from 'hermes-tools';
import { queuedToolset, toolWorker } from 'hermes-tools/queue';
import { Queue, QueueEvents, Worker } from 'bullmq';
import { Container } from 'inversify';
import { startRedisServer } from '../test/support/redisServer.js';
import { format, measure, median } from './measure.js';
import { BENCH_QUEUE_TOOLS, container as localContainer } from './queueWorker.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const CLI = path.resolve(here, '../../dist/src/cli/main.js');
const WORKER_MODULE = path.resolve(here, 'queueWorker.js');

const BARE_WORKER = path.resolve(here, 'bareQueueWorker.js');

/** A worker process: ours (`hermes-tools worker`), or with `bare`, a bare BullMQ Worker doing the same jobs. */
async function startWorker(url: string, queue: string, concurrency: number, bare = false): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    bare
      ? [BARE_WORKER, url, queue, String(concurrency)]
      : [
          CLI,
          '--module',
          WORKER_MODULE,
          'worker',
          '--redis',
          url,
          '--queue',
          queue,
          '--concurrency',
          String(concurrency),
        ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let seen = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      seen += chunk.toString('utf8');
      if (seen.includes('worker: taking calls')) {
        child.stdout!.off('data', onData);
        child.stdout!.resume();
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`a bench worker exited (${code}) before it was ready: ${seen}`)));
  });
  return child;
}

async function stopWorkers(workers: readonly ChildProcess[]): Promise<void> {
  await Promise.all(
    workers.map(async (w) => {
      w.kill('SIGTERM');
      if (w.exitCode === null) await once(w, 'exit');
    }),
  );
}

/** Calls per second for `total` calls, `inFlight` at a time. */
async function throughput(call: (i: number) => Promise<unknown>, total: number, inFlight: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < total) await call(next++);
    }),
  );
  return total / ((performance.now() - started) / 1000);
}

/**
 * Untimed calls to freshly started worker processes, ours and bare alike, before their throughput is timed: a worker
 * process spends its first thousand or so jobs compiling its code path (bench/NOTES.md, session 26).
 */
async function warmUp(add: (i: number) => Promise<unknown>, io: (i: number) => Promise<unknown>): Promise<void> {
  await throughput(add, 1_000, 64);
  await throughput(io, 200, 64);
}

/** The queue's section of bench/RESULTS.md, and its target row (none when skipped). */
export interface QueueResults {
  readonly lines: string[];
  /** Our queued call's added latency ÷ bare BullMQ's, both workers in the agent's process. */
  readonly latencyRatio: number | undefined;
}

/** The lines of the queue's section of bench/RESULTS.md, or one line saying why it was skipped. */
export async function measureQueue(rounds: number, log: (line: string) => void): Promise<QueueResults> {
  if (spawnSync('sh', ['-c', 'command -v redis-server'], { stdio: 'ignore' }).status !== 0) {
    return {
      latencyRatio: undefined,
      lines: [
        '## Queue (`hermes-tools/queue`)',
        '',
        'Skipped: no redis-server on PATH (Debian/Ubuntu: `apt-get install redis-server`; macOS: `brew install redis`).',
        '',
      ],
    };
  }
  log(
    'the queue: a direct call against a queued call to 1 worker process, then throughput with 1 and 2 worker processes',
  );
  const redis = await startRedisServer();
  const url = redis.url;
  const local = (await localContainer()).get(ToolRegistry);
  const agents: { close(): Promise<void> }[] = [];
  const agentFor = async (queue: string): Promise<ToolRegistry> => {
    const module = queuedToolset({
      name: 'bench',
      tools: BENCH_QUEUE_TOOLS,
      queue: { connection: { url }, name: queue },
    });
    agents.push(module);
    const c = new Container();
    await c.loadAsync(toolsModule(), module);
    return c.get(ToolRegistry);
  };
  const workers: ChildProcess[] = [];
  try {
    const agent = await agentFor('latency');
    workers.push(await startWorker(url, 'latency', 1));
    // The peer: bare BullMQ, a job added and awaited, its Worker in this process returning a + b (the last 1,000 jobs
    // kept: waitUntilFinished reads the job back).
    const connection = { url };
    const bare = new Queue('bare', { connection });
    const bareEvents = new QueueEvents('bare', { connection });
    const bareWorker = new Worker(
      'bare',
      async (job) => (job.data as { a: number; b: number }).a + (job.data as { a: number; b: number }).b,
      { connection },
    );
    const inProcess = await agentFor('in-process');
    const ownWorker = await toolWorker({
      registry: local,
      queue: { connection, name: 'in-process' },
      shutdownSignals: [],
    });
    await Promise.all([bareEvents.waitUntilReady(), bareWorker.waitUntilReady()]);
    const bareCall = async (): Promise<unknown> =>
      (await bare.add('add', { a: 1, b: 2 }, { removeOnComplete: 1000 })).waitUntilFinished(bareEvents);
    let latency: Map<string, number>;
    try {
      latency = await measure(
        [
          { name: 'direct', run: () => local.call('bench.add', { a: 1, b: 2 }) },
          { name: 'queued', run: () => agent.call('bench.add', { a: 1, b: 2 }) },
          { name: 'queued here', run: () => inProcess.call('bench.add', { a: 1, b: 2 }) },
          { name: 'bare', run: bareCall },
        ],
        rounds,
        log,
      );
    } finally {
      await Promise.all([ownWorker.close(), bareWorker.close()]);
      await Promise.all([bare.close(), bareEvents.close()]);
    }
    await stopWorkers(workers.splice(0));

    const rates: Record<string, number[]> = {
      add1: [],
      add2: [],
      io1: [],
      io2: [],
      bareAdd1: [],
      bareAdd2: [],
      bareIo1: [],
      bareIo2: [],
      direct: [],
    };
    const scaling = await agentFor('throughput');
    // The peer's agent side: jobs added and awaited, as a queued call is.
    const peerQueue = new Queue('bare-throughput', { connection });
    // BullMQ listens for the queue's closing once per job being added: 64 at a time here.
    peerQueue.setMaxListeners(128);
    const peerEvents = new QueueEvents('bare-throughput', { connection });
    await peerEvents.waitUntilReady();
    const peerCall = async (name: string, data: object): Promise<unknown> =>
      (await peerQueue.add(name, data, { removeOnComplete: 1000 })).waitUntilFinished(peerEvents);
    for (let round = 0; round < 3; round++) {
      rates.direct!.push(await throughput((i) => local.call('bench.add', { a: i, b: 1 }), 20_000, 64));
      for (const count of [1, 2]) {
        const started = await Promise.all(Array.from({ length: count }, () => startWorker(url, 'throughput', 16)));
        await warmUp(
          (i) => scaling.call('bench.add', { a: i, b: 1 }),
          (i) => scaling.call('bench.io', { n: i }),
        );
        rates[`add${count}`]!.push(await throughput((i) => scaling.call('bench.add', { a: i, b: 1 }), 2_000, 64));
        rates[`io${count}`]!.push(await throughput((i) => scaling.call('bench.io', { n: i }), 1_000, 64));
        await stopWorkers(started);
        const bareStarted = await Promise.all(
          Array.from({ length: count }, () => startWorker(url, 'bare-throughput', 16, true)),
        );
        await warmUp(
          (i) => peerCall('add', { a: i, b: 1 }),
          (i) => peerCall('io', { n: i }),
        );
        rates[`bareAdd${count}`]!.push(await throughput((i) => peerCall('add', { a: i, b: 1 }), 2_000, 64));
        rates[`bareIo${count}`]!.push(await throughput((i) => peerCall('io', { n: i }), 1_000, 64));
        await stopWorkers(bareStarted);
      }
      log(`  throughput round ${round + 1}/3`);
    }
    await Promise.all([peerQueue.close(), peerEvents.close()]);
    const direct = latency.get('direct')!;
    const queued = latency.get('queued')!;
    const queuedHere = latency.get('queued here')!;
    const bareBullmq = latency.get('bare')!;
    const rate = (key: string): string => `${Math.round(median(rates[key]!)).toLocaleString('en')} calls/s`;
    const ratio = (ours: string, peer: string): string =>
      `${(median(rates[ours]!) / median(rates[peer]!)).toFixed(2)}×`;
    const latencyRatio = (queuedHere - direct) / bareBullmq;
    return {
      latencyRatio,
      lines: [
        '## Queue (`hermes-tools/queue`)',
        '',
        `One agent process (this one) and worker processes started with \`hermes-tools worker\`, on a local \`redis-server\` (persistence off). The queued tool is the same as the direct one, \`bench.add\` (validation, guard, handler); latency is one call at a time to 1 worker process, throughput is the median of 3 rounds with 64 calls in flight and \`--concurrency 16\` per worker, each set of worker processes first given 1,000 \`add\` and 200 \`io\` calls untimed. \`bench.io\` waits 10 ms on the worker, as a call to another service would. All processes share this machine's cores, and Redis with them.`,
        '',
        '| case | median per call | vs direct call |',
        '|---|--:|--:|',
        `| direct \`registry.call\` | ${format(direct)} | 1.0× |`,
        `| queued call, 1 worker process | ${format(queued)} | ${(queued / direct).toFixed(0)}× |`,
        `| the queue's added latency per call (queued − direct) | ${format(queued - direct)} | |`,
        `| queued call, \`toolWorker\` in this process | ${format(queuedHere)} | ${(queuedHere / direct).toFixed(0)}× |`,
        `| peer: bare BullMQ \`add\` + \`waitUntilFinished\`, its \`Worker\` in this process | ${format(bareBullmq)} | ${(bareBullmq / direct).toFixed(0)}× |`,
        `| hermes queued call ÷ bare BullMQ, both workers in this process | ${(queuedHere / bareBullmq).toFixed(2)}× | |`,
        `| the queue's added latency (queued in this process − direct) ÷ bare BullMQ's call | ${latencyRatio.toFixed(2)}× | |`,
        '',
        '| throughput | 1 worker process | 2 worker processes |',
        '|---|--:|--:|',
        `| direct \`registry.call\`, in this process (no worker) | ${rate('direct')} | |`,
        `| queued \`bench.add\` | ${rate('add1')} | ${rate('add2')} |`,
        `| queued \`bench.io\` (10 ms of waiting per call) | ${rate('io1')} | ${rate('io2')} |`,
        `| peer: bare BullMQ, \`add\` (a + b) | ${rate('bareAdd1')} | ${rate('bareAdd2')} |`,
        `| peer: bare BullMQ, \`io\` (10 ms of waiting per job) | ${rate('bareIo1')} | ${rate('bareIo2')} |`,
        `| ours ÷ bare, \`bench.add\` | ${ratio('add1', 'bareAdd1')} | ${ratio('add2', 'bareAdd2')} |`,
        `| ours ÷ bare, \`bench.io\` | ${ratio('io1', 'bareIo1')} | ${ratio('io2', 'bareIo2')} |`,
        '',
      ],
    };
  } finally {
    await stopWorkers(workers);
    await Promise.all(agents.map((a) => a.close()));
    await redis.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { lines } = await measureQueue(
    Number(process.env.BENCH_ROUNDS ?? 15),
    (line) => void process.stderr.write(`${line}\n`),
  );
  process.stdout.write(`${lines.join('\n')}\n`);
}
