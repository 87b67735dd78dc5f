// SSE polling (2025-11-25, SEP-1699) in session mode: a call still running after `ssePolling.closeAfterMs` has its
// stream closed, and the SDK's own 2025 client resumes it with Last-Event-ID on the session's GET and gets the answer
// there; a 2026 call on the same endpoint is never cut (that era has no resumability). The clock is a manual one; every other wait is on an event (the tool starting, the client's GET).
import { Client as ModernClient, StreamableHTTPClientTransport as ModernHttp } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Ctx, Tool, type ToolContext, toolset, toolsModule } from 'hermes-tools';
import { type McpHttpServer, serveHttp } from 'hermes-tools/mcp';
import { SessionEventStore } from '../src/mcp/SessionEventStore.js';
import { buildRegistry } from './support/buildRegistry.js';
import { deferred } from './support/deferred.js';
import { ManualClock } from './support/manualClock.js';

let started = deferred();
let finish = deferred();

@Tool({ name: 'long.call', description: 'Runs until the test lets it finish.', readOnly: true })
class LongCall {
  async execute(@Ctx() ctx: ToolContext): Promise<string> {
    started.resolve();
    await Promise.race([finish.promise, new Promise((resolve) => ctx.signal.addEventListener('abort', resolve))]);
    return 'finished after the stream was closed';
  }
}

const open: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  finish.resolve();
  for (const thing of open.splice(0).reverse()) await thing.close();
  started = deferred();
  finish = deferred();
});

async function serve(clock: ManualClock): Promise<McpHttpServer> {
  const { registry } = await buildRegistry(toolsModule(), toolset({ name: 'long', tools: [LongCall] }));
  const http = await serveHttp(registry, {
    name: 'polling',
    version: '1.0.0',
    port: 0,
    ssePolling: { closeAfterMs: 30_000, retryMs: 1 },
    sessionClock: clock,
  });
  open.push(http);
  return http;
}

