import { CANCEL_MARK_MS } from './queueSignals.js';

/** How many ids a worker keeps at most: anyone who can publish on the queue's cancellation stream can publish many. */
const MAX_IDS = 10_000;
/** The longest id kept: an agent's job ids are UUIDs (36 characters). */
const MAX_ID_LENGTH = 64;

/**
 * The ids of jobs whose cancellation a worker's event reader heard while they were not running here: a job it takes
 * after that is not run. The reader has read since before the worker took its first job, and an agent publishes a
 * cancellation only once the job's add has settled and removing it failed (a worker holds it), so a job cancelled
 * after its move to active is either running here when the cancellation is heard, or found here when it starts. Kept
 * as long as the cancellation mark in Redis, the oldest dropped first past MAX_IDS; an id longer than an agent's
 * (a UUID) is not kept, so whoever writes to the stream cannot make a worker hold more than MAX_IDS short ids.
 * @internal
 */
export class HeardCancellations {
  /** Each id with when it was heard, oldest first. */
  readonly #heard = new Map<string, number>();
  readonly #now: () => number;

  constructor(now: () => number) {
    this.#now = now;
  }

  add(jobId: string): void {
    if (jobId.length > MAX_ID_LENGTH) return;
    const now = this.#now();
    this.#heard.delete(jobId);
    this.#heard.set(jobId, now);
    for (const [id, at] of this.#heard) {
      if (this.#heard.size <= MAX_IDS && now - at < CANCEL_MARK_MS) break;
      this.#heard.delete(id);
    }
  }

  has(jobId: string): boolean {
    const at = this.#heard.get(jobId);
    return at !== undefined && this.#now() - at < CANCEL_MARK_MS;
  }
}
