/**
 * hermes-tools/queue: tool calls that outgrow one process, run by workers on a BullMQ queue in
 * Redis (`bullmq`, an optional peer dependency loaded only by this entry point, with `ioredis`).
 * The agent's `queuedToolset` checks each call (guards, validation, approval) and queues it; a
 * `toolWorker` runs it through its own registry and sends the outcome back.
 *
 * @module hermes-tools/queue
 */
export { queuedToolset, type QueuedToolsetModule } from './queuedToolset.js';
export type { QueuedToolsetOptions } from './QueuedToolsetOptions.js';
export { toolWorker, type ToolWorker } from './toolWorker.js';
export type { ToolWorkerOptions } from './ToolWorkerOptions.js';
export type { QueueAddress } from './QueueAddress.js';
export type { SigningKey } from './SigningKey.js';
export type { ToolJob, JsonValue } from './ToolJob.js';
export { ToolInterruptedError } from './ToolInterruptedError.js';
export { RemoteToolError } from './RemoteToolError.js';
export { JobRefusedError } from './JobRefusedError.js';
export { RedisTaskStore, type RedisTaskStoreOptions } from './RedisTaskStore.js';
export { RedisSpentApprovals, type RedisSpentApprovalsOptions } from './RedisSpentApprovals.js';
