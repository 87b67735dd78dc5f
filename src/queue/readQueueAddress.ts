import { ownOptions } from '../internal/ownOptions.js';
import type { QueueAddress } from './QueueAddress.js';
import { QUEUE_NAME } from './queueSignals.js';

/**
 * A `queue` option read by its own keys (`connection`, `name`, `prefix`), as a new object; undefined
 * when it is not one (not an object, an unknown key, no connection, a name BullMQ cannot use).
 * The connection itself is BullMQ's, passed on as given.
 * @internal
 */
export function readQueueAddress(given: unknown): QueueAddress | undefined {
  if (typeof given !== 'object' || given === null) return undefined;
  const { options, unknown } = ownOptions(given as Partial<QueueAddress>, ['connection', 'name', 'prefix']);
  const { connection, name, prefix } = options as Record<string, unknown>;
  if (unknown.length > 0 || typeof connection !== 'object' || connection === null) return undefined;
  if (typeof name !== 'string' || !QUEUE_NAME.test(name)) return undefined;
  if (prefix !== undefined && !(typeof prefix === 'string' && QUEUE_NAME.test(prefix))) return undefined;
  return { connection: connection as QueueAddress['connection'], name, ...(prefix !== undefined && { prefix }) };
}
