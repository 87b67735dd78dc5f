import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ToolListChangedNotificationSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createMcpServer, serveHttp } from 'hermes-tools/mcp';
import type { ToolRegistry } from 'hermes-tools';
import { AppLogger } from '../samples/audit/AppLogger.js';
import { sampleWorkspace } from './support/sampleWorkspace.js';

const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/src/cli/main.js');

let sample: Awaited<ReturnType<typeof sampleWorkspace>>;
beforeEach(async () => {
  delete process.env.WEATHER_API_KEY;
  sample = await sampleWorkspace();
});
afterEach(async () => {
  delete process.env.WEATHER_API_KEY;
  await sample.dispose();
});

function text(result: unknown): string {
  const content = (result as CallToolResult).content;
  return content.map((c) => (c.type === 'text' ? c.text : '')).join('');
}

async function connectInMemory(registry: ToolRegistry, options: { pageSize?: number; listChangedIntervalMs?: number } = {}): Promise<Client> {
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([client.connect(clientSide), createMcpServer(registry, { name: 'samples', version: '1.0.0', ...options }).connect(serverSide)]);
  return client;
}

/** What every transport must do: list, call, deny, refuse bad input, cancel, and still serve after. */
async function exercise(client: Client): Promise<void> {
  const { tools } = await client.listTools();
  const byName = new Map(tools.map((t) => [t.name, t]));
  expect([...byName.keys()]).toEqual(expect.arrayContaining(['fs.read', 'fs.write', 'orders.create', 'git.log', 'jobs.run_checks']));
  expect(byName.has('weather.current')).toBe(false);
  expect(byName.get('fs.read')!.inputSchema).toMatchObject({ type: 'object', required: ['path'], additionalProperties: false });
  expect(byName.get('jobs.run_checks')!.annotations).toMatchObject({ readOnlyHint: true });
  expect(byName.get('jobs.run_checks')!.outputSchema).toMatchObject({ type: 'object', required: ['passed', 'total'] });

  const read = await client.callTool({ name: 'fs.read', arguments: { path: 'notes/todo.md' } });
  expect(read.isError).toBeFalsy();
  expect(text(read)).toBe('- one\n');

  const denied = await client.callTool({ name: 'fs.write', arguments: { path: 'notes/x.md', content: 'x' } });
  expect(denied.isError).toBe(true);
  expect(text(denied)).toContain('fs:write');
  expect(denied._meta?.['hermes-tools/error']).toMatchObject({ code: 'permission_denied' });

  const invalid = await client.callTool({ name: 'fs.read', arguments: { path: 3, extra: true } });
  expect(invalid.isError).toBe(true);
  expect(text(invalid)).toMatch(/Invalid arguments for fs\.read \(2 problems\)/);

  const unknown = await client.callTool({ name: 'fs.raed', arguments: {} });
  expect(unknown.isError).toBe(true);
  expect(text(unknown)).toContain('"fs.read"');

  const progress: number[] = [];
  const checks = await client.callTool({ name: 'jobs.run_checks', arguments: { checks: 3, stepMs: 1 } }, undefined, { onprogress: (p) => progress.push(p.progress) });
  expect(checks.structuredContent).toEqual({ passed: 3, total: 3 });
  expect(progress).toEqual([1, 2, 3]);

  const controller = new AbortController();
  const long = client.callTool({ name: 'jobs.run_checks', arguments: { checks: 100, stepMs: 1000 } }, undefined, { signal: controller.signal });
  setTimeout(() => controller.abort('the user changed their mind'), 50);
  await expect(long).rejects.toThrow();

  const after = await client.callTool({ name: 'fs.list', arguments: {} });
  expect(after.isError).toBeFalsy();
  expect(text(after)).toContain('notes/');
}

/** The cancelled call must have ended on the server too: the audit interceptor saw it fail. */
async function expectServerSawCancellation(): Promise<void> {
  const logger = sample.container.get(AppLogger);
  for (let i = 0; i < 100 && !logger.lines.some((l) => l.includes('"tool":"jobs.run_checks"') && l.includes('"ok":false')); i++) {
    await new Promise((r) => setTimeout(r, 20));
  }
  expect(logger.lines.filter((l) => l.includes('"tool":"jobs.run_checks"') && l.includes('"ok":false'))).toHaveLength(1);
}

describe('MCP server, in memory', () => {
  it('lists and calls the samples, denies, refuses bad input, cancels', async () => {
    const client = await connectInMemory(sample.registry);
    await exercise(client);
    await expectServerSawCancellation();
    await client.close();
  });

  it('pages the listing when asked, and refuses a cursor it did not give', async () => {
    const client = await connectInMemory(sample.registry, { pageSize: 3 });
    const first = await client.listTools();
    expect(first.tools).toHaveLength(3);
    const names = first.tools.map((t) => t.name);
    for (let cursor = first.nextCursor; cursor !== undefined; ) {
      const page = await client.listTools({ cursor });
      names.push(...page.tools.map((t) => t.name));
      cursor = page.nextCursor;
    }
    expect(names).toEqual(sample.registry.list().map((t) => t.name));
    await expect(client.listTools({ cursor: 'bm9wZQ' })).rejects.toThrow(/cursor/);
    await client.close();
  });

  it('tells the client when a tool becomes available', async () => {
    const client = await connectInMemory(sample.registry, { listChangedIntervalMs: 10 });
    expect((await client.listTools()).tools.map((t) => t.name)).not.toContain('weather.current');
    const changed = new Promise<void>((resolve) => client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()));
    process.env.WEATHER_API_KEY = 'test-key';
    await changed;
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('weather.current');
    const weather = await client.callTool({ name: 'weather.current', arguments: { city: 'Paris' } });
    expect(weather.isError).toBeFalsy();
    await client.close();
  });
});

describe('MCP server over Streamable HTTP on 127.0.0.1', () => {
  it('lists and calls the samples, denies, refuses bad input, cancels', async () => {
    const http = await serveHttp(sample.registry, { name: 'samples', version: '1.0.0', port: 0 });
    expect(http.url.hostname).toBe('127.0.0.1');
    const client = new Client({ name: 'test-client', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(http.url));
    try {
      await exercise(client);
      await expectServerSawCancellation();
    } finally {
      await client.close();
      await http.close();
    }
  });

  it('answers an unknown session and a wrong path with a JSON-RPC error, not a crash', async () => {
    const http = await serveHttp(sample.registry, { name: 'samples', version: '1.0.0', port: 0 });
    try {
      const stale = await fetch(http.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-session-id': 'nope' }, body: '{}' });
      expect(stale.status).toBe(404);
      expect(await stale.json()).toMatchObject({ jsonrpc: '2.0', error: { message: expect.stringContaining('session') } });
      const wrong = await fetch(new URL('/elsewhere', http.url));
      expect(wrong.status).toBe(404);
    } finally {
      await http.close();
    }
  });
});

describe('MCP server over stdio, as a spawned `hermes-tools serve --stdio`', () => {
  it('lists and calls the samples, denies, refuses bad input, cancels', async () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'serve', '--stdio'], env: { ...process.env, HERMES_WORKSPACE: sample.workspace } as Record<string, string>, stderr: 'pipe' });
    const client = new Client({ name: 'test-client', version: '1.0.0' });
    await client.connect(transport);
    try {
      await exercise(client);
    } finally {
      await client.close();
    }
  });
});
