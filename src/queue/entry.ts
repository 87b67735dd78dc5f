/**
 * The ES module entry of hermes-tools/queue: checks that `bullmq` and `ioredis` are installed, so
 * that an app without them fails at import with one line saying what to install, then loads
 * index.js. Its types are index.ts's; a test checks that both export the same values.
 * @internal
 */
import { loadOptionalPeers } from '../errors/loadOptionalPeers.js';

await loadOptionalPeers('hermes-tools/queue', { bullmq: 'bullmq', ioredis: 'ioredis' });
const api = await import('./index.js');

export const {
  queuedToolset,
  toolWorker,
  ToolInterruptedError,
  RemoteToolError,
  JobRefusedError,
  RedisTaskStore,
  RedisSpentApprovals,
} = api;
