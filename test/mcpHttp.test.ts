import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LATEST_PROTOCOL_VERSION, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isLoopbackHost, type McpHttpAuth, type McpHttpOptions, serveHttp, type VerifiedToken } from 'hermes-tools/mcp';
import { PermissionSet, ToolRegistry } from 'hermes-tools';
import { cancelled, container } from './fixtures/httpTools.js';
import { deferred } from './support/deferred.js';
import { ManualClock } from './support/manualClock.js';

async function registry(): Promise<ToolRegistry> {
  return (await container()).get(ToolRegistry);
}

const TOKENS = new Map<string, VerifiedToken>();
const AUTH: McpHttpAuth = {
  verify: (token) => TOKENS.get(token),
  resourceMetadata: {
    authorizationServers: ['https://auth.example.com'],
    scopesSupported: ['notes:read', 'notes:write'],
  },
};

function text(result: unknown): string {
  return (result as CallToolResult).content.map((c) => (c.type === 'text' ? c.text : '')).join('');
}

/** What a test opened, closed after it (newest first) even when it failed, or when `connect` threw. */
const opened: { close(): Promise<unknown> }[] = [];

async function connect(url: URL, token?: string): Promise<Client> {
  const client = new Client({ name: 'http-test', version: '1.0.0' });
  opened.push(client);
  const headers: Record<string, string> = token === undefined ? {} : { authorization: `Bearer ${token}` };
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
  return client;
}

function initialize(url: URL, headers: Record<string, string> = {}, body?: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body:
      body ??
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: LATEST_PROTOCOL_VERSION,
          capabilities: {},
          clientInfo: { name: 'raw', version: '1' },
        },
      }),
  });
}

async function serve(options: Partial<McpHttpOptions> = {}) {
  const http = await serveHttp(await registry(), { name: 'http-test', version: '1.0.0', port: 0, ...options });
  opened.push(http);
  return http;
}

afterEach(async () => {
  TOKENS.clear();
  for (const thing of opened.splice(0).reverse()) await thing.close();
});

