// Resources, templates, prompts and completions over MCP, with the SDK's own clients: a 2025 client (v1 SDK) and a
// 2026-07-28 client (v2 SDK), in memory, on stdio's entry, over Streamable HTTP with sessions and stateless. What a
// caller may not read is neither listed nor read; subscriptions are capped per session and end with it.
import 'reflect-metadata';
import { Client as ModernClient } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyHttp } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { PermissionSet, ResourceUpdates, type ToolRegistry, toolset, toolsModule } from 'hermes-tools';
import { createMcpServer, type McpHttpAuth, serveHttp, serveStdio } from 'hermes-tools/mcp';
import { Container } from 'inversify';
import { Docs, entryCalls, Vault, vault } from './fixtures/entryTools.js';
import { listenStream } from './support/listenStream.js';

const TOKENS: Record<string, { principal: string; scopes: string[] }> = {
  'ann-token-0123456789ab': { principal: 'ann', scopes: [] },
  'boss-token-0123456789a': { principal: 'boss', scopes: ['docs:secret'] },
};
/** Ann may read the docs but not the salaries; the boss may read both. */
const AUTH: McpHttpAuth = {
  verify: (token) => TOKENS[token],
  mapScopes: (scopes) => PermissionSet.none().grant(...scopes),
};

async function docs(): Promise<{ registry: ToolRegistry; updates: ResourceUpdates }> {
  const container = new Container();
  await container.load(
    toolsModule({}),
    toolset({ name: 'docs', tools: [Docs], granted: PermissionSet.none().grant('docs:*') }),
  );
  const registry = container.get<ToolRegistry>((await import('hermes-tools')).ToolRegistry);
  return { registry, updates: container.get(ResourceUpdates) };
}

const closing: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
  entryCalls.length = 0;
  vault.open = false;
});

/** The docs and the vault, whose resource and prompt come and go as the vault opens and closes. */
async function docsAndVault(): Promise<ToolRegistry> {
  const container = new Container();
  await container.load(
    toolsModule({}),
    toolset({ name: 'docs', tools: [Docs, Vault], granted: PermissionSet.none().grant('docs:*') }),
  );
  return container.get<ToolRegistry>((await import('hermes-tools')).ToolRegistry);
}

describe('resources and prompts to a 2025 client', () => {
  async function connected() {
    const { registry, updates } = await docs();
    const server = createMcpServer(registry, { name: 'docs', version: '1.0.0', listChangedIntervalMs: 0 });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    closing.push(() => server.close());
    const client = new LegacyClient({ name: 'legacy', version: '1.0.0' });
    await client.connect(clientSide as never);
    closing.push(() => client.close());
    return { client, updates };
  }

  it('declares the capabilities, lists resources, templates and prompts, and reads, gets and completes them', async () => {
    const { client } = await connected();
    expect(client.getServerCapabilities()).toMatchObject({
      resources: { subscribe: true },
      prompts: {},
      completions: {},
    });
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(['docs://handbook', 'docs://logo', 'docs://salaries']);
    expect((await client.listResourceTemplates()).resourceTemplates[0]).toEqual({
      uriTemplate: 'orders://{id}',
      name: 'order',
      title: 'Order',
      description: 'One order, as JSON.',
      mimeType: 'application/json',
    });
    expect(await client.readResource({ uri: 'orders://7' })).toEqual({
      contents: [{ uri: 'orders://7', mimeType: 'application/json', text: '{"id":"7","total":3}' }],
    });
    expect((await client.readResource({ uri: 'docs://logo' })).contents[0]).toMatchObject({ blob: 'iVBORw==' });
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(['review', 'greet']);
    expect(prompts[0]?.arguments).toEqual([
      { name: 'diff', description: 'The diff to review', required: true },
      { name: 'language', required: false },
    ]);
    const got = await client.getPrompt({ name: 'review', arguments: { diff: '+x', language: 'rust' } });
    expect(got.messages[0]).toEqual({ role: 'user', content: { type: 'text', text: 'Review this rust diff:\n+x' } });
    expect(got.messages[1]?.content).toMatchObject({ type: 'image', mimeType: 'image/png' });
    const completed = await client.complete({
      ref: { type: 'ref/prompt', name: 'review' },
      argument: { name: 'language', value: 'r' },
    });
    expect(completed.completion).toEqual({ values: ['rust'], total: 1, hasMore: false });
  });

  it('answers an unknown URI, a refused variable and an unknown prompt with invalid params, running nothing', async () => {
    const { client } = await connected();
    await expect(client.readResource({ uri: 'docs://nope' })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('There is no resource at "docs://nope"'),
    });
    await expect(client.readResource({ uri: 'orders://12a' })).rejects.toMatchObject({ code: -32602 });
    await expect(client.getPrompt({ name: 'nope' })).rejects.toMatchObject({ code: -32602 });
    await expect(client.getPrompt({ name: 'review', arguments: {} })).rejects.toMatchObject({ code: -32602 });
    expect(entryCalls).toEqual([]);
  });

  it('tells a subscribed session when its resource changes, and stops once it unsubscribes', async () => {
    const { client, updates } = await connected();
    const heard: string[] = [];
    let next: ((uri: string) => void) | undefined;
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
      heard.push(notification.params.uri);
      next?.(notification.params.uri);
    });
    const arrival = () => new Promise<string>((resolve) => (next = resolve));
    await client.subscribeResource({ uri: 'docs://handbook' });
    await client.subscribeResource({ uri: 'orders://7' });
    let arrived = arrival();
    updates.changed('docs://handbook');
    expect(await arrived).toBe('docs://handbook');
    await client.unsubscribeResource({ uri: 'docs://handbook' });
    arrived = arrival();
    updates.changed('docs://handbook');
    updates.changed('docs://logo');
    updates.changed('orders://7');
    // Notices keep their order: the one subscribed URI arrives, and nothing came before it.
    expect(await arrived).toBe('orders://7');
    expect(heard).toEqual(['docs://handbook', 'orders://7']);
    await expect(client.subscribeResource({ uri: 'docs://nope' })).rejects.toMatchObject({ code: -32602 });
  });
});

