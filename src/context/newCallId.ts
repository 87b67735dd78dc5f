import { randomBytes } from 'node:crypto';

const prefix = randomBytes(4).toString('hex');
let counter = 0;

/** A process-unique call id, cheaper than a UUID per call: a random prefix and a counter. */
export function newCallId(): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return `call_${prefix}_${counter.toString(36)}`;
}
