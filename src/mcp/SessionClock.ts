/**
 * The time the session table reads and the timers it sets: the system's by default, a manual one
 * in tests, so that idle and expiry can pass without waiting on the wall clock.
 * @internal
 */
export interface SessionClock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Runs `fn` once after `ms` (at most 2^31 − 1); the function returned cancels it. Never keeps the process alive. */
  schedule(fn: () => void, ms: number): () => void;
}

/** The system clock: `Date.now` and unref'd `setTimeout`. @internal */
export const systemClock: SessionClock = {
  now: () => Date.now(),
  schedule(fn, ms) {
    const timer = setTimeout(fn, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};