describe('serveHttp with auth', () => {
  it('answers 401 with WWW-Authenticate naming the resource metadata, and serves that document', async () => {
    const http = await serve({ auth: AUTH });
    try {
      const none = await initialize(http.url);
      expect(none.status).toBe(401);
      const metadataUrl = new URL('/.well-known/oauth-protected-resource/mcp', http.url).href;
      expect(none.headers.get('www-authenticate')).toBe(
        `Bearer resource_metadata="${metadataUrl}", scope="notes:read notes:write"`,
      );
      const bad = await initialize(http.url, { authorization: 'Bearer not-a-token' });
      expect(bad.status).toBe(401);
      expect(bad.headers.get('www-authenticate')).toContain('error="invalid_token"');
      expect(JSON.stringify(await bad.json())).not.toContain('not-a-token');

      for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']) {
        const doc = await fetch(new URL(path, http.url));
        expect(doc.status).toBe(200);
        expect(await doc.json()).toEqual({
          resource: http.url.href,
          authorization_servers: ['https://auth.example.com'],
          scopes_supported: ['notes:read', 'notes:write'],
          bearer_methods_supported: ['header'],
        });
      }
      await expect(connect(http.url)).rejects.toThrow();
    } finally {
      await http.close();
    }
  });

  it("narrows tools/list and tools/call to the token's scopes, and fills in extra.http?.authInfo", async () => {
    TOKENS.set('reader-token', { principal: 'ann', scopes: ['notes:read', 'openid'] });
    TOKENS.set('writer-token', { principal: 'bob', scopes: ['notes:read', 'notes:write'] });
    const seen: unknown[] = [];
    const http = await serve({ auth: AUTH });
    const traced = await serveHttp(await registry(), {
      name: 'http-test',
      version: '1.0.0',
      port: 0,
      auth: AUTH,
      caller: (extra) => (seen.push(extra.http?.authInfo), { user: extra.http?.authInfo?.clientId }),
    });
    const reader = await connect(http.url, 'reader-token');
    const writer = await connect(http.url, 'writer-token');
    const viaCaller = await connect(traced.url, 'reader-token');
    try {
      expect((await reader.listTools()).tools.map((t) => t.name).sort()).toEqual([
        'notes.read',
        'results.read',
        'wait.cancel',
        'whoami',
      ]);
      expect((await writer.listTools()).tools.map((t) => t.name).sort()).toEqual([
        'notes.read',
        'notes.write',
        'results.read',
        'wait.cancel',
        'whoami',
      ]);
      expect(text(await reader.callTool({ name: 'notes.read', arguments: {} }))).toBe('the note');
      const denied = await reader.callTool({ name: 'notes.write', arguments: { text: 'x' } });
      expect(denied.isError).toBe(true);
      expect(denied._meta?.['hermes-tools/error']).toMatchObject({ code: 'permission_denied' });
      expect(text(await writer.callTool({ name: 'notes.write', arguments: { text: 'x' } }))).toBe('wrote x');
      expect(JSON.parse(text(await reader.callTool({ name: 'whoami', arguments: {} })))).toMatchObject({
        via: 'mcp',
        client: 'http-test',
        principal: 'ann',
      });

      expect(text(await viaCaller.callTool({ name: 'whoami', arguments: {} }))).toBe('{"user":"ann"}');
      expect(seen.at(-1)).toMatchObject({
        token: 'reader-token',
        clientId: 'ann',
        scopes: ['notes:read', 'openid'],
        extra: { principal: 'ann' },
      });
    } finally {
      await Promise.all([reader.close(), writer.close(), viaCaller.close()]);
      await Promise.all([http.close(), traced.close()]);
    }
  });

  it('refuses a token that expired mid-session, and a session used with another identity', async () => {
    const ann: { principal: string; scopes: string[]; expiresAt?: number } = {
      principal: 'ann',
      scopes: ['notes:read'],
      expiresAt: Date.now() / 1000 + 3600,
    };
    TOKENS.set('ann-token', ann);
    TOKENS.set('eve-token', { principal: 'eve', scopes: ['notes:read'] });
    const http = await serve({ auth: AUTH });
    const client = await connect(http.url, 'ann-token');
    try {
      expect(text(await client.callTool({ name: 'notes.read', arguments: {} }))).toBe('the note');
      const sessionId = (client.transport as StreamableHTTPClientTransport).sessionId!;
      const hijack = await fetch(http.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: 'Bearer eve-token',
          'mcp-session-id': sessionId,
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' }),
      });
      expect(hijack.status).toBe(403);

      ann.expiresAt = Date.now() / 1000 - 1;
      await expect(client.callTool({ name: 'notes.read', arguments: {} })).rejects.toThrow();
      const raw = await fetch(http.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: 'Bearer ann-token',
          'mcp-session-id': sessionId,
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 10, method: 'tools/list' }),
      });
      expect(raw.status).toBe(401);
      expect(raw.headers.get('www-authenticate')).toContain('expired');
    } finally {
      await client.close().catch(() => undefined);
      await http.close();
    }
  });
});