describe('resource and prompt list changes', () => {
  it('tells a 2025 session when a resource and a prompt become available, and lists them then', async () => {
    const server = createMcpServer(await docsAndVault(), { name: 'docs', version: '1.0.0', listChangedIntervalMs: 5 });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    closing.push(() => server.close());
    const client = new LegacyClient({ name: 'legacy', version: '1.0.0' });
    const resourcesChanged = new Promise<void>((resolve) =>
      client.setNotificationHandler(ResourceListChangedNotificationSchema, () => resolve()),
    );
    const promptsChanged = new Promise<void>((resolve) =>
      client.setNotificationHandler(PromptListChangedNotificationSchema, () => resolve()),
    );
    await client.connect(clientSide as never);
    closing.push(() => client.close());
    expect(client.getServerCapabilities()).toMatchObject({
      resources: { listChanged: true },
      prompts: { listChanged: true },
    });
    expect((await client.listResources()).resources.map((r) => r.uri)).not.toContain('vault://inventory');
    vault.open = true;
    await resourcesChanged;
    await promptsChanged;
    expect((await client.listResources()).resources.map((r) => r.uri)).toContain('vault://inventory');
    expect((await client.listPrompts()).prompts.map((p) => p.name)).toContain('appraise');
  });

  it('2026-07-28: a listen stream that asked for resource and prompt list changes hears them', async () => {
    const http = await serveHttp(await docsAndVault(), {
      name: 'docs',
      version: '1.0.0',
      port: 0,
      listChangedIntervalMs: 5,
      onWarning: () => {},
    });
    closing.push(() => http.close());
    const stream = await listenStream(http.url, { resourcesListChanged: true, promptsListChanged: true });
    closing.push(async () => stream.close());
    expect(stream.status).toBe(200);
    await stream.until('notifications/subscriptions/acknowledged');
    expect(stream.seen()).toContain('"resourcesListChanged":true');
    vault.open = true;
    await stream.until('notifications/resources/list_changed');
    await stream.until('notifications/prompts/list_changed');
  });
});

