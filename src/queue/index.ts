/**
 * hermes-tools/queue: tool calls that outgrow one process, on Redis (`ioredis`, an optional peer
 * dependency loaded only by this entry point).
 *
 * @module hermes-tools/queue
 */
export { RedisTaskStore, type RedisTaskStoreOptions } from './RedisTaskStore.js';
