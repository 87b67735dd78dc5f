import type { Buffer } from 'node:buffer';
import type { Job } from 'bullmq';
import type { Logger } from '../contracts/Logger.js';
import type { ToolOutcome } from '../contracts/ToolOutcome.js';
import { ToolExecutionError } from '../errors/ToolExecutionError.js';
import { markUnverified, type UnverifiedClaim } from '../pipeline/unverifiedClaims.js';
import type { ToolRegistry } from '../registry/ToolRegistry.js';
import { checkJobSignature } from './checkJobSignature.js';
import { JobRefusedError } from './JobRefusedError.js';
import type { QueueAddress } from './QueueAddress.js';
import { readToolJob } from './readToolJob.js';
import { ToolInterruptedError } from './ToolInterruptedError.js';

/**
 * The codes after which an idempotent tool's job is tried again (with backoff): its handler failed, or its requirements
 * were unmet.
 */
const RETRIED = new Set(['execution_failed', 'tool_unavailable']);

/** One running job as its worker tracks it: how to abort it, and why it was. */
export interface RunningJob {
  readonly controller: AbortController;
  /** `cancelled`: its caller cancelled it; `shutdown`: the worker stopped past its drain limit. */
  reason: 'cancelled' | 'shutdown' | undefined;
}

/** Where a worker remembers the ids of the signed jobs it ran. */
export interface RunMarks {
  /**
   * In one round trip: `started`, `done`, or null for an id never run (or forgotten, past the replay window), and
   * whether the job's cancellation mark is set.
   */
  get(jobId: string): Promise<{ readonly ran: string | null; readonly cancelled: boolean }>;
  set(jobId: string, mark: 'started' | 'done'): Promise<void>;
}

/**
 * What a worker gives `runToolJob`: its registry, its table of running jobs, and how it tells that a job was cancelled
 * before it started.
 */
export interface JobRunner {
  readonly registry: ToolRegistry;
  readonly running: Map<string, RunningJob>;
  /** Whether the worker's event reader heard the job's cancellation while it was not running here. */
  readonly heardCancelled: (jobId: string) => boolean;
  /**
   * Whether the worker's event reader is reading: once it has stopped (a failure), a first attempt's cancellation
   * mark is read too, as a job's taken again is.
   */
  readonly hearing: () => boolean;
  /** Whether the job's cancellation mark is set in Redis: one round trip. */
  readonly wasCancelled: (jobId: string) => Promise<boolean>;
  readonly address: QueueAddress;
  /** The keys a job must be signed with; none: jobs are not checked, and their claims are marked unverified. */
  readonly keys: readonly Buffer[];
  readonly marks: RunMarks;
  readonly logger: Logger;
  /** The time, in milliseconds since the epoch. */
  readonly now: () => number;
}

/**
 * Runs one job through the worker's registry (guards and validation again, with the caller's
 * grant from the job) and gives the outcome to store as the job's result. With signing keys, a job
 * that is unsigned, altered, too old or already run is refused first (JobRefusedError). Throws
 * only to have BullMQ try an idempotent tool's job again; a job of any other tool that was started
 * before (its worker died) is never run twice: it ends in ToolInterruptedError.
 * @internal
 */
