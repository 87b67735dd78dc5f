import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const CLI = path.resolve(here, '../../dist/src/cli/main.js');
const HTTP_TOOLS = path.resolve(here, '../../dist/test/fixtures/httpTools.js');
const TOKEN = 'replica-token-4f1c2a9e7b3d5f60';

/** `hermes-tools serve --http 0 --stateless --token-env MCP_TOKEN`, and the URL it prints once listening. */
function replica(): Promise<{ child: ChildProcess; url: URL }> {
  const child = spawn(
    process.execPath,
    [CLI, '--module', HTTP_TOOLS, 'serve', '--http', '0', '--stateless', '--token-env', 'MCP_TOKEN'],
    {
      env: { ...process.env, MCP_TOKEN: TOKEN },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /MCP endpoint: (\S+)/.exec(out);
      if (match !== null) resolve({ child, url: new URL(match[1]!) });
    });
    child.once('exit', (code) => reject(new Error(`the replica exited with ${code}`)));
  });
}

/** A round-robin HTTP proxy in front of `targets`, counting the requests each one gets. */
async function roundRobin(targets: readonly URL[]): Promise<{ server: Server; url: URL; hits: number[] }> {
  const hits = targets.map(() => 0);
  let next = 0;
  const server = createServer((req, res) => {
    const i = next++ % targets.length;
    hits[i]!++;
    const target = targets[i]!;
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: new URL(`http://127.0.0.1:${port}/mcp`), hits };
}

describe('stateless replicas behind a round-robin proxy', () => {
  it('lists and calls through the proxy, with requests landing on both replicas', async () => {
    const replicas = await Promise.all([replica(), replica()]);
    const proxy = await roundRobin(replicas.map((r) => r.url));
    const client = new Client({ name: 'replica-test', version: '1.0.0' });
    try {
      const unauthenticated = await fetch(proxy.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(unauthenticated.status).toBe(401);

      await client.connect(
        new StreamableHTTPClientTransport(proxy.url, {
          requestInit: { headers: { authorization: `Bearer ${TOKEN}` } },
        }),
      );
      for (let round = 0; round < 3; round++) {
        expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual([
          'notes.read',
          'notes.write',
          'results.read',
          'wait.cancel',
          'whoami',
        ]);
        const read = (await client.callTool({ name: 'notes.read', arguments: {} })) as CallToolResult;
        expect(read.content).toEqual([{ type: 'text', text: 'the note' }]);
        const invalid = await client.callTool({ name: 'notes.write', arguments: { text: 3 } });
        expect(invalid.isError).toBe(true);
      }
      expect(proxy.hits[0]).toBeGreaterThan(2);
      expect(proxy.hits[1]).toBeGreaterThan(2);
    } finally {
      await client.close();
      proxy.server.closeAllConnections();
      await new Promise((resolve) => proxy.server.close(resolve));
      for (const { child } of replicas) child.kill();
    }
  });
});
