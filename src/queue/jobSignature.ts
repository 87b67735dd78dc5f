import { Buffer } from 'node:buffer';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { canonicalJson } from './canonicalJson.js';
import type { QueueAddress } from './QueueAddress.js';
import type { ToolJob } from './ToolJob.js';

/** What a signature covers besides the job: where it was queued, under which id, and when. */
export interface SignedPlace {
  readonly address: QueueAddress;
  readonly jobId: string;
  /** When the agent queued it, in milliseconds since the epoch. */
  readonly at: number;
}

const DOMAIN = 'hermes-tools/queue job v1';

/**
 * The HMAC-SHA256 of a job: over the canonical JSON (see `canonicalJson`) of
 * `[domain, prefix, queue name, job id, at, job without its signature]`, base64url.
 * @internal
 */
export function jobSignature(key: Buffer, job: Omit<ToolJob, 'signed'>, place: SignedPlace): string {
  const { address, jobId, at } = place;
  const text = canonicalJson([DOMAIN, address.prefix ?? 'bull', address.name, jobId, at, job]);
  return createHmac('sha256', key).update(text, 'utf8').digest('base64url');
}

/**
 * Whether `mac` is the job's signature under one of `keys`, each compared in constant time.
 * @internal
 */
export function verifyJobSignature(
  keys: readonly Buffer[],
  mac: string,
  job: Omit<ToolJob, 'signed'>,
  place: SignedPlace,
): boolean {
  const given = Buffer.from(mac, 'base64url');
  let verified = false;
  for (const key of keys) {
    const expected = Buffer.from(jobSignature(key, job, place), 'base64url');
    // Every key is tried, so the time taken does not say which one matched.
    if (given.length === expected.length && timingSafeEqual(given, expected)) verified = true;
  }
  return verified;
}