export async function runToolJob(job: Job, runner: JobRunner): Promise<ToolOutcome> {
  const read = readToolJob(job.data);
  const jobId = String(job.id);
  if (!read.ok) {
    const tool =
      typeof (job.data as { tool?: unknown })?.tool === 'string'
        ? String((job.data as { tool: string }).tool).slice(0, 200)
        : job.name.slice(0, 200);
    const error = new ToolExecutionError(tool, `the job is not a hermes-tools call: ${read.reason}`, {
      cause: undefined,
    });
    return { ok: false, tool, callId: '', error: error.toPayload() };
  }
  const { job: call, permissions } = read;
  const { registry, keys } = runner;
  const idempotent = registry.has(call.tool) && registry.get(call.tool).definition.idempotent === true;
  const again = job.attemptsMade > 0 || job.attemptsStarted > 1;
  // A signed job's cancellation mark is read with its run mark; an unsigned one's only when it is taken again (below).
  let marked = false;
  if (keys.length > 0) {
    let refusal: string | typeof STARTED | undefined = checkJobSignature(
      keys,
      call,
      runner.address,
      jobId,
      runner.now(),
    );
    if (refusal === undefined) {
      const read = await runner.marks.get(jobId);
      marked = read.cancelled;
      refusal = await replayed(runner.marks, jobId, read.ran, again);
    }
    // A started mark lets only an idempotent tool run again: its attempt counters are fields anyone who writes to Redis
    // can
    // set, so for any other tool a started id ends as interrupted, never run twice, whatever the counters claim.
    if (refusal === STARTED && !idempotent)
      return {
        ok: false,
        tool: call.tool,
        callId: call.callId,
        error: new ToolInterruptedError(call.tool).toPayload(),
      };
    if (refusal !== undefined && refusal !== STARTED) {
      runner.logger.warn('hermes-tools worker: a job was refused', {
        queue: runner.address.name,
        jobId,
        tool: call.tool,
        reason: refusal,
      });
      return {
        ok: false,
        tool: call.tool,
        callId: call.callId,
        error: new JobRefusedError(call.tool, refusal).toPayload(),
      };
    }
  }
  const finished = async (outcome: ToolOutcome): Promise<ToolOutcome> => {
    if (keys.length > 0) await runner.marks.set(jobId, 'done');
    return outcome;
  };
  const attemptsLeft = job.attemptsMade + 1 < (job.opts.attempts ?? 1);
  const interrupted = (): ToolOutcome => ({
    ok: false,
    tool: call.tool,
    callId: call.callId,
    error: new ToolInterruptedError(call.tool).toPayload(),
  });
  // Started before and not finished: its worker died mid-call.
  if (!idempotent && job.attemptsStarted > job.attemptsMade + 1) return finished(interrupted());

  const entry: RunningJob = { controller: new AbortController(), reason: undefined };
  // Without a key nothing vouches for the job: its grant, and the approval it may claim, are recorded as unverified.
  const claims: UnverifiedClaim[] = [];
  if (keys.length === 0) {
    // The caller too: worker guards decide on it, and it is as much the job's say-so as the grant.
    claims.push('caller', 'permissions');
    markUnverified(entry.controller.signal, claims);
  }
  // Registered, and the cancellations heard before checked, in one synchronous step: a cancellation heard after this
  // finds the job running.
  runner.running.set(jobId, entry);
  let reported: Promise<unknown> = Promise.resolve();
  try {
    // A job taken again (its worker died, or a retry) may have been cancelled before this worker's reader began: its
    // mark in Redis says so. A first attempt was waiting until its move to active, so its cancellation came after, and
    // was heard here.
    if (
      marked ||
      runner.heardCancelled(jobId) ||
      ((again || !runner.hearing()) && keys.length === 0 && (await runner.wasCancelled(jobId)))
    ) {
      entry.reason = 'cancelled';
      entry.controller.abort();
    }
    const approval = call.approval;
    const outcome = await registry.dispatch(call.tool, call.input, {
      callId: call.callId,
      caller: call.caller,
      ...(permissions !== undefined && { permissions }),
      ...(call.trace !== null && { trace: call.trace }),
      signal: entry.controller.signal,
      // Each report is sent after the one before, and all before the outcome: the caller hears them in order.
      onProgress: (progress, total, message) => {
        const data = { progress, ...(total !== undefined && { total }), ...(message !== undefined && { message }) };
        reported = reported
          .then(() => job.updateProgress(data))
          .catch((error: unknown) =>
            runner.logger.warn('hermes-tools worker: a progress report could not be sent', {
              queue: runner.address.name,
              jobId,
              error: error instanceof Error ? error.message : String(error),
            }),
          );
      },
      // Asked only when this worker's module names no approver: the agent asked its person before queueing the call.
      ...(approval !== null && {
        approve: () => {
          if (keys.length === 0) claims.push('approval');
          return { approved: true, by: approval.by ?? 'the agent that queued the call' };
        },
      }),
    });
    await reported;
    if (entry.reason === 'shutdown') {
      if (idempotent && attemptsLeft)
        throw new Error('the worker shut down before the call finished; it is tried again');
      return await finished(interrupted());
    }
    if (!outcome.ok && idempotent && attemptsLeft && RETRIED.has(outcome.error.code))
      throw new Error(outcome.error.message);
    return await finished(outcome);
  } finally {
    runner.running.delete(jobId);
  }
}

/** What `replayed` says of an id a worker started and never finished, asked for again as a retry. */
const STARTED = Symbol('started');

/**
 * Why a signed job's id is refused as one already run (`mark`, its run mark as read), STARTED for a retry of an id
 * started before, or undefined; marks the id started when it is new. BullMQ keeps a job id unique while the job exists,
 * so the same id can only come again once its job is gone, after its mark was written.
 */
async function replayed(
  marks: RunMarks,
  jobId: string,
  mark: string | null,
  again: boolean,
): Promise<string | typeof STARTED | undefined> {
  // A job's own retry (BullMQ's next attempt, or a dead worker's job taken back) runs under the id it started with.
  if (mark === 'done' || (mark !== null && !again))
    return `a job with its id (${jobId.slice(0, 100)}) has already run: it is a replay`;
  if (mark !== null) return STARTED;
  await marks.set(jobId, 'started');
  return undefined;
}
