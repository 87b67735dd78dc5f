import { randomUUID } from 'node:crypto';
import type { QueueEvents, QueueEventsProducer } from 'bullmq';
import { READY_EVENT } from './queueSignals.js';

/**
 * Starts a QueueEvents reader (made with `autorun: false`) and resolves once it reads: BullMQ's
 * reader begins at the stream's end on its first read, which has no event of its own, so an
 * event is published to itself (again every 200 ms until heard) and its arrival is the proof.
 * `report` is told of the reader's and the publisher's failures, and `stopped` when the reader stops reading, closed
 * or failed.
 * @internal
 */
export async function startReading(
  events: QueueEvents,
  producer: QueueEventsProducer,
  report: (error: unknown) => void,
  stopped: () => void = () => undefined,
): Promise<void> {
  await events.waitUntilReady();
  const token = randomUUID();
  let timer: NodeJS.Timeout | undefined;
  let listener: ((args: { token?: string }) => void) | undefined;
  const heard = new Promise<void>((resolve) => {
    listener = (args) => {
      if (args.token === token) resolve();
    };
    events.on(READY_EVENT as 'added', listener as never);
  });
  // The reader's own failure (its connection closed under it) and a publish that failed are reported; the next publish
  // retries.
  void events.run().then(stopped, (error: unknown) => {
    report(error);
    stopped();
  });
  const publish = (): void => {
    void producer.publishEvent({ eventName: READY_EVENT, token }).catch(report);
    timer = setTimeout(publish, 200);
  };
  publish();
  try {
    await heard;
  } finally {
    clearTimeout(timer);
    events.off(READY_EVENT as 'added', listener as never);
  }
}
