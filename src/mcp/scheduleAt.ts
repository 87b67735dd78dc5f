import type { SessionClock } from './SessionClock.js';

/** The longest delay a Node timer holds: a longer one fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Runs `fn` once at `atMs` (ms since the epoch) on `clock`, however far away that is: a time past
 * what one timer can hold is reached by re-arming. The function returned cancels it.
 * @internal
 */
export function scheduleAt(clock: SessionClock, atMs: number, fn: () => void): () => void {
  let cancel: () => void = () => undefined;
  const arm = (): void => {
    const delay = atMs - clock.now();
    if (delay > MAX_TIMER_MS) cancel = clock.schedule(arm, MAX_TIMER_MS);
    else cancel = clock.schedule(fn, Math.max(0, delay));
  };
  arm();
  return () => cancel();
}
