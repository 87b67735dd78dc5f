import type { Logger } from '../contracts/Logger.js';
import type { ToolRegistry } from '../registry/ToolRegistry.js';
import type { QueueAddress } from './QueueAddress.js';
import type { SigningKey } from './SigningKey.js';

/** Options of `toolWorker`: whose tools run, from which queue, how many at once, and how it stops. */
export interface ToolWorkerOptions {
  /** The worker's own registry: its guards, validation and tools run every job. Or give `container`. */
  readonly registry?: ToolRegistry;
  /** An Inversify container (anything with `get(ToolRegistry)`) holding the worker's toolsets. */
  readonly container?: {
    /** Gives the container's ToolRegistry. */
    get(id: typeof ToolRegistry): ToolRegistry;
  };
  readonly queue: QueueAddress;
  /** Jobs run at once by this worker. Default 1. */
  readonly concurrency?: number;
  /**
   * On `close()` or a shutdown signal, how long running jobs may take to finish, in milliseconds.
   * Past it their `ctx.signal` aborts: an idempotent tool's job is retried elsewhere, another ends
   * in the "may or may not have taken effect" error. Default 30,000.
   */
  readonly drainTimeoutMs?: number;
  /** Process signals that close the worker gracefully (once each). Default `['SIGTERM', 'SIGINT']`; `[]` for none. */
  readonly shutdownSignals?: readonly NodeJS.Signals[];
  /**
   * How long a job's lock lasts without renewal (BullMQ `lockDuration`), in milliseconds: a worker
   * that dies is noticed this long after, its job then retried (idempotent tools) or failed. Default 30,000.
   */
  readonly lockDurationMs?: number;
  /**
   * How often this worker looks for jobs whose worker died (BullMQ `stalledInterval`), in milliseconds. Default 30,000.
   */
  readonly stalledIntervalMs?: number;
  /**
   * The queue's signing key, or keys: with one, this worker runs only jobs signed with one of them
   * (by a `queuedToolset` given the same key), unaltered, queued less than 7 days ago, and whose id
   * it has not run before; it refuses any other with a JobRefusedError, and logs the refusal. List
   * the new key and the old one while rotating. Default: none, and Redis is trusted (see the README).
   */
  readonly signingKey?: SigningKey | readonly SigningKey[];
  /**
   * Told of BullMQ's errors (a lost Redis connection, which it retries), redacted, and of refused jobs. Default:
   * silent.
   */
  readonly logger?: Logger;
  /** @internal The clock a job's age is read with, in milliseconds since the epoch: tests age a job with it. */
  readonly now?: () => number;
}
