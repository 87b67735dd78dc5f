import type { Buffer } from 'node:buffer';
import type { QueueAddress } from './QueueAddress.js';
import { verifyJobSignature } from './jobSignature.js';
import type { ToolJob } from './ToolJob.js';

/**
 * How long a signed job may wait before a worker refuses it as too old, and how long a worker
 * remembers the id of a job it ran, to refuse it again (a replay): seven days.
 */
export const REPLAY_WINDOW_MS = 7 * 24 * 60 * 60_000;

/**
 * Why a worker with signing keys refuses a job, or undefined when the job is signed by one of
 * them, unaltered, and recent enough that its id is still remembered.
 * @internal
 */
export function checkJobSignature(
  keys: readonly Buffer[],
  job: ToolJob,
  address: QueueAddress,
  jobId: string,
  now: number,
): string | undefined {
  const { signed, ...fields } = job;
  if (signed === undefined) return 'the job is not signed, and this worker runs only jobs signed with its signingKey';
  let verified: boolean;
  try {
    verified = verifyJobSignature(keys, signed.mac, fields, { address, jobId, at: signed.at });
  } catch (error) {
    // A job nested deeper than the stack (RangeError) cannot be put in canonical form: it is refused as unverifiable.
    if (!(error instanceof RangeError)) throw error;
    verified = false;
  }
  if (!verified)
    return 'its signature does not verify: the job was altered (its id included), or signed with a key this worker does not hold';
  if (now - signed.at > REPLAY_WINDOW_MS)
    return 'it was queued more than 7 days ago, past the time a worker remembers the ids it ran';
  return undefined;
}
