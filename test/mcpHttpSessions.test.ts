import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { ToolRegistry } from 'hermes-tools';
import {
  type McpHttpAuth,
  type McpHttpOptions,
  type McpHttpServer,
  serveHttp,
  type VerifiedToken,
} from 'hermes-tools/mcp';
import { cancelled, container } from './fixtures/httpTools.js';
import { deferred } from './support/deferred.js';
import { ManualClock } from './support/manualClock.js';

// Sessions over raw HTTP, so that the test decides when a stream opens; time passes only on a ManualClock.

const TOKENS = new Map<string, VerifiedToken>();
const AUTH: McpHttpAuth = { verify: (token) => TOKENS.get(token) };

/** What a test opened, closed after it (newest first) even when it failed. */
const opened: { close(): Promise<unknown> }[] = [];

afterEach(async () => {
  TOKENS.clear();
  cancelled.onRunning = undefined;
  for (const thing of opened.splice(0).reverse()) await thing.close();
});

async function serve(options: Partial<McpHttpOptions>): Promise<McpHttpServer> {
  const http = await serveHttp((await container()).get(ToolRegistry), {
    name: 'sessions-test',
    version: '1.0.0',
    port: 0,
    auth: AUTH,
    ...options,
  });
  opened.push(http);
  return http;
}

