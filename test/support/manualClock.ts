import type { McpHttpOptions } from 'hermes-tools/mcp';

type SessionClock = NonNullable<McpHttpOptions['sessionClock']>;

/** The longest delay a Node timer holds: a longer one fires at once (with a TimeoutOverflowWarning). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * A clock that moves only when told (`advance`), firing the timers that fall due on the way, in
 * order. Its timers behave as Node's: a delay past 2^31 − 1 ms fires at once.
 */
export class ManualClock implements SessionClock {
  #now: number;
  #timers: { at: number; fn: () => void }[] = [];

  constructor(start = Date.now()) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  schedule(fn: () => void, ms: number): () => void {
    const timer = { at: this.#now + (ms > MAX_TIMER_MS ? 1 : Math.max(1, ms)), fn };
    this.#timers.push(timer);
    return () => {
      this.#timers = this.#timers.filter((t) => t !== timer);
    };
  }

  /** Moves the clock `ms` on, running each timer due by then at its time. */
  advance(ms: number): void {
    const to = this.#now + ms;
    for (;;) {
      const next = this.#timers.filter((t) => t.at <= to).sort((a, b) => a.at - b.at)[0];
      if (next === undefined) break;
      this.#timers = this.#timers.filter((t) => t !== next);
      this.#now = next.at;
      next.fn();
    }
    this.#now = to;
  }

  /** Moves the clock on `step` at a time, letting I/O run between steps, until `done` settles. */
  async advanceUntil(done: Promise<unknown>, step: number): Promise<void> {
    let settled = false;
    const mark = (): void => {
      settled = true;
    };
    done.then(mark, mark);
    while (!settled) {
      this.advance(step);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}
