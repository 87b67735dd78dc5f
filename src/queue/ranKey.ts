import type { QueueAddress } from './QueueAddress.js';

/**
 * The Redis key that remembers a signed job's id once a worker starts it (`started`, then `done`),
 * so that the same job added again is refused as a replay.
 * @internal
 */
export function ranKey(address: QueueAddress, jobId: string): string {
  return `${address.prefix ?? 'bull'}:${address.name}:hermes-ran:${jobId}`;
}
