// `npm run start:queue`: a slow tool runs in a worker process while the agent stays responsive.
// It starts its own redis-server on a free port unless REDIS_URL names one, a worker process
// (`hermes-tools worker`), then an agent whose reports.build calls go through the queue while its
// local clock.now calls are answered at once; then it stops everything and exits.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PermissionSet, Tool, ToolRegistry, toolset, toolsModule } from 'hermes-tools';
import { queuedToolset } from 'hermes-tools/queue';
import { Container } from 'inversify';
import { BuildReport } from './BuildReport.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const CLI = path.resolve(here, '../../src/cli/main.js');
const log = (line: string): void => console.log(line);

@Tool({ name: 'clock.now', description: 'The time now, as an ISO 8601 string.', readOnly: true })
class ClockNow {
  execute() {
    return new Date().toISOString();
  }
}

/** Lines a child prints, and a promise for the first that matches. */
function firstLine(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer): void => {
      seen += chunk.toString('utf8');
      const line = seen.split('\n').find((l) => pattern.test(l));
      if (line !== undefined) {
        child.stdout!.off('data', onData);
        child.off('exit', onExit);
        resolve(line);
      }
    };
    const onExit = (code: number | null): void =>
      reject(new Error(`${child.spawnfile} exited (${code}) before it was ready:\n${seen.slice(-1000)}`));
    child.stdout!.on('data', onData);
    child.once('exit', onExit);
  });
}

async function startRedis(): Promise<{ url: string; stop: () => Promise<void> } | undefined> {
  if (process.env.REDIS_URL !== undefined) return { url: process.env.REDIS_URL, stop: async () => undefined };
  if (spawnSync('sh', ['-c', 'command -v redis-server'], { stdio: 'ignore' }).status !== 0) return undefined;
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const port = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));
  const redis = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await firstLine(redis, /Ready to accept connections/);
  redis.stdout!.resume();
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      redis.kill('SIGTERM');
      await once(redis, 'exit');
    },
  };
}

const redis = await startRedis();
if (redis === undefined) {
  log(
    'npm run start:queue needs Redis: set REDIS_URL=redis://host:port, or install redis-server (Debian/Ubuntu: sudo apt-get install redis-server; macOS: brew install redis).',
  );
  process.exit(1);
}
log(`agent ${process.pid}: Redis at ${redis.url}`);

const worker = spawn(
  process.execPath,
  [
    CLI,
    '--module',
    path.join(here, 'worker.js'),
    'worker',
    '--redis',
    redis.url,
    '--queue',
    'reports',
    '--concurrency',
    '4',
  ],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
log(await firstLine(worker, /^worker: taking calls/));
worker.stdout!.resume();

// #region agent
const container = new Container();
const reports = queuedToolset({
  name: 'reports',
  tools: [BuildReport],
  granted: PermissionSet.none().grant('reports:build'),
  queue: { connection: { url: redis.url }, name: 'reports' },
});
await container.loadAsync(toolsModule({ timeoutMs: 60_000 }), toolset({ name: 'clock', tools: [ClockNow] }), reports);
const registry = container.get(ToolRegistry);
// reports.build is checked here (guards, validation), then runs on a worker; clock.now runs here.
// #endregion agent

try {
  log('agent: reports.build("Q3 sales", 4 sections) goes to the queue; meanwhile the agent answers other calls');
  let answered = 0;
  const pending: Promise<unknown>[] = [];
  const report = registry.dispatch(
    'reports.build',
    { topic: 'Q3 sales', sections: 4 },
    {
      onProgress: (done, total, message) => {
        log(`  worker progress ${done}/${total}: ${message}`);
        // The agent is free: each report of progress, it answers a call of its own at once.
        pending.push(
          registry.dispatch('clock.now', {}).then((outcome) => {
            answered++;
            log(`  agent answered clock.now meanwhile: ${outcome.ok ? String(outcome.value) : outcome.error.message}`);
          }),
        );
      },
    },
  );
  const outcome = await report;
  await Promise.all(pending);
  log(`agent: reports.build returned ${JSON.stringify(outcome.ok ? outcome.value : outcome.error)}`);
  log(`agent: answered ${answered} other calls while the report was built in worker process ${worker.pid}`);
  const refused = await registry.dispatch('reports.build', { topic: '', sections: 99 });
  log(`agent: an invalid call is refused here and never queued: ${refused.ok ? 'ok?' : refused.error.code}`);
} finally {
  worker.kill('SIGTERM');
  await once(worker, 'exit');
  log('worker: stopped after SIGTERM');
  await reports.close();
  await redis.stop();
}
