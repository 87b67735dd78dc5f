// `hermes-tools serve` stops on SIGTERM and SIGINT within its bounded time, even with a call in flight whose tool
// holds a 60 s timer and ignores its signal. Every wait is on an event (a line written, a process exiting); jest's
// own 30 s limit, far below the tool's 60 s, is what fails the test if the timer keeps the process alive.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const CLI = path.resolve(here, '../../dist/src/cli/main.js');
const MODULE = path.resolve(here, '../../dist/test/fixtures/holdsTimer.js');

/** Resolves with the first line of `stream` that matches, as soon as it is written. */
function lineMatching(stream: NodeJS.ReadableStream, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer): void => {
      text += chunk.toString('utf8');
      const line = text.split('\n').find((l) => pattern.test(l));
      if (line !== undefined) {
        stream.off('data', onData);
        resolve(line);
      }
    };
    stream.on('data', onData);
    stream.once('end', () => reject(new Error(`the stream ended before a line matched ${pattern}: ${text}`)));
  });
}

describe('hermes-tools serve --http, stopped by a signal', () => {
  let child: ChildProcess | undefined;
  let client: Client | undefined;
  afterEach(async () => {
    await client?.close();
    if (child !== undefined && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    child = undefined;
    client = undefined;
  });

  it.each(['SIGTERM', 'SIGINT'] as const)(
    'exits 0 on %s with a call in flight that holds a 60 s timer',
    async (signal) => {
      const started = spawn(process.execPath, [CLI, '--module', MODULE, 'serve', '--http', '0'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = started;
      const exited = once(started, 'exit');
      const endpoint = await lineMatching(started.stdout!, /^MCP endpoint: /);
      const toolStarted = lineMatching(started.stderr!, /hold\.timer started/);
      client = new Client({ name: 'signals', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(endpoint.replace(/^MCP endpoint: /, '').trim())));
      // Left waiting: the SDK client does not fail a request whose stream ends (closing it in afterEach ends it).
      void client.callTool({ name: 'hold.timer', arguments: {} }).catch(() => 'closed');
      await toolStarted;
      started.kill(signal);
      const [code] = await exited;
      expect(code).toBe(0);
    },
  );
});
