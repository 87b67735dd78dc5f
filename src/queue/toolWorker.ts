import { type Job, QueueEvents, QueueEventsProducer, Worker } from 'bullmq';
import type { ToolOutcome } from '../contracts/ToolOutcome.js';
import { silentLogger } from '../context/silentLogger.js';
import { redactSecrets } from '../errors/redactSecrets.js';
import { ToolDefinitionError } from '../errors/ToolDefinitionError.js';
import { ToolRegistry } from '../registry/ToolRegistry.js';
import type { QueueAddress } from './QueueAddress.js';
import { CANCEL_EVENT, cancelKey, QUEUE_NAME } from './queueSignals.js';
import { type JobRunner, type RunningJob, runToolJob } from './runToolJob.js';
import { startReading } from './startReading.js';
import type { ToolWorkerOptions } from './ToolWorkerOptions.js';

/** A running `toolWorker`. */
export interface ToolWorker {
  /** Stops taking jobs, lets the running ones finish within `drainTimeoutMs` (then aborts them), and closes the connections. */
  close(): Promise<void>;
  /** Settles once the worker has closed, by `close()` or a shutdown signal. */
  readonly closed: Promise<void>;
  /** The queue it takes jobs from. */
  readonly queue: QueueAddress;
}

/**
 * Runs the jobs of `queuedToolset` calls through this process's own registry, so guards and
 * validation run again here, with the caller's grant from the job (a worker trusts Redis no more
 * than the agent trusts the model). Tools declared `idempotent: true` are tried again, with
 * backoff, when a worker dies mid-call or the handler fails; any other tool runs at most once, and
 * a call whose worker died ends in an error saying it may or may not have taken effect. On
 * SIGTERM (or `close()`) it stops taking jobs and lets the running ones finish within a limit.
 * Resolves once it takes jobs.
 *
 * @example
 * const worker = await toolWorker({ container, queue: { connection: { url: process.env.REDIS_URL }, name: 'reports' }, concurrency: 4 });
 */
export async function toolWorker(options: ToolWorkerOptions): Promise<ToolWorker> {
  const registry = resolveRegistry(options);
  const { queue: address } = options;
  const concurrency = options.concurrency ?? 1;
  const drainTimeoutMs = options.drainTimeoutMs ?? 30_000;
  const connection = { connection: address.connection, ...(address.prefix !== undefined && { prefix: address.prefix }) };
  const running = new Map<string, RunningJob>();
  const events = new QueueEvents(address.name, { ...connection, autorun: false });
  const producer = new QueueEventsProducer(address.name, connection);
  const logger = options.logger ?? silentLogger;
  const report = (error: unknown): void =>
    logger.error('hermes-tools worker: BullMQ reported an error', { queue: address.name, error: redactSecrets(error instanceof Error ? error.message : String(error)) });
  events.on('error', report);
  producer.on('error', report);
  events.on(
    CANCEL_EVENT as 'added',
    ((args: { jobId?: string }) => {
      const entry = args.jobId === undefined ? undefined : running.get(args.jobId);
      if (entry === undefined || entry.reason !== undefined) return;
      entry.reason = 'cancelled';
      entry.controller.abort();
    }) as never,
  );
  const worker: Worker = new Worker(address.name, (job: Job): Promise<ToolOutcome> => runToolJob(job, runner), {
    ...connection,
    autorun: false,
    concurrency,
    ...(options.lockDurationMs !== undefined && { lockDuration: options.lockDurationMs }),
    ...(options.stalledIntervalMs !== undefined && { stalledInterval: options.stalledIntervalMs }),
    maxStalledCount: 1,
  });
  worker.on('error', report);
  const client = await worker.getBackend().client;
  const runner: JobRunner = {
    registry,
    running,
    wasCancelled: async (jobId: string) => (await client.get(cancelKey(address, jobId))) !== null,
  };
  await startReading(events, producer);

  let closing: Promise<void> | undefined;
  let markClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => {
    markClosed = resolve;
  });
  const signals = options.shutdownSignals ?? ['SIGTERM', 'SIGINT'];
  const onSignal = (): void => void close();
  const close = (): Promise<void> => {
    closing ??= (async () => {
      for (const signal of signals) process.off(signal, onSignal);
      const finished = worker.close();
      const timer = setTimeout(() => {
        for (const entry of running.values()) {
          if (entry.reason !== undefined) continue;
          entry.reason = 'shutdown';
          entry.controller.abort();
        }
      }, drainTimeoutMs);
      try {
        await finished;
      } finally {
        clearTimeout(timer);
        await Promise.allSettled([events.close(), producer.close()]);
        markClosed();
      }
    })();
    return closing;
  };
  for (const signal of signals) process.once(signal, onSignal);
  void worker.run().catch(report);
  await worker.waitUntilReady();
  return { close, closed, queue: address };
}

function resolveRegistry(options: ToolWorkerOptions): ToolRegistry {
  const where = 'toolWorker';
  if ((options.registry === undefined) === (options.container === undefined))
    throw new ToolDefinitionError([{ where, code: 'invalid_worker', message: 'give exactly one of registry (a ToolRegistry) or container (one that holds your toolsets)' }]);
  const registry = options.registry ?? options.container!.get(ToolRegistry);
  if (!(registry instanceof ToolRegistry)) throw new ToolDefinitionError([{ where, code: 'invalid_worker', message: 'registry must be a ToolRegistry' }]);
  const queue = options.queue as unknown as Record<string, unknown> | undefined;
  if (
    typeof queue !== 'object' ||
    queue === null ||
    typeof queue.connection !== 'object' ||
    queue.connection === null ||
    typeof queue.name !== 'string' ||
    !QUEUE_NAME.test(queue.name)
  )
    throw new ToolDefinitionError([
      {
        where,
        code: 'invalid_worker',
        message: `queue must be { connection, name }, the name matching ${QUEUE_NAME.source}, e.g. { connection: { url: 'redis://127.0.0.1:6379' }, name: 'tools' }`,
      },
    ]);
  const concurrency = options.concurrency ?? 1;
  if (!(Number.isInteger(concurrency) && concurrency >= 1 && concurrency <= 10_000))
    throw new ToolDefinitionError([{ where, code: 'invalid_worker', message: 'concurrency must be a whole number from 1 to 10000' }]);
  for (const key of ['drainTimeoutMs', 'lockDurationMs', 'stalledIntervalMs'] as const) {
    const value = options[key];
    if (value !== undefined && !(Number.isInteger(value) && value > 0 && value <= 2_147_483_647))
      throw new ToolDefinitionError([{ where, code: 'invalid_worker', message: `${key} must be a whole number of milliseconds greater than 0` }]);
  }
  return registry;
}
