import { Client as ModernClient, StreamableHTTPClientTransport as ModernHttp } from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyHttp } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type GuardRequest, Permissions, PermissionSet, Tool, toolset, UseGuards } from 'hermes-tools';
import { type McpHttpAuth, type McpHttpServer, serveHttp, type VerifiedToken } from 'hermes-tools/mcp';
import { buildRegistry } from './support/buildRegistry.js';

// RFC 9728 metadata whenever auth is on, the scope parameter of a 401, and the step-up of the MCP authorization spec:
// a call the token's scopes do not allow, but a declared scope would, is 403 insufficient_scope before anything runs.

const ran: string[] = [];

@Tool({ name: 'notes.read', description: 'Reads the notes.' })
@Permissions('notes:read')
class ReadNotes {
  execute(): string {
    ran.push('notes.read');
    return 'the notes';
  }
}

@Tool({ name: 'notes.write', description: 'Writes a note.' })
@Permissions('notes:write')
class WriteNotes {
  execute(): string {
    ran.push('notes.write');
    return 'written';
  }
}

@Tool({ name: 'vault.open', description: 'Opens the vault: no scope grants it.' })
@Permissions('vault:open')
class OpenVault {
  execute(): string {
    ran.push('vault.open');
    return 'open';
  }
}

@Tool({ name: 'notes.purge', description: 'Purges the notes: never for eve, whatever her scopes.' })
@Permissions('notes:write')
@UseGuards((request: GuardRequest) => (request.caller as { principal?: string }).principal !== 'eve')
class PurgeNotes {
  execute(): string {
    ran.push('notes.purge');
    return 'purged';
  }
}

const TOKENS = new Map<string, VerifiedToken>([
  ['reader-token-0123456789', { principal: 'ann', scopes: ['notes.read'] }],
  ['writer-token-0123456789', { principal: 'bob', scopes: ['notes.read', 'notes.write'] }],
  ['eve-token-0123456789abc', { principal: 'eve', scopes: ['notes.read'] }],
  // Scopes an authorization server might put in a token that no header may carry as they are.
  [
    'odd-token-0123456789abc',
    { principal: 'odd', scopes: ['notes.read', 'x", error="forged', 'two words', 'back\\slash', 'é'] },
  ],
]);

/** Scopes named apart from permissions, so that the test shows the declaration, not the default mapping, at work. */
const SCOPED: McpHttpAuth = {
  verify: (token) => TOKENS.get(token),
  scopes: { 'notes.read': ['notes:read'], 'notes.write': ['notes:write'] },
};

const opened: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  ran.length = 0;
  for (const thing of opened.splice(0).reverse()) await thing.close();
});

async function serve(auth: McpHttpAuth, stateless = false): Promise<McpHttpServer> {
  const { registry } = await buildRegistry(
    toolset({
      name: 'notes',
      tools: [ReadNotes, WriteNotes, OpenVault, PurgeNotes],
      granted: PermissionSet.none().grant('notes:*', 'vault:open'),
    }),
  );
  const http = await serveHttp(registry, { name: 'auth-test', version: '1.0.0', port: 0, auth, stateless });
  opened.push(http);
  return http;
}

function call(url: URL, token: string, name: string, modern: boolean): Promise<Response> {
  const params: Record<string, unknown> = { name, arguments: {} };
  if (modern)
    params._meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
      'io.modelcontextprotocol/clientCapabilities': {},
    };
  return fetch(url, {
    method: 'POST',
    headers: {
      ...(token === '' ? {} : { authorization: `Bearer ${token}` }),
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': modern ? '2026-07-28' : '2025-11-25',
      ...(modern ? { 'mcp-method': 'tools/call', 'mcp-name': name } : {}),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params }),
  });
}

