// jest's globalSetup: the suite needs a real redis-server (the queue and MCP task tests). On a
// machine without it, install Debian's package when we can (root with apt-get, as here and in
// CI); otherwise stop with one line that says how to install it. A Redis test never passes
// silently without Redis.
import { spawnSync } from 'node:child_process';

function has(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function run(command: string, args: string[]): boolean {
  const result = spawnSync(command, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

export default function ensureRedisServer(): void {
  if (has('redis-server')) return;
  const root = process.getuid?.() === 0;
  if (root && has('apt-get')) {
    process.stderr.write(
      '\nredis-server is missing: installing the Debian package redis-server for the Redis tests…\n',
    );
    // Another apt-get (another test run installing it too) holds dpkg's lock for a while: wait for it.
    const wait = ['-o', 'DPkg::Lock::Timeout=120'];
    if (
      run('apt-get', [...wait, 'update', '-qq']) &&
      run('apt-get', [...wait, 'install', '-y', '-qq', 'redis-server']) &&
      has('redis-server')
    )
      return;
  }
  throw new Error(
    'The tests need redis-server on PATH: install it (Debian/Ubuntu: `sudo apt-get install redis-server`; macOS: `brew install redis`) and run npm test again.',
  );
}