describe('resources and prompts over Streamable HTTP', () => {
  async function serve(stateless: boolean) {
    const { registry, updates } = await docs();
    const http = await serveHttp(registry, {
      name: 'docs',
      version: '1.0.0',
      port: 0,
      auth: AUTH,
      stateless,
      listChangedIntervalMs: 0,
      onWarning: () => undefined,
    });
    closing.push(() => http.close());
    return { http, updates };
  }

  async function legacy(url: URL, token: string) {
    const client = new LegacyClient({ name: 'legacy', version: '1.0.0' });
    await client.connect(new LegacyHttp(url, { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    closing.push(() => client.close());
    return client;
  }

  async function modern(url: URL, token: string) {
    const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/client');
    const client = new ModernClient(
      { name: 'modern', version: '2.4.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(
      new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
    );
    closing.push(() => client.close());
    return client;
  }

  it.each([
    ['2025, stateless', true, 'legacy'],
    ['2025, sessions', false, 'legacy'],
    ['2026-07-28', true, 'modern'],
  ] as const)(
    '%s: hides what a caller may not read, listed or read, as if it did not exist',
    async (_era, stateless, kind) => {
      const { http } = await serve(stateless);
      const open = kind === 'legacy' ? legacy : modern;
      const ann = await open(http.url, 'ann-token-0123456789ab');
      const boss = await open(http.url, 'boss-token-0123456789a');
      expect((await ann.listResources()).resources.map((r) => r.uri)).toEqual(['docs://handbook', 'docs://logo']);
      expect((await boss.listResources()).resources.map((r) => r.uri)).toContain('docs://salaries');
      const hidden = await ann.readResource({ uri: 'docs://salaries' }).catch((error: Error) => error);
      const unknown = await ann.readResource({ uri: 'docs://unknown' }).catch((error: Error) => error);
      expect(hidden).toMatchObject({ code: -32602 });
      expect((hidden as Error).message.replace('salaries', 'X')).toBe(
        (unknown as Error).message.replace('unknown', 'X'),
      );
      expect(await boss.readResource({ uri: 'docs://salaries' })).toMatchObject({
        contents: [{ uri: 'docs://salaries', text: 'ann,1\n' }],
      });
      expect(await ann.getPrompt({ name: 'greet' })).toMatchObject({
        messages: [{ role: 'user', content: { type: 'text', text: expect.stringContaining('Hello') } }],
      });
      expect(entryCalls).toEqual(['salaries', 'greet']);
      if (kind === 'legacy' && stateless)
        await expect(ann.subscribeResource({ uri: 'docs://handbook' })).rejects.toMatchObject({
          code: -32602,
          message: expect.stringContaining('resources/subscribe needs a session'),
        });
    },
  );

  it('caps a session’s subscriptions, and forgets them when the session ends', async () => {
    const { http, updates } = await serve(false);
    const client = await legacy(http.url, 'ann-token-0123456789ab');
    for (let id = 0; id < 100; id++) await client.subscribeResource({ uri: `orders://${id}` });
    await expect(client.subscribeResource({ uri: 'orders://100' })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('holds 100 resource subscriptions'),
    });
    // Subscribing again to one it holds is no new subscription.
    await client.subscribeResource({ uri: 'orders://0' });
    expect(updates.listening).toBeGreaterThan(0);
    const transport = client.transport as LegacyHttp;
    // The DELETE is answered once the session's server has closed: its subscriptions went with it.
    await transport.terminateSession();
    expect(updates.listening).toBe(0);
  });

  it('2026-07-28: a listen stream naming a URI hears that resource change', async () => {
    const { http, updates } = await serve(true);
    // Ann may not read the salaries: naming them subscribes to nothing, and no notice says they exist or changed.
    const stream = await listenStream(
      http.url,
      { resourceSubscriptions: ['docs://salaries', 'docs://handbook'] },
      'ann-token-0123456789ab',
    );
    closing.push(async () => stream.close());
    expect(stream.status).toBe(200);
    await stream.until('notifications/subscriptions/acknowledged');
    expect(stream.seen()).not.toContain('docs://salaries');
    updates.changed('docs://salaries');
    updates.changed('docs://logo');
    updates.changed('docs://handbook');
    await stream.until('notifications/resources/updated');
    expect(stream.seen()).toContain('"uri":"docs://handbook"');
    expect(stream.seen()).not.toContain('docs://logo');
    expect(stream.seen()).not.toContain('docs://salaries');
  });
});

describe('resources whose availability comes later, and the SDK’s own errors', () => {
  it('declares resources and prompts from the first session that finds one available', async () => {
    const container = new Container();
    await container.load(toolsModule({}), toolset({ name: 'vault', tools: [Vault] }));
    const registry = container.get<ToolRegistry>((await import('hermes-tools')).ToolRegistry);
    const http = await serveHttp(registry, { name: 'v', version: '1.0.0', port: 0, onWarning: () => undefined });
    closing.push(() => http.close());
    const session = async () => {
      const client = new LegacyClient({ name: 'legacy', version: '1.0.0' });
      await client.connect(new LegacyHttp(http.url));
      closing.push(() => client.close());
      return client;
    };
    expect((await session()).getServerCapabilities()?.resources).toBeUndefined();
    vault.open = true;
    const later = await session();
    expect(later.getServerCapabilities()).toMatchObject({ resources: {}, prompts: {} });
    expect((await later.listResources()).resources.map((r) => r.uri)).toEqual(['vault://inventory']);
  });

  it('answers an unknown URI with the error the SDK recognises (data: { uri })', async () => {
    const { registry } = await docs();
    const server = createMcpServer(registry, { name: 'docs', version: '1.0.0', listChangedIntervalMs: 0 });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    closing.push(() => server.close());
    const client = new ModernClient({ name: 'modern', version: '1.0.0' });
    await client.connect(clientSide);
    closing.push(() => client.close());
    const { ResourceNotFoundError } = await import('@modelcontextprotocol/client');
    const refused = await client.readResource({ uri: 'docs://nope' }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ResourceNotFoundError);
    expect(refused).toMatchObject({ code: -32602, uri: 'docs://nope' });
  });
});

describe('resources and prompts to a 2025-11-25 client on stdio', () => {
  it('lists, reads and gets, and tells a subscription of its resource’s change', async () => {
    const { registry, updates } = await docs();
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const serving = await serveStdio(
      registry,
      { name: 'docs', version: '1.0.0', listChangedIntervalMs: 0 },
      serverSide,
    );
    closing.push(() => serving.close());
    const client = new LegacyClient({ name: 'legacy', version: '1.0.0' });
    await client.connect(clientSide as never);
    closing.push(() => client.close());
    expect((await client.listResources()).resources.map((r) => r.uri)).toEqual([
      'docs://handbook',
      'docs://logo',
      'docs://salaries',
    ]);
    expect(await client.readResource({ uri: 'orders://7' })).toMatchObject({ contents: [{ uri: 'orders://7' }] });
    expect((await client.getPrompt({ name: 'greet' })).messages).toHaveLength(1);
    const heard = new Promise<string>((resolve) =>
      client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => resolve(n.params.uri)),
    );
    await client.subscribeResource({ uri: 'docs://handbook' });
    updates.changed('docs://handbook');
    expect(await heard).toBe('docs://handbook');
  });
});

describe('resources and prompts to a 2026-07-28 client on stdio', () => {
  it('lists, reads, gets and completes, with the revision’s cache hints', async () => {
    const { registry } = await docs();
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const serving = await serveStdio(
      registry,
      { name: 'docs', version: '1.0.0', listChangedIntervalMs: 0 },
      serverSide,
    );
    closing.push(() => serving.close());
    const client = new ModernClient(
      { name: 'modern', version: '2.4.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(clientSide as never);
    closing.push(() => client.close());
    const listed = await client.listResources();
    expect(listed.resources.map((r) => r.uri)).toEqual(['docs://handbook', 'docs://logo', 'docs://salaries']);
    expect(listed).toMatchObject({ cacheScope: 'private' });
    expect(await client.readResource({ uri: 'files:///srv/a/b.txt' })).toMatchObject({
      contents: [{ uri: 'files:///srv/a/b.txt', text: 'contents of /srv/a/b.txt' }],
    });
    await expect(client.readResource({ uri: 'files:///srv/../x' })).rejects.toMatchObject({ code: -32602 });
    expect((await client.getPrompt({ name: 'greet' })).messages).toHaveLength(1);
    expect(
      (
        await client.complete({
          ref: { type: 'ref/resource', uri: 'orders://{id}' },
          argument: { name: 'id', value: '14' },
        })
      ).completion,
    ).toEqual({ values: ['14', ...Array.from({ length: 10 }, (_, i) => `14${i}`)], total: 11, hasMore: false });
  });
});
