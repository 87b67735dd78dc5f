import { jest } from '@jest/globals';
import { Client as ModernClient, StreamableHTTPClientTransport as ModernHttp } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyHttp } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  Arg,
  Ctx,
  PermissionSet,
  type SpentApprovalStore,
  Tool,
  type ToolContext,
  toolset,
  toolsModule,
  type ToolRegistry,
} from 'hermes-tools';
import { type McpHttpAuth, type McpHttpServer, serveHttp, serveStdio } from 'hermes-tools/mcp';
import { buildRegistry } from './support/buildRegistry.js';
import { listenStream } from './support/listenStream.js';
import { ENVELOPE, rawCall } from './support/modernRawCall.js';
import { ManualClock } from './support/manualClock.js';

// The 2026-07-28 revision (stateless, server/discover, MRTR approvals) next to the 2025 protocol on the same endpoint.

const dropped: string[] = [];

/** Every clock jest can fake but the wall clock (Date). */
const NOT_DATE = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
] as const;
/** Settles when `work.slow` has started, and when it has seen its call aborted. */
let slowStarted: () => void = () => undefined;
let slowAborted: () => void = () => undefined;

@Tool({ name: 'echo.say', description: 'Says the text back.' })
class Say {
  execute(@Arg('text', { maxLength: 20 }) text: string): string {
    return `said: ${text}`;
  }
}

@Tool({ name: 'who.am.i', description: 'Names the caller as the tool sees it.' })
class WhoAmI {
  execute(@Ctx() ctx: ToolContext): unknown {
    const caller = ctx.caller as { client?: string; principal?: string; sessionId?: string };
    return { client: caller.client ?? null, principal: caller.principal ?? null, session: caller.sessionId ?? null };
  }
}

@Tool({ name: 'work.slow', description: 'Reports progress, then waits until its call is cancelled.' })
class Slow {
  async execute(@Ctx() ctx: ToolContext): Promise<string> {
    ctx.progress(1, 2, 'started');
    slowStarted();
    await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve(), { once: true }));
    slowAborted();
    return 'cancelled';
  }
}

@Tool({ name: 'db.drop', description: 'Drops a table and every row in it.', destructive: true })
class DropTable {
  execute(@Arg('table') table: string): string {
    dropped.push(table);
    return `dropped ${table}`;
  }
}

const TOKENS: Record<string, string> = { 'alice-token-0123456789': 'alice', 'bob-token-0123456789ab': 'bob' };
/** A token whose expiry a test sets. */
const EXPIRING = { expiresAt: 0 };
const AUTH: McpHttpAuth = {
  verify: (token) =>
    token === 'carol-token-0123456789'
      ? { principal: 'carol', scopes: [], expiresAt: EXPIRING.expiresAt }
      : TOKENS[token] === undefined
        ? undefined
        : { principal: TOKENS[token], scopes: [] },
  mapScopes: () => PermissionSet.all(),
};

async function registry(): Promise<ToolRegistry> {
  return (
    await buildRegistry(toolsModule({ approvals: {} }), toolset({ name: 'all', tools: [Say, WhoAmI, Slow, DropTable] }))
  ).registry;
}

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
  dropped.length = 0;
});

async function serve(stateless = false): Promise<McpHttpServer> {
  const http = await serveHttp(await registry(), {
    name: 'both-eras',
    version: '1.0.0',
    port: 0,
    auth: AUTH,
    stateless,
    listChangedIntervalMs: 0,
  });
  open.push(http);
  return http;
}

function authorized(token: string): RequestInit {
  return { headers: { authorization: `Bearer ${token}` } };
}

async function modernClient(
  url: URL,
  token = 'alice-token-0123456789',
  answer?: (message: string) => { action: 'accept' | 'decline' | 'cancel'; content?: Record<string, boolean> },
): Promise<ModernClient> {
  const client = new ModernClient(
    { name: 'modern-test-client', version: '2.4.0' },
    {
      capabilities: answer === undefined ? {} : { elicitation: { form: {} } },
      versionNegotiation: { mode: { pin: '2026-07-28' } },
    },
  );
  if (answer !== undefined)
    client.setRequestHandler('elicitation/create', async (request) => answer(String(request.params.message)));
  await client.connect(new ModernHttp(url, { requestInit: authorized(token) }));
  open.push(client);
  return client;
}

