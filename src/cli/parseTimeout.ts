import { UsageError } from './UsageError.js';

// Node clamps a longer timer delay to 1 ms, which would time every call out at once.
const MAX_TIMER_MS = 2 ** 31 - 1;

/** A `--timeout <ms>` (or another option's milliseconds): a whole number from 1 to 2^31−1, or a UsageError. */
export function parseTimeout(value: string, option = '--timeout'): number {
  const ms = /^[1-9]\d{0,9}$/.test(value) ? Number(value) : Number.NaN;
  if (!(ms <= MAX_TIMER_MS))
    throw new UsageError(`${option} needs a whole number of milliseconds from 1 to ${MAX_TIMER_MS}, got "${value}"`);
  return ms;
}
