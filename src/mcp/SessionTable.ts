import type { NodeStreamableHTTPServerTransport as StreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import type { SessionClock } from './SessionClock.js';

/** Why a session ended: idle too long, closed by its client (DELETE or a failed initialize), or the server closing. */
export type SessionEndReason = 'idle' | 'client' | 'shutdown';

/** What keeps a session from being idle until `until` (ms since the epoch): a request under way, or a stream. */
interface Hold {
  readonly until: number;
}

/** One MCP session of an HTTP endpoint. */
export interface Session {
  readonly id: string;
  readonly transport: StreamableHTTPServerTransport;
  /** Who opened it (with `auth`): only that principal's tokens may use it. */
  readonly principal: string | undefined;
  /** Requests under way (held until they end) and open streams (held until their token expires). */
  readonly holds: Set<Hold>;
  /** When the last request ended (or began), in ms since the epoch. */
  lastSeen: number;
  /** The protocol version its `initialize` negotiated: the version the session speaks. */
  version?: string;
}

/** What a {@link SessionTable} is built with. */
export interface SessionTableOptions {
  readonly idleMs: number;
  readonly max: number;
  /** At most this many sessions per principal; sessions without a principal count against `max` only. */
  readonly maxPerPrincipal: number;
  readonly clock: SessionClock;
  readonly onClosed?: (id: string, reason: SessionEndReason) => void;
  /** Told of what failed without a request to answer: a listener, or closing a transport. */
  readonly onError: (message: string, error: unknown) => void;
}

/**
 * The live sessions of an HTTP endpoint, at most `max` (and `maxPerPrincipal` per principal), each
 * closed after `idleMs` with no request under way and no stream open under a valid token. One
 * sweeping timer serves them all, and runs only while there are sessions.
 */
export class SessionTable {
  readonly #sessions = new Map<string, Session>();
  readonly #perPrincipal = new Map<string, number>();
  readonly #options: SessionTableOptions;
  #cancelSweep: (() => void) | undefined;

  constructor(options: SessionTableOptions) {
    this.#options = options;
  }

  get clock(): SessionClock {
    return this.#options.clock;
  }

  get size(): number {
    return this.#sessions.size;
  }

  get(id: string): Session | undefined {
    return this.#sessions.get(id);
  }

  get full(): boolean {
    return this.#sessions.size >= this.#options.max;
  }

  /** Whether `principal` has its maximum of sessions open (never for no principal). */
  fullFor(principal: string | undefined): boolean {
    return principal !== undefined && (this.#perPrincipal.get(principal) ?? 0) >= this.#options.maxPerPrincipal;
  }

  add(session: Session): void {
    this.#sessions.set(session.id, session);
    if (session.principal !== undefined)
      this.#perPrincipal.set(session.principal, (this.#perPrincipal.get(session.principal) ?? 0) + 1);
    if (this.#cancelSweep === undefined) this.#armSweep();
  }

  /** Forgets a session (its transport is closed by the caller) and reports why it ended, once. */
  delete(id: string, reason: SessionEndReason): void {
    const session = this.#sessions.get(id);
    if (session === undefined) return;
    this.#sessions.delete(id);
    if (session.principal !== undefined) {
      const left = (this.#perPrincipal.get(session.principal) ?? 1) - 1;
      if (left === 0) this.#perPrincipal.delete(session.principal);
      else this.#perPrincipal.set(session.principal, left);
    }
    try {
      this.#options.onClosed?.(id, reason);
    } catch (error) {
      // A listener's failure must not keep a session in the table: it is reported, and the session still goes.
      this.#options.onError('onSessionClosed threw', error);
    }
    if (this.#sessions.size === 0) {
      this.#cancelSweep?.();
      this.#cancelSweep = undefined;
    }
  }

  /**
   * Marks a request (or a stream) under way on `session` until it ends, or until `until` (ms since
   * the epoch: when the token that opened a stream expires) if that comes first. The function returned marks it ended.
   */
  enter(session: Session, until = Number.POSITIVE_INFINITY): () => void {
    const hold: Hold = { until };
    session.holds.add(hold);
    session.lastSeen = this.clock.now();
    return () => {
      if (!session.holds.delete(hold)) return;
      session.lastSeen = this.clock.now();
    };
  }

  /** Seconds until a session (of `principal`, when given) is likely to free up: what `Retry-After` says. */
  retryAfterSeconds(principal?: string): number {
    const now = this.clock.now();
    let soonest = Number.POSITIVE_INFINITY;
    for (const session of this.#sessions.values()) {
      if (principal === undefined || session.principal === principal)
        soonest = Math.min(soonest, this.#idleSince(session, Number.POSITIVE_INFINITY) + this.#options.idleMs);
    }
    const wait = Number.isFinite(soonest) ? soonest - now : this.#options.idleMs;
    return Math.max(1, Math.ceil(wait / 1000));
  }

  /** Closes every session. */
  async closeAll(): Promise<void> {
    const all = [...this.#sessions.values()];
    for (const session of all) this.delete(session.id, 'shutdown');
    await Promise.all(all.map((session) => this.#close(session)));
  }

  /**
   * When `session` became idle (as of `now`), or +Infinity while a request or a stream under a valid token holds it.
   */
  #idleSince(session: Session, now: number): number {
    let since = session.lastSeen;
    for (const hold of session.holds) {
      if (hold.until > now) return Number.POSITIVE_INFINITY;
      since = Math.max(since, hold.until);
    }
    return since;
  }

  #armSweep(): void {
    // Checking a quarter of the idle time apart keeps a session at most 25% past its idle time.
    const every = Math.max(5, Math.min(this.#options.idleMs / 4, 30_000));
    this.#cancelSweep = this.clock.schedule(() => {
      this.#cancelSweep = undefined;
      this.#sweep();
      if (this.#sessions.size > 0 && this.#cancelSweep === undefined) this.#armSweep();
    }, every);
  }

  #sweep(): void {
    const now = this.clock.now();
    for (const session of [...this.#sessions.values()]) {
      if (now - this.#idleSince(session, now) < this.#options.idleMs) continue;
      this.delete(session.id, 'idle');
      void this.#close(session);
    }
  }

  #close(session: Session): Promise<void> {
    return session.transport
      .close()
      .catch((error: unknown) => this.#options.onError(`closing MCP session ${session.id} failed`, error));
  }
}
