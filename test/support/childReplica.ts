// A stateless MCP replica in a child process (test/fixtures/taskReplica.ts, compiled to dist/), on a given Redis:
// for the task tests that run one replica here and one there.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPLICA = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../dist/test/fixtures/taskReplica.js',
);

/** Starts the replica; resolves with it and its endpoint once it listens, rejects if it exits first. */
export function childReplica(redisUrl: string): Promise<{ child: ChildProcess; url: URL }> {
  const child = spawn(process.execPath, [REPLICA, redisUrl], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /MCP endpoint: (\S+)/.exec(out);
      if (match !== null) resolve({ child, url: new URL(match[1]!) });
    });
    child.once('exit', (code) => reject(new Error(`the replica exited with ${code}: ${err.slice(-2000)}`)));
  });
}
