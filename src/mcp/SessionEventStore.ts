import type { EventId, EventStore, JSONRPCMessage, StreamId } from '@modelcontextprotocol/server';

/** The most events one session keeps for resumption; the oldest go first. */
const MAX_EVENTS = 1_000;
/** The most characters of JSON one session keeps for resumption; the oldest events go first. */
const MAX_CHARS = 2_000_000;

interface StoredEvent {
  readonly id: EventId;
  readonly stream: StreamId;
  readonly message: JSONRPCMessage;
  readonly chars: number;
}

/**
 * The recent SSE events of one 2025-era session, so that a client whose stream the server closed (SSE polling,
 * SEP-1699) or lost can resume it with `Last-Event-ID` on the session's own GET: a session's events are never
 * replayed to another session, and the session is bound to the principal that opened it. Bounded: past
 * {@link MAX_EVENTS} events or {@link MAX_CHARS} characters the oldest are dropped, and resuming after one of them is
 * refused as an unknown event.
 */
export class SessionEventStore implements EventStore {
  readonly #events: StoredEvent[] = [];
  readonly #byId = new Map<EventId, StoredEvent>();
  #chars = 0;
  #next = 0;

  async storeEvent(stream: StreamId, message: JSONRPCMessage): Promise<EventId> {
    const id = `${++this.#next}`;
    const event = { id, stream, message, chars: JSON.stringify(message).length };
    this.#events.push(event);
    this.#byId.set(id, event);
    this.#chars += event.chars;
    while (this.#events.length > MAX_EVENTS || (this.#chars > MAX_CHARS && this.#events.length > 1)) {
      const dropped = this.#events.shift()!;
      this.#byId.delete(dropped.id);
      this.#chars -= dropped.chars;
    }
    return id;
  }

  async getStreamIdForEventId(id: EventId): Promise<StreamId | undefined> {
    return this.#byId.get(id)?.stream;
  }

  async replayEventsAfter(
    lastEventId: EventId,
    { send }: { send: (id: EventId, message: JSONRPCMessage) => Promise<void> },
  ): Promise<StreamId> {
    const last = this.#byId.get(lastEventId);
    if (last === undefined) throw new Error(`no event ${lastEventId.slice(0, 40)} is kept for this session`);
    for (const event of this.#events.slice(this.#events.indexOf(last) + 1)) {
      if (event.stream === last.stream) await send(event.id, event.message);
    }
    return last.stream;
  }
}
