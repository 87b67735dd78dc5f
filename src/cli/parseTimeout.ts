import { UsageError } from './UsageError.js';

// Node clamps a longer timer delay to 1 ms, which would time every call out at once.
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The `--timeout <ms>` of `call`: a whole number of milliseconds from 1 to 2^31−1, or a UsageError. */
export function parseTimeout(value: string): number {
  const ms = /^[1-9]\d{0,9}$/.test(value) ? Number(value) : Number.NaN;
  if (!(ms <= MAX_TIMER_MS)) throw new UsageError(`--timeout needs a whole number of milliseconds from 1 to ${MAX_TIMER_MS}, got "${value}"`);
  return ms;
}
