import type { Buffer } from 'node:buffer';
import type { ContentPart } from '../contracts/ContentPart.js';
import { ToolResult } from '../results/ToolResult.js';
import { randomUUID } from 'node:crypto';
import { Queue, QueueEvents, QueueEventsProducer } from 'bullmq';
import type { Logger } from '../contracts/Logger.js';
import type { ToolContext } from '../contracts/ToolContext.js';
import { ToolAbortedError } from '../errors/ToolAbortedError.js';
import { ToolExecutionError } from '../errors/ToolExecutionError.js';
import { redactSecrets } from '../errors/redactSecrets.js';
import { ToolUnavailableError } from '../errors/ToolUnavailableError.js';
import { onAbort } from '../internal/onAbort.js';
import { toJsonValue } from '../internal/toJsonValue.js';
import { describeGrant } from './describeGrant.js';
import { jobSignature } from './jobSignature.js';
import type { QueueAddress } from './QueueAddress.js';
import { CANCEL_EVENT, CANCEL_MARK_MS, cancelKey, cancelStream } from './queueSignals.js';
import { readOutcome } from './readOutcome.js';
import { startReading } from './startReading.js';
import { RemoteToolError } from './RemoteToolError.js';
import { ToolInterruptedError } from './ToolInterruptedError.js';
import type { JsonValue, ToolJob } from './ToolJob.js';

interface Pending {
  readonly tool: string;
  readonly ctx: ToolContext;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

/** What QueuedCalls is made with: the options of `queuedToolset` that concern the queue, read and checked. */
export interface QueuedCallsSettings {
  readonly address: QueueAddress;
  readonly describeCaller: ((caller: unknown) => unknown) | undefined;
  readonly retry: { readonly attempts?: number; readonly backoffMs?: number } | undefined;
  /** The signing keys; the first signs every job. None: jobs go unsigned. */
  readonly keys: readonly Buffer[];
  readonly logger: Logger;
}

/** How one tool's calls are queued. */
export interface QueuedTool {
  readonly name: string;
  readonly permissions: readonly string[];
  readonly idempotent: boolean;
  readonly approved: boolean;
}

/**
 * The agent's side of one queue: it adds a job per call, hears the job's progress and outcome on
 * the queue's event stream, and cancels the job when the call's signal aborts (removed if still
 * waiting; if running, its worker is told to abort the tool's `ctx.signal`).
 * @internal
 */
export class QueuedCalls {
  readonly #address: QueueAddress;
  readonly #queue: Queue;
  readonly #events: QueueEvents;
  readonly #producer: QueueEventsProducer;
  /** Publishes on the queue's cancellation stream, which the workers read. */
  readonly #cancels: QueueEventsProducer;
  readonly #pending = new Map<string, Pending>();
  readonly #describeCaller: (caller: unknown) => unknown;
  readonly #retry: { readonly attempts: number; readonly backoffMs: number };
  readonly #key: Buffer | undefined;
  readonly #logger: Logger;
  #status: () => string = () => 'wait';
  #closed = false;

  constructor(settings: QueuedCallsSettings) {
    const { address, describeCaller, retry, keys, logger } = settings;
    this.#address = address;
    this.#key = keys[0];
    this.#logger = logger;
    const options = { connection: address.connection, ...(address.prefix !== undefined && { prefix: address.prefix }) };
    this.#queue = new Queue(address.name, options);
    this.#events = new QueueEvents(address.name, { ...options, autorun: false });
    this.#producer = new QueueEventsProducer(address.name, options);
    const stream = cancelStream(address);
    this.#cancels = new QueueEventsProducer(stream.name, { connection: address.connection, prefix: stream.prefix });
    this.#describeCaller = describeCaller ?? ((caller) => caller);
    this.#retry = { attempts: retry?.attempts ?? 3, backoffMs: retry?.backoffMs ?? 1000 };
    // BullMQ reconnects on its own; an error it reports is logged, and seen again as the connection's status.
    this.#queue.on('error', this.#report);
    this.#events.on('error', this.#report);
    this.#producer.on('error', this.#report);
    this.#cancels.on('error', this.#report);
    this.#events.on('completed', ({ jobId, returnvalue }) => this.#finish(jobId, returnvalue));
    this.#events.on('failed', ({ jobId }) => this.#interrupted(jobId));
    this.#events.on('progress', ({ jobId, data }) => this.#progress(jobId, data));
  }