describe('serveHttp hardening', () => {
  it('answers 403 to a foreign Origin, and serves an allowed one', async () => {
    const http = await serve({ allowedOrigins: ['https://app.example.com'] });
    try {
      const foreign = await initialize(http.url, { origin: 'https://evil.example' });
      expect(foreign.status).toBe(403);
      expect(JSON.stringify(await foreign.json())).toContain('allowedOrigins');
      expect((await initialize(http.url, { origin: 'https://app.example.com' })).status).toBe(200);
      expect((await initialize(http.url)).status).toBe(200);
    } finally {
      await http.close();
    }
  });

  it('detects loopback by address, not by text', () => {
    for (const host of [
      '127.0.0.1',
      '127.0.0.2',
      '127.255.255.254',
      '::1',
      '[::1]',
      '0:0:0:0:0:0:0:1',
      '::ffff:127.0.0.1',
      'localhost',
      'LOCALHOST',
    ])
      expect([host, isLoopbackHost(host)]).toEqual([host, true]);
    for (const host of [
      '0.0.0.0',
      '::',
      '10.0.0.1',
      '128.0.0.1',
      '127.0.0.1.example.com',
      'localhost.example.com',
      '192.168.1.2',
    ])
      expect([host, isLoopbackHost(host)]).toEqual([host, false]);
  });

  it('keeps DNS-rebinding protection on 127.0.0.2', async () => {
    const http = await serve({ host: '127.0.0.2' });
    try {
      expect((await initialize(http.url)).status).toBe(200);
      const rebound = await new Promise<number>((resolve, reject) => {
        import('node:http').then(({ request }) => {
          const req = request(
            http.url,
            {
              method: 'POST',
              headers: {
                host: 'evil.example:80',
                'content-type': 'application/json',
                accept: 'application/json, text/event-stream',
              },
            },
            (res) => {
              res.resume();
              resolve(res.statusCode!);
            },
          );
          req.on('error', reject);
          req.end('{}');
        }, reject);
      });
      expect(rebound).toBe(403);
    } finally {
      await http.close();
    }
  });

  it('refuses a non-loopback address without auth, and warns when told to allow it', async () => {
    await expect(serve({ host: '0.0.0.0' })).rejects.toThrow(/without authentication.*allowUnauthenticated/);
    const warnings: string[] = [];
    const http = await serve({
      host: '0.0.0.0',
      allowUnauthenticated: true,
      onWarning: (message) => warnings.push(message),
    });
    try {
      expect(warnings).toEqual([expect.stringContaining('serving 0.0.0.0 without authentication')]);
    } finally {
      await http.close();
    }
    const withAuth = await serve({ host: '0.0.0.0', auth: AUTH });
    await withAuth.close();
  });

  it('closes a session left idle, and answers its id with 404 after', async () => {
    const closed: [string, string][] = [];
    const gone = deferred();
    // Time passes only when the test moves the clock: connecting takes no idle time, however busy the machine.
    const clock = new ManualClock();
    const http = await serve({
      sessionIdleMs: 60_000,
      sessionClock: clock,
      onSessionClosed: (id, reason) => (closed.push([id, reason]), gone.resolve()),
    });
    const client = await connect(http.url);
    const sessionId = (client.transport as StreamableHTTPClientTransport).sessionId!;
    try {
      expect(http.sessions()).toBe(1);
      // Abandoned: the client goes away without ending its session. Once the server has seen it go, a minute passes.
      await client.close();
      await clock.advanceUntil(gone.promise, 15_000);
      expect(closed).toEqual([[sessionId, 'idle']]);
      expect(http.sessions()).toBe(0);
      const stale = await fetch(http.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-session-id': sessionId,
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
      });
      expect(stale.status).toBe(404);
    } finally {
      await http.close();
    }
  });

  it('answers 503 with Retry-After past maxSessions', async () => {
    const http = await serve({ maxSessions: 2 });
    try {
      expect((await initialize(http.url)).status).toBe(200);
      expect((await initialize(http.url)).status).toBe(200);
      const third = await initialize(http.url);
      expect(third.status).toBe(503);
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(JSON.stringify(await third.json())).toContain('maximum of 2 sessions');
      expect(http.sessions()).toBe(2);
    } finally {
      await http.close();
    }
  });

  it('answers 413 to a body over the limit, and 400 to one that is not JSON', async () => {
    const http = await serve({ maxRequestBodyBytes: 1000 });
    try {
      const big = await initialize(
        http.url,
        {},
        JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { padding: 'x'.repeat(2000) } }),
      );
      expect(big.status).toBe(413);
      expect(JSON.stringify(await big.json())).toContain('1000 bytes');
      const garbled = await initialize(http.url, {}, '{nope');
      expect(garbled.status).toBe(400);
      expect(http.sessions()).toBe(0);
    } finally {
      await http.close();
    }
  });

  it('asks for availability with one poll, however many sessions are open', async () => {
    const http = await serve({ listChangedIntervalMs: 10 });
    const clients = await Promise.all(Array.from({ length: 5 }, () => connect(http.url)));
    try {
      expect(http.sessions()).toBe(5);
      const timers = (process as unknown as { getActiveResourcesInfo(): string[] })
        .getActiveResourcesInfo()
        .filter((r) => r === 'Timeout').length;
      // One availability poll and one idle sweep, not one timer per session (SSE keep-alives aside).
      expect(timers).toBeLessThan(5 + 2 + 5);
    } finally {
      await Promise.all(clients.map((c) => c.close()));
      await http.close();
    }
  });
});

