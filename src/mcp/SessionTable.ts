import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/** Why a session ended: idle too long, closed by its client (DELETE or a failed initialize), or the server closing. */
export type SessionEndReason = 'idle' | 'client' | 'shutdown';

/** One MCP session of an HTTP endpoint. */
export interface Session {
  readonly id: string;
  readonly transport: StreamableHTTPServerTransport;
  /** Who opened it (with `auth`): only that principal's tokens may use it. */
  readonly principal: string | undefined;
  /** Requests under way, open streams included: a session with one is never idle. */
  open: number;
  /** When the last request ended (or began), in ms since the epoch. */
  lastSeen: number;
}

/**
 * The live sessions of an HTTP endpoint, at most `max`, each closed after `idleMs` without a
 * request. One sweeping timer serves them all, and runs only while there are sessions.
 */
export class SessionTable {
  readonly #sessions = new Map<string, Session>();
  #sweeper: NodeJS.Timeout | undefined;

  constructor(
    readonly idleMs: number,
    readonly max: number,
    private readonly onClosed: (id: string, reason: SessionEndReason) => void = () => undefined,
  ) {}

  get size(): number {
    return this.#sessions.size;
  }

  get(id: string): Session | undefined {
    return this.#sessions.get(id);
  }

  get full(): boolean {
    return this.#sessions.size >= this.max;
  }

  add(session: Session): void {
    this.#sessions.set(session.id, session);
    if (this.#sweeper === undefined) {
      // Checking a quarter of the idle time apart keeps a session at most 25% past its idle time.
      this.#sweeper = setInterval(() => this.#sweep(), Math.max(5, Math.min(this.idleMs / 4, 30_000)));
      this.#sweeper.unref();
    }
  }

  /** Forgets a session (its transport is closed by the caller) and reports why it ended, once. */
  delete(id: string, reason: SessionEndReason): void {
    if (!this.#sessions.delete(id)) return;
    try {
      this.onClosed(id, reason);
    } catch {
      // A listener's failure must not keep a session in the table.
    }
    if (this.#sessions.size === 0 && this.#sweeper !== undefined) {
      clearInterval(this.#sweeper);
      this.#sweeper = undefined;
    }
  }

  /** Marks a request under way on `session`; the function returned marks it ended. */
  enter(session: Session): () => void {
    session.open++;
    session.lastSeen = Date.now();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      session.open--;
      session.lastSeen = Date.now();
    };
  }

  /** Seconds until a session is likely to free up: what `Retry-After` says when the table is full. */
  retryAfterSeconds(): number {
    const now = Date.now();
    let soonest = this.idleMs;
    for (const session of this.#sessions.values()) if (session.open === 0) soonest = Math.min(soonest, session.lastSeen + this.idleMs - now);
    return Math.max(1, Math.ceil(soonest / 1000));
  }

  /** Closes every session. */
  async closeAll(): Promise<void> {
    const all = [...this.#sessions.values()];
    for (const session of all) this.delete(session.id, 'shutdown');
    await Promise.all(all.map((session) => session.transport.close().catch(() => undefined)));
  }

  #sweep(): void {
    const now = Date.now();
    for (const session of [...this.#sessions.values()]) {
      if (session.open > 0 || now - session.lastSeen < this.idleMs) continue;
      this.delete(session.id, 'idle');
      session.transport.close().catch(() => undefined);
    }
  }
}
