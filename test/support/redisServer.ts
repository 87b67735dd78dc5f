// A real redis-server for the tests that need Redis: each test file starts its own on a free
// loopback port, with persistence off, and stops it when done. ensureRedisServer (jest's
// globalSetup) has already made sure the binary is there.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';

export interface RedisServer {
  readonly port: number;
  /** `redis://127.0.0.1:<port>`, for BullMQ or ioredis connections. */
  readonly url: string;
  readonly process: ChildProcess;
  /** Stops the server and waits for it to exit. */
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  probe.close();
  await once(probe, 'close');
  return port;
}

/** Waits for the line that says the server accepts connections, or for the process to end first. */
function ready(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      if (seen.includes('Ready to accept connections')) {
        child.stdout?.off('data', onData);
        child.off('exit', onExit);
        child.stdout?.resume();
        resolve();
      }
    };
    const onExit = (code: number | null) =>
      reject(new Error(`redis-server exited with ${code} before it was ready:\n${seen.slice(-2000)}`));
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
  });
}

export async function startRedisServer(): Promise<RedisServer> {
  let lastError: unknown;
  // A port found free can be taken before redis-server binds it: try another.
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await freePort();
    const child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    try {
      await ready(child);
    } catch (error) {
      lastError = error;
      continue;
    }
    const exited = once(child, 'exit');
    return {
      port,
      url: `redis://127.0.0.1:${port}`,
      process: child,
      async stop() {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGTERM');
          await exited;
        }
      },
    };
  }
  throw lastError;
}