describe('serveHttp stateless', () => {
  it("without authentication, never lets one client's cancel stop another's call", async () => {
    const http = await serve({ stateless: true });
    const client = await connect(http.url);
    try {
      const before = cancelled.seen.length;
      const running = new Promise<void>((resolve) => {
        cancelled.onRunning = resolve;
      });
      const controller = new AbortController();
      const call = client
        .callTool({ name: 'wait.cancel', arguments: {} }, undefined, { signal: controller.signal })
        .catch((error: unknown) => error);
      await running;
      let stopped = false;
      void cancelled.seen[before]!.then(() => {
        stopped = true;
      });
      // Another client's cancels, for every request id the first could be using.
      for (let requestId = 0; requestId < 5; requestId++) {
        const answer = await fetch(http.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
          body: JSON.stringify({
            jsonrpc: '2.0',
            method: 'notifications/cancelled',
            params: { requestId, reason: 'not yours' },
          }),
        });
        expect(answer.status).toBe(202);
      }
      expect(stopped).toBe(false);
      // Closing the server ends the call; the client stops waiting for its answer.
      await http.close();
      await cancelled.seen[before];
      controller.abort('done');
      expect(String(await call)).toContain('done');
    } finally {
      cancelled.onRunning = undefined;
      await client.close();
      await http.close();
    }
  });

  it('lists, calls with progress, authenticates and cancels with no session', async () => {
    TOKENS.set('reader-token', { principal: 'ann', scopes: ['notes:read'] });
    const http = await serve({ stateless: true, auth: AUTH });
    const client = await connect(http.url, 'reader-token');
    try {
      expect((client.transport as StreamableHTTPClientTransport).sessionId).toBeUndefined();
      expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual([
        'notes.read',
        'results.read',
        'wait.cancel',
        'whoami',
      ]);
      expect(text(await client.callTool({ name: 'notes.read', arguments: {} }))).toBe('the note');
      expect((await client.callTool({ name: 'notes.write', arguments: { text: 'x' } })).isError).toBe(true);
      expect(http.sessions()).toBe(0);

      const controller = new AbortController();
      const before = cancelled.seen.length;
      const call = client.callTool({ name: 'wait.cancel', arguments: {} }, undefined, {
        signal: controller.signal,
        onprogress: () => controller.abort('changed my mind'),
      });
      await expect(call).rejects.toThrow('changed my mind');
      await cancelled.seen[before];
      const get = await fetch(http.url, {
        headers: { authorization: 'Bearer reader-token', accept: 'text/event-stream' },
      });
      expect(get.status).toBe(405);
    } finally {
      await client.close();
      await http.close();
    }
  });
});

describe('serveHttp auth.mapScopes fails closed', () => {
  it.each([
    ['returns undefined', () => undefined, 'did not return a PermissionSet'],
    ['returns a plain object', () => ({ allows: () => true }), 'did not return a PermissionSet'],
    [
      'throws',
      () => {
        throw new Error('no such scope');
      },
      'threw',
    ],
  ])('answers 500 naming mapScopes when it %s, and lists nothing', async (_case, mapScopes, says) => {
    TOKENS.set('odd-token', { principal: 'ann', scopes: ['nobody-mapped-this'] });
    const warnings: string[] = [];
    const http = await serve({
      auth: { ...AUTH, mapScopes: mapScopes as unknown as McpHttpAuth['mapScopes'] },
      onWarning: (m) => warnings.push(m),
    });
    const answer = await initialize(http.url, { authorization: 'Bearer odd-token' });
    expect(answer.status).toBe(500);
    expect(JSON.stringify(await answer.json())).toContain(`auth.mapScopes ${says}`);
    expect(warnings).toEqual([expect.stringContaining('mapScopes')]);
    await expect(connect(http.url, 'odd-token')).rejects.toThrow();
    expect(http.sessions()).toBe(0);
  });

  it('serves the permissions a mapScopes returns, as a PermissionSet', async () => {
    TOKENS.set('reader-token', { principal: 'ann', scopes: ['reader'] });
    const http = await serve({
      auth: {
        ...AUTH,
        mapScopes: (scopes) => PermissionSet.none().grant(...(scopes.includes('reader') ? ['notes:read'] : [])),
      },
    });
    const client = await connect(http.url, 'reader-token');
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual([
      'notes.read',
      'results.read',
      'wait.cancel',
      'whoami',
    ]);
  });
});