describe('SSE polling in session mode', () => {
  it("closes a long call's stream, and the SDK's 2025 client resumes it with Last-Event-ID and gets the answer", async () => {
    const clock = new ManualClock();
    const http = await serve(clock);
    const resumed = deferred<string>();
    const requests: string[] = [];
    const client = new Client({ name: 'polling-client', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(http.url, {
        fetch: (url, init) => {
          const headers = new Headers(init?.headers);
          requests.push(`${init?.method ?? 'GET'} ${headers.get('last-event-id') ?? ''}`.trim());
          if ((init?.method ?? 'GET') === 'GET' && headers.has('last-event-id'))
            resumed.resolve(headers.get('last-event-id')!);
          return fetch(url, init);
        },
      }),
    );
    open.push(client);
    const answer = client.callTool({ name: 'long.call', arguments: {} });
    await started.promise;
    // The call has run for closeAfterMs: its stream is closed, and the client comes back with the last event it had.
    clock.advance(30_000);
    const lastEventId = await resumed.promise;
    expect(lastEventId).toMatch(/^\d+$/);
    finish.resolve();
    expect((await answer).content).toEqual([{ type: 'text', text: 'finished after the stream was closed' }]);
    expect(requests.filter((r) => r.startsWith('GET ') && r !== 'GET')).toEqual([`GET ${lastEventId}`]);
  });

  it('serves a session the version it negotiated, even when a request says an older one: priming event and retry', async () => {
    const http = await serve(new ManualClock());
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const opened = await fetch(http.url, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
      }),
    });
    const session = opened.headers.get('mcp-session-id')!;
    await opened.text();
    // A request that says 2025-03-26, whose clients could not take the empty priming event, in a 2025-11-25 session.
    const call = await fetch(http.url, {
      method: 'POST',
      headers: { ...headers, 'mcp-session-id': session, 'mcp-protocol-version': '2025-03-26' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }),
    });
    expect(call.headers.get('content-type')).toContain('text/event-stream');
    const first = (await call.text()).split('\n\n')[0]!;
    expect(first).toMatch(/^id: \S+\nretry: 1\ndata: $/);
    await fetch(http.url, { method: 'DELETE', headers: { 'mcp-session-id': session } });
  });

  it('leaves a 2026 call alone on the same endpoint: no resumability in that era, so its stream is never closed', async () => {
    const clock = new ManualClock();
    const http = await serve(clock);
    const requests: string[] = [];
    const client = new ModernClient(
      { name: 'modern-polling-client', version: '2.4.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(
      new ModernHttp(http.url, {
        fetch: (url, init) => {
          requests.push(init?.method ?? 'GET');
          return fetch(url, init);
        },
      }),
    );
    open.push(client);
    const answer = client.callTool({ name: 'long.call', arguments: {} });
    await started.promise;
    // Past closeAfterMs: a 2025 stream would be closed here; this one stays, and the answer comes on it.
    clock.advance(30_000);
    finish.resolve();
    expect((await answer).content).toEqual([{ type: 'text', text: 'finished after the stream was closed' }]);
    expect(requests.filter((method) => method === 'GET')).toEqual([]);
  });

  it('leaves the stream of a call that ends in time open: nothing is resumed', async () => {
    const clock = new ManualClock();
    const http = await serve(clock);
    const requests: string[] = [];
    const client = new Client({ name: 'quick-client', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(http.url, {
        fetch: (url, init) => {
          requests.push(new Headers(init?.headers).get('last-event-id') ?? '');
          return fetch(url, init);
        },
      }),
    );
    open.push(client);
    finish.resolve();
    await client.callTool({ name: 'long.call', arguments: {} });
    clock.advance(30_000);
    expect(requests.filter((id) => id !== '')).toEqual([]);
  });

  it('refuses ssePolling without sessions, or with a duration that is not whole milliseconds', async () => {
    const { registry } = await buildRegistry(toolsModule(), toolset({ name: 'long', tools: [LongCall] }));
    const start = (options: object) => serveHttp(registry, { name: 'x', version: '1', port: 0, ...options });
    await expect(start({ stateless: true, ssePolling: { closeAfterMs: 1000 } })).rejects.toThrow(
      /ssePolling needs sessions/,
    );
    await expect(start({ ssePolling: { closeAfterMs: 0.5 } })).rejects.toThrow(
      /ssePolling.closeAfterMs must be a whole number of milliseconds/,
    );
    await expect(start({ ssePolling: { closeAfterMs: 10, retryMs: -1 } })).rejects.toThrow(/ssePolling.retryMs/);
  });
});

describe('SessionEventStore', () => {
  it('replays the events of the same stream after the one given, and refuses an event it does not keep', async () => {
    const store = new SessionEventStore();
    const a1 = await store.storeEvent('a', { jsonrpc: '2.0', method: 'one' });
    await store.storeEvent('b', { jsonrpc: '2.0', method: 'other stream' });
    await store.storeEvent('a', { jsonrpc: '2.0', method: 'two' });
    const sent: string[] = [];
    const stream = await store.replayEventsAfter(a1, {
      send: async (_id, message) => void sent.push((message as { method: string }).method),
    });
    expect(stream).toBe('a');
    expect(sent).toEqual(['two']);
    await expect(store.replayEventsAfter('999', { send: async () => undefined })).rejects.toThrow(/no event 999/);
  });

  it('keeps at most 1,000 events: resuming after a dropped one is refused', async () => {
    const store = new SessionEventStore();
    const first = await store.storeEvent('a', { jsonrpc: '2.0', method: 'first' });
    for (let i = 0; i < 1_000; i++) await store.storeEvent('a', { jsonrpc: '2.0', method: `m${i}` });
    expect(await store.getStreamIdForEventId(first)).toBeUndefined();
    await expect(store.replayEventsAfter(first, { send: async () => undefined })).rejects.toThrow(/no event/);
  });
});