async function legacyClient(url: URL, token = 'alice-token-0123456789'): Promise<LegacyClient> {
  const client = new LegacyClient({ name: 'legacy-test-client', version: '1.32.2' });
  await client.connect(new LegacyHttp(url, { requestInit: authorized(token) }));
  open.push(client);
  return client;
}

function textOf(result: unknown): string {
  return ((result as { content: { type: string; text?: string }[] }).content ?? []).map((c) => c.text ?? '').join('');
}

describe.each([
  ['session mode', false],
  ['stateless mode', true],
])('one Streamable HTTP endpoint serves both eras (%s)', (_mode, stateless) => {
  it('a 2026 client discovers, lists (private, with a ttl) and calls; a 2025 client on the same URL does too', async () => {
    const http = await serve(stateless);
    const modern = await modernClient(http.url);
    expect(modern.getProtocolEra()).toBe('modern');
    expect(modern.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect(modern.getDiscoverResult()).toMatchObject({
      supportedVersions: expect.arrayContaining(['2026-07-28']),
      capabilities: { tools: {} },
    });
    expect(modern.getServerVersion()).toMatchObject({ name: 'both-eras', version: '1.0.0' });
    const listed = (await modern.listTools()) as { tools: { name: string }[]; ttlMs?: number; cacheScope?: string };
    expect(listed.tools.map((t) => t.name)).toEqual(['echo.say', 'who.am.i', 'work.slow', 'db.drop', 'results.read']);
    expect(textOf(await modern.callTool({ name: 'echo.say', arguments: { text: 'hi' } }))).toBe('said: hi');
    // The caller the tool sees: the client info that came with the request, and the token's principal.
    expect(JSON.parse(textOf(await modern.callTool({ name: 'who.am.i', arguments: {} })))).toEqual({
      client: 'modern-test-client',
      principal: 'alice',
      session: null,
    });

    const legacy = await legacyClient(http.url);
    expect(legacy.getServerVersion()).toMatchObject({ name: 'both-eras' });
    expect(textOf(await legacy.callTool({ name: 'echo.say', arguments: { text: 'old' } }))).toBe('said: old');
    // A stateless 2025 request comes without its initialize, so without the client's name.
    expect(JSON.parse(textOf(await legacy.callTool({ name: 'who.am.i', arguments: {} })))).toMatchObject({
      client: stateless ? null : 'legacy-test-client',
      principal: 'alice',
    });
  });

  it('marks the 2026 tools/list private, with the default ttl, and leaves 2025 lists unmarked', async () => {
    const http = await serve(stateless);
    const response = await fetch(http.url, {
      method: 'POST',
      headers: {
        authorization: 'Bearer alice-token-0123456789',
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/list',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list', params: { _meta: ENVELOPE } }),
    });
    const body = (await response.json()) as { result: { ttlMs: number; cacheScope: string; _meta: object } };
    expect(body.result).toMatchObject({ ttlMs: 60_000, cacheScope: 'private' });
    expect(body.result._meta).toMatchObject({ 'io.modelcontextprotocol/serverInfo': { name: 'both-eras' } });
    const legacy = await legacyClient(http.url);
    const old = (await legacy.listTools()) as { ttlMs?: number; cacheScope?: string };
    expect(old.ttlMs).toBeUndefined();
    expect(old.cacheScope).toBeUndefined();
  });

  it('answers an invalid 2026 call with the same tool error a 2025 client gets', async () => {
    const http = await serve(stateless);
    const modern = await modernClient(http.url);
    const legacy = await legacyClient(http.url);
    const args = { name: 'echo.say', arguments: { text: 'far more than twenty characters' } };
    const [a, b] = [await modern.callTool(args), await legacy.callTool(args)];
    expect(a.isError).toBe(true);
    expect(a._meta?.['hermes-tools/error']).toMatchObject({ code: 'invalid_input' });
    expect(textOf(a)).toBe(textOf(b));
  });

  it('relays progress and ends a call whose 2026 request the client abandons', async () => {
    const http = await serve(stateless);
    const modern = await modernClient(http.url);
    const started = new Promise<void>((resolve) => {
      slowStarted = resolve;
    });
    const aborted = new Promise<void>((resolve) => {
      slowAborted = resolve;
    });
    let progressed: (value: number) => void = () => undefined;
    const progress = new Promise<number>((resolve) => {
      progressed = resolve;
    });
    const controller = new AbortController();
    const call = modern.callTool(
      { name: 'work.slow', arguments: {} },
      { signal: controller.signal, onprogress: (p) => progressed(p.progress) },
    );
    await started;
    expect(await progress).toBe(1);
    controller.abort();
    await expect(call).rejects.toThrow();
    await aborted;
  });

  it('asks for an approval through input_required and runs the call when the person accepts', async () => {
    const http = await serve(stateless);
    const asked: string[] = [];
    const yes = await modernClient(http.url, 'alice-token-0123456789', (message) => {
      asked.push(message);
      return { action: 'accept', content: { approve: true } };
    });
    expect(textOf(await yes.callTool({ name: 'db.drop', arguments: { table: 'users' } }))).toBe('dropped users');
    expect(dropped).toEqual(['users']);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain('Allow db.drop?');
    expect(asked[0]).toContain('"table":"users"');

    const no = await modernClient(http.url, 'alice-token-0123456789', () => ({ action: 'decline' }));
    const refused = await no.callTool({ name: 'db.drop', arguments: { table: 'orders' } });
    expect(refused._meta?.['hermes-tools/error']).toMatchObject({ code: 'approval_denied' });
    expect(textOf(refused)).toContain('the user declined it');

    const mute = await modernClient(http.url);
    const cannot = await mute.callTool({ name: 'db.drop', arguments: { table: 'orders' } });
    expect(textOf(cannot)).toContain('this MCP client cannot ask for one');
    expect(dropped).toEqual(['users']);
  });

  it('approves nothing with a requestState that is forged, altered, or used for other arguments or by another caller', async () => {
    const http = await serve(stateless);
    const alice = 'alice-token-0123456789';
    const first = await rawCall(http.url, alice, { name: 'db.drop', arguments: { table: 't1' } });
    expect(first.body.result).toMatchObject({
      resultType: 'input_required',
      inputRequests: { approve: { method: 'elicitation/create' } },
    });
    const state = String(first.body.result?.requestState);
    const yes = { approve: { action: 'accept', content: { approve: true } } };

    // An answer without the state this server minted: nobody was asked, so it is asked again.
    const noState = await rawCall(http.url, alice, {
      name: 'db.drop',
      arguments: { table: 't1' },
      inputResponses: yes,
    });
    expect(noState.body.result).toMatchObject({ resultType: 'input_required' });
    // The state with other arguments, or of another tool.
    const otherArgs = await rawCall(http.url, alice, {
      name: 'db.drop',
      arguments: { table: 't2' },
      inputResponses: yes,
      requestState: state,
    });
    expect(otherArgs.body.error).toMatchObject({ code: -32602, message: expect.stringContaining('another call') });
    // Another caller's retry with alice's state.
    const bob = await rawCall(http.url, 'bob-token-0123456789ab', {
      name: 'db.drop',
      arguments: { table: 't1' },
      inputResponses: yes,
      requestState: state,
    });
    expect(bob.body.error).toMatchObject({ code: -32602 });
    // Altered: one character of the signature changed; forged: made up.
    const altered = `${state.slice(0, -2)}${state.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of [altered, 'v1.eyJwIjp7InQiOiJkYi5kcm9wIn19.AAAA']) {
      const answer = await rawCall(http.url, alice, {
        name: 'db.drop',
        arguments: { table: 't1' },
        inputResponses: yes,
        requestState: bad,
      });
      expect(answer.body.error).toMatchObject({ code: -32602 });
    }
    // Its payload edited (the tool it names changed) under the old signature; and the honest state sent with another
    // tool's call.
    const [version, payload, signature] = state.split('.');
    const edited = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as { p: { t: string } };
    edited.p.t = 'echo.say';
    const reSigned = `${version}.${Buffer.from(JSON.stringify(edited)).toString('base64url')}.${signature}`;
    for (const [name, args, requestState] of [
      ['echo.say', { text: 'x' }, reSigned],
      ['echo.say', { text: 'x' }, state],
    ] as const) {
      const answer = await rawCall(http.url, alice, { name, arguments: args, inputResponses: yes, requestState });
      expect(answer.body.error).toMatchObject({ code: -32602 });
    }
    expect(dropped).toEqual([]);

    // The honest retry runs the call.
    const honest = await rawCall(http.url, alice, {
      name: 'db.drop',
      arguments: { table: 't1' },
      inputResponses: yes,
      requestState: state,
    });
    expect(honest.body.result).toMatchObject({ content: [{ type: 'text', text: 'dropped t1' }] });
    expect(dropped).toEqual(['t1']);

    // Replayed: the state has answered; sent again, with the same answer, it approves nothing.
    const replayed = await rawCall(http.url, alice, {
      name: 'db.drop',
      arguments: { table: 't1' },
      inputResponses: yes,
      requestState: state,
    });
    expect(replayed.body.error).toMatchObject({ code: -32602, message: expect.stringContaining('answered already') });
    expect(dropped).toEqual(['t1']);
  });

  it('approves nothing with a requestState past its 300 seconds, and asks again', async () => {
    const http = await serve(stateless);
    const alice = 'alice-token-0123456789';
    const first = await rawCall(http.url, alice, { name: 'db.drop', arguments: { table: 't1' } });
    const state = String(first.body.result?.requestState);
    // Only the wall clock moves (the state's expiry is in it); every timer stays real.
    jest.useFakeTimers({ now: Date.now(), doNotFake: [...NOT_DATE] });
    try {
      jest.setSystemTime(Date.now() + 301_000);
      const late = await rawCall(http.url, alice, {
        name: 'db.drop',
        arguments: { table: 't1' },
        inputResponses: { approve: { action: 'accept', content: { approve: true } } },
        requestState: state,
      });
      expect(late.body.error).toMatchObject({ code: -32602 });
      expect(dropped).toEqual([]);
      const again = await rawCall(http.url, alice, { name: 'db.drop', arguments: { table: 't1' } });
      expect(again.body.result).toMatchObject({ resultType: 'input_required' });
    } finally {
      jest.useRealTimers();
    }
  });

  it('refuses a 2026 request whose Mcp-Name header does not match its body', async () => {
    const http = await serve(stateless);
    const mismatch = await rawCall(
      http.url,
      'alice-token-0123456789',
      { name: 'echo.say', arguments: { text: 'x' } },
      { 'mcp-name': 'db.drop' },
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error).toMatchObject({ code: -32020 });
    const noMethod = await rawCall(
      http.url,
      'alice-token-0123456789',
      { name: 'echo.say', arguments: { text: 'x' } },
      { 'mcp-method': 'tools/list' },
    );
    expect(noMethod.body.error).toMatchObject({ code: -32020 });
  });
});

describe('approvals across replicas', () => {
  async function replica(requestStateKey: string): Promise<McpHttpServer> {
    const http = await serveHttp(await registry(), {
      name: 'replica',
      version: '1.0.0',
      port: 0,
      auth: AUTH,
      stateless: true,
      requestStateKey,
    });
    open.push(http);
    return http;
  }

  it('a retry carrying the answer is honoured by any replica with the same key, and by none with another', async () => {
    const shared = 'k'.repeat(32);
    const [a, b, other] = [await replica(shared), await replica(shared), await replica('o'.repeat(32))];
    const alice = 'alice-token-0123456789';
    const first = await rawCall(a.url, alice, { name: 'db.drop', arguments: { table: 'r1' } });
    const retry = {
      name: 'db.drop',
      arguments: { table: 'r1' },
      inputResponses: { approve: { action: 'accept', content: { approve: true } } },
      requestState: String(first.body.result?.requestState),
    };
    expect((await rawCall(other.url, alice, retry)).body.error).toMatchObject({ code: -32602 });
    expect(dropped).toEqual([]);
    expect((await rawCall(b.url, alice, retry)).body.result).toMatchObject({ content: [{ text: 'dropped r1' }] });
    expect(dropped).toEqual(['r1']);
  });

  it('a store of spent approvals that fails refuses the approval: nothing runs', async () => {
    const failing: SpentApprovalStore = {
      isSpent: async () => false,
      spend: async () => {
        throw new Error('the store is down');
      },
    };
    const http = await serveHttp(await registry(), {
      name: 'replica',
      version: '1.0.0',
      port: 0,
      auth: AUTH,
      stateless: true,
      spentApprovals: failing,
    });
    open.push(http);
    const alice = 'alice-token-0123456789';
    const first = await rawCall(http.url, alice, { name: 'db.drop', arguments: { table: 'f1' } });
    const answer = await rawCall(http.url, alice, {
      name: 'db.drop',
      arguments: { table: 'f1' },
      inputResponses: { approve: { action: 'accept', content: { approve: true } } },
      requestState: String(first.body.result?.requestState),
    });
    expect(answer.body.result?.isError).toBe(true);
    expect(answer.body.result?._meta).toMatchObject({ 'hermes-tools/error': { code: 'approval_denied' } });
    expect(dropped).toEqual([]);
    await expect(
      serveHttp(await registry(), { name: 'x', version: '1', port: 0, spentApprovals: {} as SpentApprovalStore }),
    ).rejects.toThrow('serveHttp: spentApprovals must be a SpentApprovalStore');
  });

  it('refuses a key under 32 bytes and a negative list ttl when the endpoint is made', async () => {
    const tools = await registry();
    await expect(serveHttp(tools, { name: 'x', version: '1', port: 0, requestStateKey: 'short' })).rejects.toThrow(
      'serveHttp: requestStateKey must be at least 32 bytes',
    );
    await expect(serveHttp(tools, { name: 'x', version: '1', port: 0, listTtlMs: -1 })).rejects.toThrow(
      'serveHttp: listTtlMs must be a whole number of milliseconds, 0 or more, got -1',
    );
  });
});

describe('subscriptions/listen streams', () => {
  /** Opens one listen stream by hand (tools' list changes); resolves once its headers are back. */
  const listen = (url: URL, token: string) => listenStream(url, { toolsListChanged: true }, token);

  it("bounds a caller's open streams, leaves other callers theirs, and ends a stream when its token expires", async () => {
    const clock = new ManualClock();
    EXPIRING.expiresAt = Math.floor(clock.now() / 1000) + 60;
    const http = await serveHttp(await registry(), {
      name: 'listen',
      version: '1.0.0',
      port: 0,
      auth: AUTH,
      maxSessionsPerPrincipal: 1,
      sessionClock: clock,
    });
    open.push(http);
    const first = await listen(http.url, 'alice-token-0123456789');
    expect(first.status).toBe(200);
    const second = await listen(http.url, 'alice-token-0123456789');
    expect(second.status).toBe(429);
    const bob = await listen(http.url, 'bob-token-0123456789ab');
    expect(bob.status).toBe(200);
    first.close();
    await first.ended;
    bob.close();
    await bob.ended;

    const expiring = await listen(http.url, 'carol-token-0123456789');
    expect(expiring.status).toBe(200);
    clock.advance(61_000);
    await expiring.ended;
  });
});

describe('stdio serves the era the client opens with', () => {
  it('a 2026 client and a 2025 client each get their own protocol from serveStdio', async () => {
    const registryOfTools = await registry();
    const [modernSide, modernServerSide] = InMemoryTransport.createLinkedPair();
    open.push(await serveStdio(registryOfTools, { name: 'stdio-both', version: '1.0.0' }, modernServerSide));
    const modern = new ModernClient(
      { name: 'modern-stdio', version: '2.4.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await modern.connect(modernSide as never);
    open.push(modern);
    expect(modern.getProtocolEra()).toBe('modern');
    expect(JSON.parse(textOf(await modern.callTool({ name: 'who.am.i', arguments: {} })))).toMatchObject({
      client: 'modern-stdio',
    });

    const [legacySide, legacyServerSide] = InMemoryTransport.createLinkedPair();
    open.push(await serveStdio(registryOfTools, { name: 'stdio-both', version: '1.0.0' }, legacyServerSide));
    const legacy = new LegacyClient({ name: 'legacy-stdio', version: '1.32.2' });
    await legacy.connect(legacySide as never);
    open.push(legacy);
    expect(legacy.getServerVersion()).toMatchObject({ name: 'stdio-both' });
    expect(textOf(await legacy.callTool({ name: 'echo.say', arguments: { text: 'old' } }))).toBe('said: old');
  });
});