  /** Connects, and resolves once the event reader is reading: no outcome of a job added later can be missed. */
  async start(): Promise<void> {
    const client = await this.#queue.getBackend().client;
    this.#status = () => client.status;
    await startReading(this.#events, this.#producer, this.#report);
  }

  /** Whether Redis is connected now: a call is refused as unavailable, before queueing, when it is not. */
  connected(): boolean {
    return !this.#closed && this.#status() === 'ready';
  }

  /** Runs one validated call on the queue and gives its result, or throws the worker's error. */
  async run(tool: QueuedTool, input: unknown, ctx: ToolContext): Promise<unknown> {
    if (this.#closed) throw new ToolUnavailableError(tool.name, `the queue "${this.#address.name}" is closed`);
    const jobId = randomUUID();
    const job = this.#sign(this.#job(tool, input, ctx), jobId);
    const outcome = new Promise<unknown>((resolve, reject) =>
      this.#pending.set(jobId, { tool: tool.name, ctx, resolve, reject }),
    );
    const added = this.#queue.add(tool.name, job, {
      jobId,
      attempts: tool.idempotent ? this.#retry.attempts : 1,
      backoff: { type: 'exponential', delay: this.#retry.backoffMs },
      removeOnComplete: true,
      removeOnFail: true,
    });
    let cancelling = false;
    const cancel = (): void => {
      if (cancelling) return;
      cancelling = true;
      void this.#cancel(jobId, added);
    };
    const removeAbort = onAbort(ctx.signal, cancel);
    if (ctx.signal.aborted) cancel();
    try {
      await added;
      return await outcome;
    } catch (error) {
      this.#pending.delete(jobId);
      throw error;
    } finally {
      removeAbort();
    }
  }

  /** Drops connections that never came up: the event reader's own close would wait for them. */
  async abandon(): Promise<void> {
    this.#closed = true;
    await Promise.allSettled([
      this.#events.getBackend().close(true),
      this.#producer.close(),
      this.#cancels.close(),
      this.#queue.close(),
    ]);
  }

  /** Closes the connections; calls still waiting end as unavailable. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const [jobId, pending] of this.#pending) {
      this.#pending.delete(jobId);
      pending.reject(
        new ToolUnavailableError(
          pending.tool,
          `the queue "${this.#address.name}" was closed while the call was running`,
        ),
      );
    }
    await Promise.allSettled([
      this.#events.close(),
      this.#producer.close(),
      this.#cancels.close(),
      this.#queue.close(),
    ]);
  }

  #job(tool: QueuedTool, input: unknown, ctx: ToolContext): ToolJob {
    const json = toJsonValue(input);
    if (!json.ok)
      throw new ToolExecutionError(tool.name, `its validated input cannot be sent as JSON (${json.reason})`, {
        cause: undefined,
      });
    let described: unknown;
    try {
      described = this.#describeCaller(ctx.caller);
    } catch (error) {
      throw new ToolExecutionError(
        tool.name,
        `describeCaller threw (${error instanceof Error ? error.message : String(error)})`,
        { cause: error },
      );
    }
    const caller = toJsonValue(described);
    if (!caller.ok)
      throw new ToolExecutionError(
        tool.name,
        `its caller cannot be sent to a worker as JSON (${caller.reason}); give queuedToolset a describeCaller that returns what the worker may see`,
        {
          cause: undefined,
        },
      );
    return {
      v: 1,
      tool: tool.name,
      input: json.value as JsonValue,
      callId: ctx.callId,
      caller: caller.value as JsonValue,
      permissions: describeGrant(ctx.permissions, tool.permissions),
      trace: ctx.trace === undefined ? null : { ...ctx.trace },
      approval: tool.approved ? { by: null } : null,
    };
  }

  /**
   * The job with its signature, when the toolset has a signing key: over its queue, its id, the time, and every field.
   */
  #sign(job: ToolJob, jobId: string): ToolJob {
    if (this.#key === undefined) return job;
    const at = Date.now();
    return { ...job, signed: { at, mac: jobSignature(this.#key, job, { address: this.#address, jobId, at }) } };
  }

  readonly #report = (error: unknown): void =>
    this.#logger.error('hermes-tools queuedToolset: BullMQ reported an error', {
      queue: this.#address.name,
      error: redactSecrets(error instanceof Error ? error.message : String(error)),
    });

  #finish(jobId: string, returned: unknown): void {
    const pending = this.#pending.get(jobId);
    if (pending === undefined) return;
    this.#pending.delete(jobId);
    const outcome = readOutcome(returned);
    if (outcome.ok)
      pending.resolve(
        outcome.content === undefined
          ? outcome.value
          : new ToolResult({ value: outcome.value, content: outcome.content as ContentPart[] }),
      );
    else pending.reject(new RemoteToolError(pending.tool, outcome.error));
  }

  /**
   * BullMQ failed the job itself (a worker died more often than allowed, or lost its lock): the call may or may not
   * have run.
   */
  #interrupted(jobId: string): void {
    const pending = this.#pending.get(jobId);
    if (pending === undefined) return;
    this.#pending.delete(jobId);
    pending.reject(new ToolInterruptedError(pending.tool));
  }

  #progress(jobId: string, data: unknown): void {
    const pending = this.#pending.get(jobId);
    if (pending === undefined || typeof data !== 'object' || data === null) return;
    const { progress, total, message } = data as { progress?: unknown; total?: unknown; message?: unknown };
    if (typeof progress !== 'number') return;
    pending.ctx.progress(
      progress,
      typeof total === 'number' ? total : undefined,
      typeof message === 'string' ? message : undefined,
    );
  }

  /**
   * Marks the job cancelled, removes it if it still waits, and otherwise tells the workers to abort it; once its add
   * has settled (`added`, whose failure `run` reports): BullMQ answers a removal of a job it does not hold yet as done,
   * and a worker reads no mark before a first attempt (it hears the cancellation), so a job still on its way to Redis
   * would run.
   */
  async #cancel(jobId: string, added: Promise<unknown>): Promise<void> {
    await Promise.allSettled([added]);
    const pending = this.#pending.get(jobId);
    this.#pending.delete(jobId);
    // The pipeline has already answered its caller; this only lets the call's own promise end.
    pending?.reject(new ToolAbortedError(pending.tool));
    try {
      const client = await this.#queue.getBackend().client;
      await client.set(cancelKey(this.#address, jobId), '1', { PX: CANCEL_MARK_MS });
      const removed = await this.#queue.remove(jobId);
      if (removed !== 1) await this.#cancels.publishEvent({ eventName: CANCEL_EVENT, jobId });
    } catch (error) {
      // Redis is unreachable: the call has already ended for its caller, and the worker's own time limit still holds.
      this.#logger.warn('hermes-tools queuedToolset: a cancellation could not reach Redis', {
        queue: this.#address.name,
        jobId,
        error: redactSecrets(error instanceof Error ? error.message : String(error)),
      });
    }
  }
}
