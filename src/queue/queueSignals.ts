import type { QueueAddress } from './QueueAddress.js';

/** What a queue's name may be: BullMQ puts it in Redis keys. */
export const QUEUE_NAME = /^[A-Za-z0-9_.-]{1,100}$/;

/** The custom event (on the queue's cancellation stream, `cancelStream`) that asks the workers to abort one job. */
export const CANCEL_EVENT = 'hermes-tools:cancel';

/**
 * Where the cancellations of a queue's jobs are published: a BullMQ event stream of its own
 * (`<prefix>:<queue>:hermes-cancels:events`), so that a worker reads those and not every event of every job on the
 * queue's own stream. Its key cannot be a job's: BullMQ refuses a custom id with one colon.
 * @internal
 */
export function cancelStream(address: QueueAddress): { readonly name: string; readonly prefix: string } {
  return { name: 'hermes-cancels', prefix: `${address.prefix ?? 'bull'}:${address.name}` };
}

/**
 * The custom event an agent or a worker publishes to itself: once it arrives, its event reader misses nothing later.
 */
export const READY_EVENT = 'hermes-tools:ready';

/** How long a cancellation mark is kept: far past the moment between a worker taking a job and starting it. */
export const CANCEL_MARK_MS = 10 * 60_000;

/**
 * The Redis key that marks a job as cancelled. A worker reads it when it starts a job taken again (its worker died,
 * or a retry), whose cancellation may have come before its event reader began, and with a signed job's run mark, so a
 * cancelled job added again under its id is not run; a first attempt's cancellation is heard on the event stream
 * (HeardCancellations).
 * @internal
 */
export function cancelKey(address: QueueAddress, jobId: string): string {
  return `${address.prefix ?? 'bull'}:${address.name}:hermes-cancel:${jobId}`;
}
