/** The longest delay Node's timers accept; above it Node fires after 1 ms instead. */
export const MAX_TIMEOUT_MS = 2_147_483_647;

/** Whether `value` is a usable time limit: a finite number of milliseconds in (0, 2^31-1]. */
export function isTimeoutMs(value: unknown): value is number {
  return typeof value === 'number' && value > 0 && value <= MAX_TIMEOUT_MS;
}

/**
 * The call's time limit: its own, else the tool's. A malformed per-call limit is a TypeError, never a silent default.
 */
export function callTimeout(requested: unknown, toolDefault: number | undefined): number | undefined {
  if (requested === undefined) return toolDefault;
  if (!isTimeoutMs(requested)) {
    throw new TypeError(
      `CallOptions.timeoutMs must be a number of milliseconds greater than 0 and at most ${MAX_TIMEOUT_MS}, got ${typeof requested === 'number' ? String(requested) : typeof requested}`,
    );
  }
  return requested;
}
