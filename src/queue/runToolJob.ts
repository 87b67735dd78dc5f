import type { Job } from 'bullmq';
import type { ToolOutcome } from '../contracts/ToolOutcome.js';
import { ToolExecutionError } from '../errors/ToolExecutionError.js';
import type { ToolRegistry } from '../registry/ToolRegistry.js';
import { readToolJob } from './readToolJob.js';
import { ToolInterruptedError } from './ToolInterruptedError.js';

/** The codes after which an idempotent tool's job is tried again (with backoff): its handler failed, or its requirements were unmet. */
const RETRIED = new Set(['execution_failed', 'tool_unavailable']);

/** One running job as its worker tracks it: how to abort it, and why it was. */
export interface RunningJob {
  readonly controller: AbortController;
  /** `cancelled`: its caller cancelled it; `shutdown`: the worker stopped past its drain limit. */
  reason: 'cancelled' | 'shutdown' | undefined;
}

/** What a worker gives `runToolJob`: its registry, its table of running jobs, and whether a job was cancelled before it started. */
export interface JobRunner {
  readonly registry: ToolRegistry;
  readonly running: Map<string, RunningJob>;
  readonly wasCancelled: (jobId: string) => Promise<boolean>;
}

/**
 * Runs one job through the worker's registry (guards and validation again, with the caller's
 * grant from the job) and gives the outcome to store as the job's result. Throws only to have
 * BullMQ try an idempotent tool's job again; a job of any other tool that was started before
 * (its worker died) is never run twice: it ends in ToolInterruptedError.
 * @internal
 */
export async function runToolJob(job: Job, runner: JobRunner): Promise<ToolOutcome> {
  const read = readToolJob(job.data);
  const jobId = String(job.id);
  if (!read.ok) {
    const tool = typeof (job.data as { tool?: unknown })?.tool === 'string' ? String((job.data as { tool: string }).tool).slice(0, 200) : job.name.slice(0, 200);
    const error = new ToolExecutionError(tool, `the job is not a hermes-tools call: ${read.reason}`, { cause: undefined });
    return { ok: false, tool, callId: '', error: error.toPayload() };
  }
  const { job: call, permissions } = read;
  const { registry } = runner;
  const idempotent = registry.has(call.tool) && registry.get(call.tool).definition.idempotent === true;
  const attemptsLeft = job.attemptsMade + 1 < (job.opts.attempts ?? 1);
  const interrupted = (): ToolOutcome => ({ ok: false, tool: call.tool, callId: call.callId, error: new ToolInterruptedError(call.tool).toPayload() });
  // Started before and not finished: its worker died mid-call.
  if (!idempotent && job.attemptsStarted > job.attemptsMade + 1) return interrupted();

  const entry: RunningJob = { controller: new AbortController(), reason: undefined };
  runner.running.set(jobId, entry);
  let reported: Promise<unknown> = Promise.resolve();
  try {
    if (await runner.wasCancelled(jobId)) {
      entry.reason = 'cancelled';
      entry.controller.abort();
    }
    const outcome = await registry.dispatch(call.tool, call.input, {
      callId: call.callId,
      caller: call.caller,
      ...(permissions !== undefined && { permissions }),
      ...(call.trace !== null && { trace: call.trace }),
      signal: entry.controller.signal,
      // Each report is sent after the one before, and all before the outcome: the caller hears them in order.
      onProgress: (progress, total, message) => {
        const data = { progress, ...(total !== undefined && { total }), ...(message !== undefined && { message }) };
        reported = reported.then(() => job.updateProgress(data)).catch(() => undefined);
      },
      // Asked only when this worker's module names no approver: the agent asked its person before queueing the call.
      ...(call.approval !== null && { approve: () => ({ approved: true, by: call.approval!.by ?? 'the agent that queued the call' }) }),
    });
    await reported;
    if (entry.reason === 'shutdown') {
      if (idempotent && attemptsLeft) throw new Error('the worker shut down before the call finished; it is tried again');
      return interrupted();
    }
    if (!outcome.ok && idempotent && attemptsLeft && RETRIED.has(outcome.error.code)) throw new Error(outcome.error.message);
    return outcome;
  } finally {
    runner.running.delete(jobId);
  }
}
