import type { Buffer } from 'node:buffer';
import { type Job, QueueEvents, QueueEventsProducer, Worker } from 'bullmq';
import type { Logger } from '../contracts/Logger.js';
import type { ToolOutcome } from '../contracts/ToolOutcome.js';
import { silentLogger } from '../context/silentLogger.js';
import { redactSecrets } from '../errors/redactSecrets.js';
import { ToolDefinitionError } from '../errors/ToolDefinitionError.js';
import { ToolRegistry } from '../registry/ToolRegistry.js';
import { REPLAY_WINDOW_MS } from './checkJobSignature.js';
import { ownOptions } from '../internal/ownOptions.js';
import type { QueueAddress } from './QueueAddress.js';
import { HeardCancellations } from './HeardCancellations.js';
import { CANCEL_EVENT, cancelKey, cancelStream, QUEUE_NAME } from './queueSignals.js';
import { ranKey } from './ranKey.js';
import { readQueueAddress } from './readQueueAddress.js';
import { readSigningKeys } from './readSigningKeys.js';
import { type JobRunner, type RunningJob, runToolJob } from './runToolJob.js';
import { startReading } from './startReading.js';
import type { ToolWorkerOptions } from './ToolWorkerOptions.js';

/** A running `toolWorker`. */
export interface ToolWorker {
  /**
   * Stops taking jobs, lets the running ones finish within `drainTimeoutMs` (then aborts them), and closes the
   * connections.
   */
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
 * const worker = await toolWorker({ container, queue: { connection: { url: process.env.REDIS_URL }, name: 'reports' },
 * concurrency: 4 });
 */
export async function toolWorker(options: ToolWorkerOptions): Promise<ToolWorker> {
  const settings = readWorkerOptions(options);
  const { registry, queue: address, concurrency, drainTimeoutMs, keys, logger } = settings;
  const connection = {
    connection: address.connection,
    ...(address.prefix !== undefined && { prefix: address.prefix }),
  };
  const running = new Map<string, RunningJob>();
  const heard = new HeardCancellations(settings.now);
  // Until the reader stops: a failed reader (a malformed entry, a connection that went away) hears nothing more.
  let hearing = true;
  // Only the cancellations are read, from their own stream: the queue's stream has several events per job.
  const stream = cancelStream(address);
  const cancels = { connection: address.connection, prefix: stream.prefix };
  const events = new QueueEvents(stream.name, { ...cancels, autorun: false });
  const producer = new QueueEventsProducer(stream.name, cancels);
  const report = (error: unknown): void =>
    logger.error('hermes-tools worker: BullMQ reported an error', {
      queue: address.name,
      error: redactSecrets(error instanceof Error ? error.message : String(error)),
    });
  events.on('error', report);
  producer.on('error', report);
  events.on(
    CANCEL_EVENT as 'added',
    ((args: { jobId?: string }) => {
      if (typeof args.jobId !== 'string') return;
      const entry = running.get(args.jobId);
      // Not running here: it may be about to (its move to active done, its start not yet), or on another worker.
      if (entry === undefined) heard.add(args.jobId);
      if (entry === undefined || entry.reason !== undefined) return;
      entry.reason = 'cancelled';
      entry.controller.abort();
    }) as never,
  );
  const worker: Worker = new Worker(address.name, (job: Job): Promise<ToolOutcome> => runToolJob(job, runner), {
    ...connection,
    autorun: false,
    concurrency,
    ...(settings.lockDurationMs !== undefined && { lockDuration: settings.lockDurationMs }),
    ...(settings.stalledIntervalMs !== undefined && { stalledInterval: settings.stalledIntervalMs }),
    maxStalledCount: 1,
  });
  worker.on('error', report);
  const client = await worker.getBackend().client;
  const runner: JobRunner = {
    registry,
    running,
    heardCancelled: (jobId) => heard.has(jobId),
    hearing: () => hearing,
    wasCancelled: async (jobId) => (await client.get(cancelKey(address, jobId))) !== null,
    address,
    keys,
    marks: {
      // Both sent at once on the one connection: a single round trip.
      get: async (jobId) => {
        const [ran, cancelled] = await Promise.all([
          client.get(ranKey(address, jobId)),
          client.get(cancelKey(address, jobId)),
        ]);
        return { ran, cancelled: cancelled !== null };
      },
      set: async (jobId, mark) => void (await client.set(ranKey(address, jobId), mark, { PX: REPLAY_WINDOW_MS })),
    },
    logger,
    now: settings.now,
  };
  await startReading(events, producer, report, () => {
    hearing = false;
  });

  let closing: Promise<void> | undefined;
  let markClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => {
    markClosed = resolve;
  });
  const signals = settings.shutdownSignals;
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

const KEYS = [
  'registry',
  'container',
  'queue',
  'concurrency',
  'drainTimeoutMs',
  'shutdownSignals',
  'lockDurationMs',
  'stalledIntervalMs',
  'signingKey',
  'logger',
  'now',
] as const satisfies readonly (keyof ToolWorkerOptions)[];

/** The options as the worker reads them: own keys only, checked, with their defaults. */
interface WorkerSettings {
  readonly registry: ToolRegistry;
  readonly queue: QueueAddress;
  readonly concurrency: number;
  readonly drainTimeoutMs: number;
  readonly shutdownSignals: readonly NodeJS.Signals[];
  readonly lockDurationMs: number | undefined;
  readonly stalledIntervalMs: number | undefined;
  readonly keys: readonly Buffer[];
  readonly logger: Logger;
  readonly now: () => number;
}

function readWorkerOptions(options: ToolWorkerOptions): WorkerSettings {
  const where = 'toolWorker';
  const fail = (message: string): never => {
    throw new ToolDefinitionError([{ where, code: 'invalid_worker', message }]);
  };
  const { options: values, unknown } = ownOptions(options, KEYS);
  if (unknown.length > 0)
    fail(
      `unknown option ${unknown.slice(0, 5).join(', ')}; the options are ${KEYS.filter((k) => k !== 'now').join(', ')}`,
    );
  const given = values as Partial<Record<keyof ToolWorkerOptions, unknown>>;
  if ((given.registry === undefined) === (given.container === undefined))
    fail('give exactly one of registry (a ToolRegistry) or container (one that holds your toolsets)');
  const registry = given.registry ?? (given.container as NonNullable<ToolWorkerOptions['container']>).get(ToolRegistry);
  if (!(registry instanceof ToolRegistry)) fail('registry must be a ToolRegistry');
  const queue = readQueueAddress(given.queue);
  if (queue === undefined)
    fail(
      `queue must be { connection, name } (and an optional prefix), the name matching ${QUEUE_NAME.source}, e.g. { connection: { url: 'redis://127.0.0.1:6379' }, name: 'tools' }`,
    );
  const concurrency = given.concurrency ?? 1;
  if (!(Number.isInteger(concurrency) && (concurrency as number) >= 1 && (concurrency as number) <= 10_000))
    fail('concurrency must be a whole number from 1 to 10000');
  for (const key of ['drainTimeoutMs', 'lockDurationMs', 'stalledIntervalMs'] as const) {
    const value = given[key];
    if (
      value !== undefined &&
      !(Number.isInteger(value) && (value as number) > 0 && (value as number) <= 2_147_483_647)
    )
      fail(`${key} must be a whole number of milliseconds greater than 0`);
  }
  const signals = given.shutdownSignals ?? ['SIGTERM', 'SIGINT'];
  if (!Array.isArray(signals) || !signals.every((signal) => typeof signal === 'string'))
    fail("shutdownSignals must be a list of signal names, e.g. ['SIGTERM']");
  const keys = readSigningKeys(given.signingKey);
  if (!keys.ok) fail(keys.reason);
  const logger = given.logger ?? silentLogger;
  if (
    typeof logger !== 'object' ||
    logger === null ||
    typeof (logger as Logger).error !== 'function' ||
    typeof (logger as Logger).warn !== 'function'
  )
    fail('logger must have error and warn methods (a console-, pino- or winston-like logger)');
  const now = given.now ?? Date.now;
  if (typeof now !== 'function') fail('now must be a function');
  return {
    registry: registry as ToolRegistry,
    queue: queue as QueueAddress,
    concurrency: concurrency as number,
    drainTimeoutMs: (given.drainTimeoutMs as number | undefined) ?? 30_000,
    shutdownSignals: signals as readonly NodeJS.Signals[],
    lockDurationMs: given.lockDurationMs as number | undefined,
    stalledIntervalMs: given.stalledIntervalMs as number | undefined,
    keys: (keys as Extract<typeof keys, { ok: true }>).keys,
    logger: logger as Logger,
    now: now as () => number,
  };
}
