// A worker started in code rather than by `hermes-tools worker`: `REDIS_URL=redis://… node
// dist/samples/queue/runWorker.js`.
import { toolWorker } from 'hermes-tools/queue';
import { container } from './worker.js';

// #region worker
const worker = await toolWorker({
  container: await container(),
  queue: { connection: { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' }, name: 'reports' },
  concurrency: 4,
  drainTimeoutMs: 30_000, // on SIGTERM: take no more calls, let these finish (then abort them)
});
// #endregion worker
console.log(`worker ${process.pid}: taking calls from the queue "reports" until SIGTERM`);
await worker.closed;