describe('MCP authorization: RFC 9728 metadata, the 401 scope, and the 403 insufficient_scope step-up', () => {
  it('serves a minimal Protected Resource Metadata document whenever auth is on, and names it in every 401', async () => {
    const http = await serve({ verify: (token) => TOKENS.get(token) });
    const metadataUrl = new URL('/.well-known/oauth-protected-resource/mcp', http.url).href;
    for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']) {
      const doc = await fetch(new URL(path, http.url));
      expect(doc.status).toBe(200);
      expect(await doc.json()).toEqual({ resource: http.url.href, bearer_methods_supported: ['header'] });
    }
    const none = await call(http.url, '', 'notes.read', false);
    expect(none.status).toBe(401);
    // No scope is known, so none is named.
    expect(none.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${metadataUrl}"`);
  });

  it('names the declared scopes in the metadata and in the scope parameter of every 401', async () => {
    const http = await serve(SCOPED);
    const metadataUrl = new URL('/.well-known/oauth-protected-resource/mcp', http.url).href;
    const doc = await fetch(new URL('/.well-known/oauth-protected-resource', http.url));
    expect(await doc.json()).toEqual({
      resource: http.url.href,
      scopes_supported: ['notes.read', 'notes.write'],
      bearer_methods_supported: ['header'],
    });
    const none = await call(http.url, '', 'notes.read', true);
    expect(none.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${metadataUrl}", scope="notes.read notes.write"`,
    );
    const bad = await call(http.url, 'not-a-token', 'notes.read', true);
    expect(bad.status).toBe(401);
    const malformed = await call(http.url, 'a b', 'notes.read', true);
    expect(malformed.headers.get('www-authenticate')).toContain(
      `error="invalid_request", error_description="the Authorization header is not 'Bearer <token>'"`,
    );
    expect(bad.headers.get('www-authenticate')).toMatch(
      /^Bearer error="invalid_token", error_description="[^"]+", resource_metadata="[^"]+", scope="notes\.read notes\.write"$/,
    );
  });

  it('lists the tools a declared scope would open, to 2026 and 2025 clients alike, and no others', async () => {
    const http = await serve(SCOPED);
    const headers = { authorization: 'Bearer reader-token-0123456789' };
    const modern = new ModernClient(
      { name: 'modern', version: '1' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await modern.connect(new ModernHttp(http.url, { requestInit: { headers } }));
    opened.push(modern);
    const legacy = new LegacyClient({ name: 'legacy', version: '1' });
    await legacy.connect(new LegacyHttp(http.url, { requestInit: { headers } }));
    opened.push(legacy);
    for (const client of [modern, legacy]) {
      const names = (await client.listTools()).tools.map((t) => t.name).sort();
      // notes.write and notes.purge need a scope ann lacks but may ask for; vault.open no scope grants.
      expect(names).toEqual(['notes.purge', 'notes.read', 'notes.write', 'results.read']);
    }
  });

  it.each([
    ['2026-07-28', true],
    ['2025-11-25 (stateless)', false],
  ])(
    'answers a %s call the scopes do not allow with 403 insufficient_scope, before anything runs',
    async (_, modern) => {
      const http = await serve(SCOPED, !modern);
      const metadataUrl = new URL('/.well-known/oauth-protected-resource/mcp', http.url).href;
      const refused = await call(http.url, 'reader-token-0123456789', 'notes.write', modern);
      expect(refused.status).toBe(403);
      expect(refused.headers.get('www-authenticate')).toBe(
        `Bearer error="insufficient_scope", scope="notes.read notes.write", resource_metadata="${metadataUrl}", error_description="the token's scopes do not allow this call"`,
      );
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
        "the token's scopes do not grant notes:write: get a token with the scopes notes.read notes.write from the authorization server, then call again",
      );
      expect(ran).toEqual([]);
      // With the scope, the same call runs.
      const allowed = await call(http.url, 'writer-token-0123456789', 'notes.write', modern);
      expect(allowed.status).toBe(200);
      expect(ran).toEqual(['notes.write']);
    },
  );

  it("puts only the token's real scope tokens in a 403 challenge: a scope with a quote cannot forge a parameter", async () => {
    const http = await serve(SCOPED, true);
    const refused = await call(http.url, 'odd-token-0123456789abc', 'notes.write', true);
    expect(refused.status).toBe(403);
    const challenge = refused.headers.get('www-authenticate')!;
    expect(challenge).toMatch(
      /^Bearer error="insufficient_scope", scope="notes.read notes.write", resource_metadata="/,
    );
    expect(challenge).not.toMatch(/forged|two words|slash|é/);
    expect(challenge.match(/error=/g)).toHaveLength(1);
    expect(ran).toEqual([]);
  });

  it('never steps up where a scope would not help: no scope grants it, or a guard refuses the caller anyway', async () => {
    const http = await serve(SCOPED, true);
    for (const [token, tool] of [
      ['reader-token-0123456789', 'vault.open'],
      ['eve-token-0123456789abc', 'notes.purge'],
      ['reader-token-0123456789', 'no.such.tool'],
    ] as const) {
      const answer = await call(http.url, token, tool, true);
      expect(answer.status).toBe(200);
      const result = ((await answer.json()) as { result: { isError?: boolean; _meta?: Record<string, unknown> } })
        .result;
      expect(result.isError).toBe(true);
    }
    expect(ran).toEqual([]);
  });

  it('refuses declarations it cannot honour at startup, naming the option', async () => {
    const verify = () => undefined;
    const { registry } = await buildRegistry(toolset({ name: 'notes', tools: [ReadNotes] }));
    const start = (auth: unknown) =>
      serveHttp(registry, { name: 'x', version: '1', port: 0, auth: auth as McpHttpAuth });
    await expect(
      start({ verify, scopes: { a: ['notes:read'] }, mapScopes: () => PermissionSet.none() }),
    ).rejects.toThrow(/auth\.scopes and auth\.mapScopes both say what a scope grants; give one/);
    await expect(start({ verify, scopes: { 'two words': ['notes:read'] } })).rejects.toThrow(
      /auth\.scopes: "two words" is not an OAuth scope/,
    );
    await expect(start({ verify, scopes: { read: 'notes:read' } })).rejects.toThrow(
      /auth\.scopes\["read"\] must be an array of permissions/,
    );
    await expect(start({ verify, scopes: { read: ['not a permission'] } })).rejects.toThrow(/auth\.scopes\["read"\]/);
    await expect(start({ verify, scopes: {} })).rejects.toThrow(/auth\.scopes declares no scope/);
    await expect(start({ verify, resourceMetadata: { scopesSupported: ['a"b'] } })).rejects.toThrow(
      /scopesSupported: "a"b" is not an OAuth scope/,
    );
    // Each refused before the port is bound: a string where a list goes, a server that is not a URL, a relative
    // resource.
    await expect(start({ verify, resourceMetadata: { scopesSupported: 'notes:read' } })).rejects.toThrow(
      /scopesSupported must be a list of OAuth scopes/,
    );
    await expect(start({ verify, resourceMetadata: { authorizationServers: ['auth.example.com'] } })).rejects.toThrow(
      /authorizationServers must be a list of http\(s\) URLs/,
    );
    // Published to clients, which may follow it: only http(s).
    await expect(
      start({ verify, resourceMetadata: { authorizationServers: ['javascript:alert(1)'] } }),
    ).rejects.toThrow(/authorizationServers must be a list of http\(s\) URLs/);
    await expect(start({ verify, resourceMetadata: { resource: '/mcp' } })).rejects.toThrow(
      /resource must be an http\(s\) URL without a fragment/,
    );
    // The document's fields as an object of known keys; the hooks as functions.
    await expect(start({ verify, resourceMetadata: 'https://auth.example.com' })).rejects.toThrow(
      /auth\.resourceMetadata must be an object \{ authorizationServers\?, scopesSupported\?, resource\?, resourceName\? \}/,
    );
    await expect(start({ verify, resourceMetadata: ['https://auth.example.com'] })).rejects.toThrow(
      /auth\.resourceMetadata must be an object/,
    );
    await expect(
      start({ verify, resourceMetadata: { authorization_servers: ['https://auth.example.com'] } }),
    ).rejects.toThrow(/auth\.resourceMetadata: unknown option "authorization_servers" \(known: authorizationServers/);
    await expect(start({ verify, mapScope: () => PermissionSet.none() })).rejects.toThrow(
      /auth: unknown option "mapScope" \(known: verify, resourceMetadata, scopes, mapScopes\)/,
    );
    await expect(start({ verify, mapScopes: ['notes:read'] })).rejects.toThrow(
      /auth\.mapScopes must be a function \(scopes, token\) => PermissionSet/,
    );
  });
});