function post(url: URL, token: string, message: object, session?: string, signal?: AbortSignal): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${token}`,
      ...(session === undefined ? {} : { 'mcp-session-id': session }),
    },
    body: JSON.stringify(message),
    ...(signal === undefined ? {} : { signal }),
  });
}

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

/** Opens a session as a client does (initialize, then `notifications/initialized`): its id. */
async function open(url: URL, token: string): Promise<string> {
  const init = await post(url, token, INITIALIZE);
  expect(init.status).toBe(200);
  await init.text();
  const id = init.headers.get('mcp-session-id')!;
  expect(id).toEqual(expect.any(String));
  const ready = await post(url, token, { jsonrpc: '2.0', method: 'notifications/initialized' }, id);
  expect(ready.status).toBe(202);
  await ready.text();
  return id;
}

/** Opens a session's GET stream; once this resolves the server holds it. `ended` says how it ended. */
async function stream(url: URL, token: string, session: string): Promise<{ ended: Promise<'ended' | 'aborted'> }> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', authorization: `Bearer ${token}`, 'mcp-session-id': session },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const ended = (async (): Promise<'ended'> => {
    while (!(await reader.read()).done);
    return 'ended';
  })().catch((error: unknown) => {
    // Converted: our own abort (in afterEach) is how a stream the server kept open ends.
    if (controller.signal.aborted) return 'aborted' as const;
    throw error;
  });
  opened.push({ close: async () => (controller.abort(), await ended) });
  return { ended };
}

describe('serveHttp sessions and token expiry', () => {
  it("ends a token's streams when it expires, then closes its sessions as idle, so that another caller gets in", async () => {
    const clock = new ManualClock();
    const closedAt: [string, number][] = [];
    const allClosed = deferred();
    const http = await serve({
      maxSessions: 5,
      maxSessionsPerPrincipal: 5,
      sessionIdleMs: 500,
      sessionClock: clock,
      onSessionClosed: (_id, reason) => closedAt.push([reason, clock.now()]) === 5 && allClosed.resolve(),
    });
    const expiresAt = clock.now() / 1000 + 2;
    TOKENS.set('a-token', { principal: 'a', scopes: ['notes:read'], expiresAt });
    TOKENS.set('b-token', { principal: 'b', scopes: ['notes:read'] });
    const streams = [];
    for (let i = 0; i < 5; i++) streams.push(await stream(http.url, 'a-token', await open(http.url, 'a-token')));
    expect((await post(http.url, 'b-token', INITIALIZE)).status).toBe(503);

    clock.advance(2000);
    // At the token's expiry, not at its holder's next request, every stream of it ends.
    expect(await Promise.all(streams.map((s) => s.ended))).toEqual(['ended', 'ended', 'ended', 'ended', 'ended']);
    expect(closedAt).toEqual([]);
    // Idle from then on: each closes once sessionIdleMs has passed since the expiry.
    await clock.advanceUntil(allClosed.promise, 125);
    for (const [reason, at] of closedAt) expect([reason, at >= expiresAt * 1000 + 500]).toEqual(['idle', true]);
    expect(http.sessions()).toBe(0);
    expect((await post(http.url, 'a-token', INITIALIZE)).status).toBe(401);
    expect((await post(http.url, 'b-token', INITIALIZE)).status).toBe(200);
  });

  it('keeps a stream open until its token expires however far away, re-arming past the longest Node timer', async () => {
    const clock = new ManualClock();
    const gone = deferred<number>();
    const http = await serve({
      sessionIdleMs: 60_000,
      sessionClock: clock,
      onSessionClosed: () => gone.resolve(clock.now()),
    });
    // 30 days: more than the 2^31 − 1 ms (24.8 days) one timer holds.
    const expiresAt = clock.now() / 1000 + 30 * 86_400;
    TOKENS.set('ann-token', { principal: 'ann', scopes: [], expiresAt });
    const { ended } = await stream(http.url, 'ann-token', await open(http.url, 'ann-token'));
    await clock.advanceUntil(gone.promise, 86_400_000);
    expect((await gone.promise) - expiresAt * 1000).toBeGreaterThanOrEqual(60_000);
    expect(await ended).toBe('ended');
  });

  it('never closes a session with a request under way, or with a stream open under a valid token', async () => {
    const clock = new ManualClock();
    const closed: [string, string][] = [];
    const firstClosed = deferred();
    const http = await serve({
      sessionIdleMs: 60_000,
      sessionClock: clock,
      onSessionClosed: (id, reason) => (closed.push([id, reason]), firstClosed.resolve()),
    });
    const expiresAt = clock.now() / 1000 + 3600;
    TOKENS.set('ann-token', { principal: 'ann', scopes: ['notes:read'], expiresAt });
    const calling = await open(http.url, 'ann-token');
    const streaming = await open(http.url, 'ann-token');
    const running = deferred();
    cancelled.onRunning = running.resolve;
    const controller = new AbortController();
    opened.push({ close: async () => controller.abort() });
    const call = post(
      http.url,
      'ann-token',
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'wait.cancel', arguments: {} } },
      calling,
      controller.signal,
    );
    await running.promise;
    expect((await call).status).toBe(200);
    const { ended } = await stream(http.url, 'ann-token', streaming);

    clock.advance(50 * 60_000);
    expect(closed).toEqual([]);
    expect(http.sessions()).toBe(2);
    // The token expires: the stream ends and its session idles out; the call still under way keeps its own.
    clock.advance(10 * 60_000);
    expect(await ended).toBe('ended');
    await clock.advanceUntil(firstClosed.promise, 15_000);
    clock.advance(10 * 60_000);
    expect(closed).toEqual([[streaming, 'idle']]);
    expect(http.sessions()).toBe(1);
  });

  it('answers 401 to a token whose expiresAt is not a finite number of seconds', async () => {
    const http = await serve({});
    for (const expiresAt of ['4102444800', Number.POSITIVE_INFINITY, Number.NaN, null, {}]) {
      TOKENS.set('odd-token', { principal: 'ann', scopes: ['notes:read'], expiresAt } as unknown as VerifiedToken);
      const answer = await post(http.url, 'odd-token', INITIALIZE);
      expect([expiresAt, answer.status]).toEqual([expiresAt, 401]);
      expect(answer.headers.get('www-authenticate')).toContain('error="invalid_token"');
    }
    expect(http.sessions()).toBe(0);
  });
});

describe('serveHttp sessions per principal', () => {
  it('refuses a principal past maxSessionsPerPrincipal with 429 and no one else; two users of one OAuth client are two principals', async () => {
    TOKENS.set('ann-token', { principal: 'ann', clientId: 'ide', scopes: ['notes:read'] });
    TOKENS.set('bob-token', { principal: 'bob', clientId: 'ide', scopes: ['notes:read'] });
    const http = await serve({ maxSessionsPerPrincipal: 2 });
    const first = await open(http.url, 'ann-token');
    await open(http.url, 'ann-token');
    const refused = await post(http.url, 'ann-token', INITIALIZE);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(await refused.json())).toContain('maxSessionsPerPrincipal');
    // Bob, through the same OAuth client, is another principal: his own two sessions, and none of Ann's.
    await open(http.url, 'bob-token');
    await open(http.url, 'bob-token');
    const hijack = await post(http.url, 'bob-token', { jsonrpc: '2.0', id: 2, method: 'tools/list' }, first);
    expect(hijack.status).toBe(403);
    expect(http.sessions()).toBe(4);
    // Ending a session gives its slot back.
    const ended = await fetch(http.url, {
      method: 'DELETE',
      headers: { authorization: 'Bearer ann-token', 'mcp-session-id': first },
    });
    expect(ended.status).toBe(200);
    await open(http.url, 'ann-token');
  });

  it('caps each principal at 10 sessions by default, well below maxSessions', async () => {
    TOKENS.set('ann-token', { principal: 'ann', scopes: ['notes:read'] });
    TOKENS.set('bob-token', { principal: 'bob', scopes: ['notes:read'] });
    const http = await serve({});
    for (let i = 0; i < 10; i++) await open(http.url, 'ann-token');
    expect((await post(http.url, 'ann-token', INITIALIZE)).status).toBe(429);
    await open(http.url, 'bob-token');
    expect(http.sessions()).toBe(11);
  });

  it('caps each principal at a quarter of a small maxSessions by default, so that one caller cannot take every slot', async () => {
    TOKENS.set('ann-token', { principal: 'ann', scopes: ['notes:read'] });
    TOKENS.set('bob-token', { principal: 'bob', scopes: ['notes:read'] });
    // The repro: maxSessions 5, and ann opening as many as she may.
    const http = await serve({ maxSessions: 5 });
    await open(http.url, 'ann-token');
    expect((await post(http.url, 'ann-token', INITIALIZE)).status).toBe(429);
    await open(http.url, 'bob-token');
    expect(http.sessions()).toBe(2);
  });

  it('refuses a non-positive maxSessionsPerPrincipal when it starts', async () => {
    for (const bad of [0, -1, Number.NaN])
      await expect(serve({ maxSessionsPerPrincipal: bad })).rejects.toThrow(
        /serveHttp: maxSessionsPerPrincipal must be a number greater than 0/,
      );
  });
});
