import type { ConnectionOptions } from 'bullmq';

/** Where a queue of tool calls lives: the Redis connection as BullMQ takes it, and the queue's name. */
export interface QueueAddress {
  /**
   * BullMQ's connection: `{ url: 'redis://127.0.0.1:6379' }`, `{ host, port, password }`, or an
   * ioredis instance (BullMQ loads `ioredis` for the first two, so install it beside `bullmq`).
   */
  readonly connection: ConnectionOptions;
  /** The queue's name: the agents and the workers of one set of tools use the same one. */
  readonly name: string;
  /** The prefix of every Redis key of the queue. Default: BullMQ's, `bull`. */
  readonly prefix?: string;
}
