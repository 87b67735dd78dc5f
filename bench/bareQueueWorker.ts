// The peer of a `hermes-tools worker` process in the queue benchmark: a bare BullMQ Worker doing the same jobs
// (`add`: a + b; `io`: wait 10 ms, then n), `node build/bench/bareQueueWorker.js <redis url> <queue> <concurrency>`.
// Prints "worker: taking calls" when ready, as ours does; stops on SIGTERM.
import { Worker } from 'bullmq';

const [url, queue, concurrency] = process.argv.slice(2);
if (url === undefined || queue === undefined)
  throw new Error('usage: bareQueueWorker.js <redis url> <queue> [concurrency]');
const worker = new Worker(
  queue,
  async (job) => {
    if (job.name === 'io') {
      await new Promise((resolve) => setTimeout(resolve, 10));
      return (job.data as { n: number }).n;
    }
    const { a, b } = job.data as { a: number; b: number };
    return a + b;
  },
  { connection: { url }, concurrency: Number(concurrency ?? 1) },
);
await worker.waitUntilReady();
process.stdout.write('worker: taking calls\n');
process.once('SIGTERM', () => {
  void worker.close().then(() => process.exit(0));
});