describe("serveHttp's own origin", () => {
  it('accepts the address and port its socket is bound to, and no other (not another loopback spelling)', async () => {
    const http = await serve();
    const { port } = http.url;
    expect((await initialize(http.url, { origin: `http://127.0.0.1:${port}` })).status).toBe(200);
    // Another process may own [::1] at this port, and localhost may resolve to it.
    const others = [
      `http://localhost:${port}`,
      `http://[::1]:${port}`,
      `http://127.0.0.1:${Number(port) + 1}`,
      `https://127.0.0.1:${port}`,
    ];
    for (const origin of [...others, `http://127.0.0.2:${port}`, 'null']) {
      expect([origin, (await initialize(http.url, { origin })).status]).toEqual([origin, 403]);
    }
  });

  it('bound by the name localhost, accepts that name and the address it resolved to', async () => {
    const http = await serve({ host: 'localhost' });
    const { port } = http.url;
    const { address } = await import('node:dns').then((dns) => dns.promises.lookup('localhost'));
    const bound = address.includes(':') ? `[${address}]` : address;
    for (const origin of [`http://localhost:${port}`, `http://${bound}:${port}`]) {
      expect([origin, (await initialize(http.url, { origin })).status]).toEqual([origin, 200]);
    }
  });

  it("never takes its own origin from the request's Host header", async () => {
    const http = await serve({ host: '0.0.0.0', allowUnauthenticated: true, onWarning: () => undefined });
    const { port } = http.url;
    const { request } = await import('node:http');
    const status = (headers: Record<string, string>): Promise<number> =>
      new Promise((resolve, reject) => {
        const req = request(
          new URL(`http://127.0.0.1:${port}/mcp`),
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode!);
          },
        );
        req.on('error', reject);
        req.end(
          JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'initialize',
            params: {
              protocolVersion: LATEST_PROTOCOL_VERSION,
              capabilities: {},
              clientInfo: { name: 'raw', version: '1' },
            },
          }),
        );
      });
    expect(await status({ host: `evil.example:${port}`, origin: `http://evil.example:${port}` })).toBe(403);
    // Bound to every address, it has no one address of its own: an origin of 0.0.0.0 is foreign too.
    expect(await status({ origin: `http://0.0.0.0:${port}` })).toBe(403);
    expect(await status({})).toBe(200);
  });
});

describe('serveHttp reads its options as own keys only', () => {
  const polluted = Object.prototype as Record<string, unknown>;
  const pollute = (values: Record<string, unknown>): void => {
    // Not enumerable: an enumerable key breaks the SDK's own parsing (its for…in loops), which is not what is tested
    // here.
    for (const [key, value] of Object.entries(values))
      Object.defineProperty(polluted, key, { value, configurable: true, writable: true });
  };
  const clean = (values: Record<string, unknown>): void => {
    for (const key of Object.keys(values)) delete polluted[key];
  };

  it('ignores an inherited allowUnauthenticated', async () => {
    const values = { allowUnauthenticated: true };
    pollute(values);
    try {
      await expect(serve({ host: '0.0.0.0' })).rejects.toThrow(/without authentication/);
    } finally {
      clean(values);
    }
  });

  it('ignores inherited allowedOrigins', async () => {
    const values = { allowedOrigins: ['https://evil.example'] };
    pollute(values);
    try {
      const http = await serve();
      expect((await initialize(http.url, { origin: 'https://evil.example' })).status).toBe(403);
    } finally {
      clean(values);
    }
  });

  it('ignores an inherited auth, on the options and on the request', async () => {
    const values = { auth: { verify: () => ({ principal: 'mallory', scopes: ['notes:write'] }) } };
    pollute(values);
    try {
      const http = await serve({ caller: (extra) => ({ authInfo: extra.http?.authInfo ?? 'none' }) });
      expect((await initialize(http.url)).status).toBe(200);
      const client = await connect(http.url);
      expect(JSON.parse(text(await client.callTool({ name: 'whoami', arguments: {} })))).toEqual({ authInfo: 'none' });
    } finally {
      clean(values);
    }
  });

  it('ignores an inherited stateless, maxSessions, maxSessionsPerPrincipal and sessionIdleMs', async () => {
    TOKENS.set('ann-token', { principal: 'ann', scopes: ['notes:read'] });
    const values = { stateless: true, maxSessions: 1, maxSessionsPerPrincipal: 1, sessionIdleMs: -1 };
    pollute(values);
    try {
      const http = await serve({ auth: AUTH });
      const first = await initialize(http.url, { authorization: 'Bearer ann-token' });
      expect(first.status).toBe(200);
      expect(first.headers.get('mcp-session-id')).toEqual(expect.any(String));
      expect((await initialize(http.url, { authorization: 'Bearer ann-token' })).status).toBe(200);
      expect(http.sessions()).toBe(2);
    } finally {
      clean(values);
    }
  });

  it("ignores an inherited mapScopes, and a token's inherited expiresAt and clientId", async () => {
    TOKENS.set('reader-token', { principal: 'ann', scopes: ['notes:read'] });
    const values = { mapScopes: () => PermissionSet.all(), expiresAt: 1, clientId: 'mallory' };
    pollute(values);
    try {
      const http = await serve({ auth: AUTH, caller: (extra) => ({ clientId: extra.http?.authInfo?.clientId }) });
      const client = await connect(http.url, 'reader-token');
      expect((await client.listTools()).tools.map((t) => t.name)).not.toContain('notes.write');
      expect(JSON.parse(text(await client.callTool({ name: 'whoami', arguments: {} })))).toEqual({ clientId: 'ann' });
    } finally {
      clean(values);
    }
  });
});
