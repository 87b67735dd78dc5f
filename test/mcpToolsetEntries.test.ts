// A remote MCP server's resources, templates and prompts imported by mcpToolset: from the reference server spawned over
// stdio, and from our own serveHttp (2026-07-28) whose entries are the docs fixture's; then served again by a gateway.
import 'reflect-metadata';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client as ModernClient } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { PermissionSet, Prompt, ResourceUpdates, ToolRegistry, toolset, toolsModule } from 'hermes-tools';
import { createMcpServer, type McpToolsetEvent, type McpToolsetOptions, mcpToolset, serveHttp } from 'hermes-tools/mcp';
import { Container, injectable } from 'inversify';
import { Docs, entryCalls, Vault, vault } from './fixtures/entryTools.js';
import { toolsetEvents } from './support/toolsetEvents.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const EVERYTHING = path.join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const ODD = fileURLToPath(new URL('./fixtures/oddEntryServer.js', import.meta.url));

const closing: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
  entryCalls.length = 0;
  vault.open = false;
});

/** A registry holding one mcpToolset, and what its logger was told. */
async function load(options: Omit<McpToolsetOptions, 'onEvent' | 'logger'>) {
  const events = toolsetEvents();
  const warnings: { message: string; fields?: unknown }[] = [];
  const logger = {
    debug: () => {},
    info: () => {},
    warn: (message: string, fields?: unknown) => void warnings.push({ message, fields }),
    error: (message: string, fields?: unknown) => void warnings.push({ message, fields }),
  };
  // Told of every listing of the entries, synchronously: a waiter checks the registry at each one, and misses none.
  const entriesListed = new Set<() => void>();
  const onEvent = (event: McpToolsetEvent) => {
    events.onEvent(event);
    if (event.type === 'entries_changed') for (const check of [...entriesListed]) check();
  };
  const module = mcpToolset({ ...options, logger, onEvent });
  closing.push(() => module.close());
  const container = new Container();
  await container.loadAsync(toolsModule(), module);
  const registry = container.get(ToolRegistry);
  /** Resolves at the first listing of the entries after which `holds` is true of the registry. */
  const listedUntil = (holds: (registry: ToolRegistry) => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!holds(registry)) return;
        entriesListed.delete(check);
        resolve();
      };
      entriesListed.add(check);
    });
  return { registry, warnings, listedUntil };
}

/** Our own MCP endpoint over HTTP, serving the docs fixture's resources, templates and prompts (and the vault's). */
async function docsServer(withVault = false) {
  const container = new Container();
  await container.load(
    toolsModule({}),
    toolset({ name: 'docs', tools: withVault ? [Docs, Vault] : [Docs], granted: PermissionSet.none().grant('docs:*') }),
  );
  const http = await serveHttp(container.get(ToolRegistry), {
    name: 'docs',
    version: '1.0.0',
    port: 0,
    onWarning: () => {},
    listChangedIntervalMs: 5,
  });
  closing.push(() => http.close());
  return { url: http.url, updates: container.get(ResourceUpdates) };
}

/** The docs fixture served over HTTP and imported by an mcpToolset named "docs" in `protocol`'s era. */
async function importedDocs(
  protocol: 'modern' | 'legacy' = 'modern',
  options: { withVault?: boolean; entries?: boolean } = {},
) {
  const remoteSide = await docsServer(options.withVault === true);
  const imported = await load({
    name: 'docs',
    server: { url: remoteSide.url },
    granted: PermissionSet.none().grant('docs:call'),
    protocol,
    ...(options.entries === undefined ? {} : { entries: options.entries }),
  });
  return { ...imported, remoteSide };
}

describe('mcpToolset imports resources, templates and prompts', () => {
  it("lists the reference server's resources, templates and prompts under the toolset's URI prefix and name prefix", async () => {
    const { registry } = await load({
      name: 'everything',
      server: { command: process.execPath, args: [EVERYTHING, 'stdio'], stderr: 'ignore' },
      granted: PermissionSet.none().grant('everything:call'),
    });
    const resources = registry.resources();
    expect(resources.length).toBeGreaterThan(0);
    for (const resource of resources) expect(resource.uri.startsWith('mcp-remote://everything/')).toBe(true);
    const templates = registry.resourceTemplates().map((t) => t.uriTemplate);
    expect(templates).toContain('mcp-remote://everything/demo://resource/dynamic/text/{resourceId}');
    const prompts = registry.prompts().map((p) => p.name);
    expect(prompts).toEqual(expect.arrayContaining(['everything.simple-prompt', 'everything.args-prompt']));

    // A fixed resource is read on the remote by its own URI, and comes back under the local one.
    const first = resources[0]!;
    const read = await registry.readResource(first.uri);
    expect(read).toMatchObject({ ok: true, uri: first.uri });
    if (!read.ok) throw new Error('unreachable');
    expect(read.contents[0]?.uri).toBe(first.uri);

    // A template's variables are matched locally, then expanded into the remote's own template.
    const dynamic = await registry.readResource('mcp-remote://everything/demo://resource/dynamic/text/3');
    expect(dynamic).toMatchObject({
      ok: true,
      contents: [{ uri: 'mcp-remote://everything/demo://resource/dynamic/text/3', text: expect.any(String) }],
    });

    const simple = await registry.getPrompt('everything.simple-prompt');
    expect(simple).toMatchObject({ ok: true, messages: [{ role: 'user', content: { type: 'text' } }] });
    const args = await registry.getPrompt('everything.args-prompt', { city: 'Paris' });
    expect(JSON.stringify(args)).toContain('Paris');
  });

  it('shows them only to a caller the toolset lets call, and reads a hidden URI as unknown', async () => {
    const { registry } = await load({
      name: 'everything',
      server: { command: process.execPath, args: [EVERYTHING, 'stdio'], stderr: 'ignore' },
      granted: PermissionSet.none().grant('everything:call'),
    });
    const outsider = await registry.forCaller({ caller: 'outsider', permissions: PermissionSet.none() });
    expect(outsider.resources()).toEqual([]);
    expect(outsider.prompts()).toEqual([]);
    const uri = registry.resources()[0]!.uri;
    expect(await outsider.readResource(uri)).toMatchObject({ ok: false, error: { code: 'resource_not_found' } });
    expect(await outsider.getPrompt('everything.simple-prompt')).toMatchObject({
      ok: false,
      error: { code: 'prompt_not_found' },
    });
  });

  it('imports from a 2026-07-28 server over HTTP: text and binary bodies, prompts with images, URIs rewritten', async () => {
    const { registry } = await importedDocs();
    expect(registry.resources().map((r) => r.uri)).toEqual(
      expect.arrayContaining(['mcp-remote://docs/docs://handbook', 'mcp-remote://docs/docs://logo']),
    );
    const logo = await registry.readResource('mcp-remote://docs/docs://logo');
    expect(logo).toMatchObject({
      ok: true,
      contents: [{ uri: 'mcp-remote://docs/docs://logo', mimeType: 'image/png', blob: 'iVBORw==' }],
    });
    const order = await registry.readResource('mcp-remote://docs/orders://42');
    expect(order).toMatchObject({ ok: true, contents: [{ text: '{"id":"42","total":3}' }] });
    expect(entryCalls).toEqual(['logo', 'order 42']);

    const review = await registry.getPrompt('docs.review', { diff: '+a', language: 'go' });
    expect(review).toMatchObject({
      ok: true,
      messages: [
        { role: 'user', content: { type: 'text', text: 'Review this go diff:\n+a' } },
        { role: 'user', content: { type: 'image', mimeType: 'image/png', data: 'AQID' } },
      ],
    });
    // A prompt argument the remote did not declare is refused here, before the remote is asked.
    expect(await registry.getPrompt('docs.review', { diff: '+a', mood: 'grim' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(entryCalls).toEqual(['logo', 'order 42', 'review']);
  });

  it("refuses a traversal through an imported template here: the remote's method never runs", async () => {
    const { registry } = await importedDocs();
    const fine = await registry.readResource('mcp-remote://docs/files:///srv/notes/a.txt');
    expect(fine).toMatchObject({ ok: true, contents: [{ text: 'contents of /srv/notes/a.txt' }] });
    for (const uri of [
      'mcp-remote://docs/files:///srv/../etc/passwd',
      'mcp-remote://docs/files:///srv//etc/passwd',
      'mcp-remote://docs/files:///srv/a/%2e%2e/%2e%2e/etc/passwd',
    ])
      expect(await registry.readResource(uri)).toMatchObject({ ok: false, error: { code: 'resource_not_found' } });
    expect(entryCalls).toEqual(['file notes/a.txt']);
  });

  it('serves imported resources and prompts again, through a gateway, to an SDK client', async () => {
    const { registry } = await importedDocs();
    const server = createMcpServer(registry, { name: 'gateway', version: '1.0.0', listChangedIntervalMs: 0 });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    closing.push(() => server.close());
    const client = new ModernClient({ name: 'app', version: '1.0.0' });
    await client.connect(clientSide);
    closing.push(() => client.close());
    const listed = await client.listResources();
    expect(listed.resources.map((r) => r.uri)).toContain('mcp-remote://docs/docs://handbook');
    const read = await client.readResource({ uri: 'mcp-remote://docs/docs://handbook' });
    expect(read.contents).toEqual([
      { uri: 'mcp-remote://docs/docs://handbook', mimeType: 'text/markdown', text: '# Handbook\n' },
    ]);
    const prompts = await client.listPrompts();
    expect(prompts.prompts.map((p) => p.name)).toEqual(expect.arrayContaining(['docs.review', 'docs.greet']));
  });

  it('imports none with entries: false, and refuses an option it does not know the shape of', async () => {
    const { registry, remoteSide } = await importedDocs('modern', { entries: false });
    expect(registry.resources()).toEqual([]);
    expect(registry.prompts()).toEqual([]);
    const refused = mcpToolset({
      name: 'bad',
      server: { url: remoteSide.url },
      granted: PermissionSet.none().grant('bad:call'),
      uriPrefix: 'no scheme here',
    });
    await expect(new Container().loadAsync(toolsModule(), refused)).rejects.toThrow(/uriPrefix must start a URI/);
  });

  it("takes an untrusted server's listing item by item: what cannot be imported is left out with a warning", async () => {
    const { registry, warnings } = await load({
      name: 'odd',
      server: { command: process.execPath, args: [ODD], stderr: 'ignore' },
      granted: PermissionSet.none().grant('odd:call'),
    });
    expect(registry.resources().map((r) => [r.name, r.uri])).toEqual([
      ['odd.Same_Name', 'mcp-remote://odd/good://one'],
      ['odd.Same_Name_2', 'mcp-remote://odd/good://two'],
      ['odd.badblob', 'mcp-remote://odd/good://badblob'],
      ['odd.big', 'mcp-remote://odd/good://big'],
    ]);
    expect(registry.resourceTemplates().map((t) => t.uriTemplate)).toEqual(['mcp-remote://odd/good://items/{id}']);
    expect(registry.prompts().map((p) => p.name)).toEqual(['odd.linking']);
    const refused = warnings.map((w) => (w.fields as { item?: string }).item);
    expect(refused).toEqual(
      expect.arrayContaining([
        'resource no-scheme',
        'resource good://one',
        'resource template good://search{?q}',
        'prompt polluting',
      ]),
    );

    // A body's keys of its own stay there; a bad blob and an oversized body are refused, naming why.
    expect(await registry.readResource('mcp-remote://odd/good://one')).toEqual({
      ok: true,
      uri: 'mcp-remote://odd/good://one',
      contents: [{ uri: 'mcp-remote://odd/good://one', mimeType: 'text/plain', text: 'read good://one' }],
    });
    const bad = await registry.readResource('mcp-remote://odd/good://badblob');
    expect(bad).toMatchObject({ ok: false, error: { message: expect.stringMatching(/base64/i) } });
    const big = await registry.readResource('mcp-remote://odd/good://big');
    expect(big).toMatchObject({ ok: false, error: { message: expect.stringContaining('maxPartBytes') } });
    // A template read goes to the remote's own URI; a prompt's link comes back under the toolset's prefix.
    expect(await registry.readResource('mcp-remote://odd/good://items/a%20b')).toMatchObject({
      ok: true,
      contents: [{ uri: 'mcp-remote://odd/good://items/a%20b', text: 'read good://items/a%20b' }],
    });
    expect(await registry.getPrompt('odd.linking', { id: '7' })).toMatchObject({
      ok: true,
      messages: [{ role: 'user', content: { type: 'resource_link', uri: 'mcp-remote://odd/good://items/7' } }],
    });
  });

  it('follows the remote server as its resources and prompts come and go, in both eras', async () => {
    for (const protocol of ['modern', 'legacy'] as const) {
      vault.open = false;
      const { registry, listedUntil } = await importedDocs(protocol, { withVault: true });
      const inventory = 'mcp-remote://docs/vault://inventory';
      expect(registry.resources().map((r) => r.uri)).not.toContain(inventory);
      // Each list's notice makes a listing: the one after which both lists are as they are now is waited for.
      const listed = (open: boolean) =>
        listedUntil(
          (r) =>
            r.resources().some((x) => x.uri === inventory) === open &&
            r.prompts().some((p) => p.name === 'docs.appraise') === open,
        );
      const opened = listed(true);
      vault.open = true;
      await opened;
      expect(registry.resources().map((r) => r.uri)).toContain(inventory);
      expect(registry.prompts().map((p) => p.name)).toContain('docs.appraise');
      expect(await registry.readResource(inventory)).toMatchObject({ ok: true, contents: [{ text: 'gold' }] });
      const closed = listed(false);
      vault.open = false;
      await closed;
      expect(registry.resources().map((r) => r.uri)).not.toContain(inventory);
      expect(await registry.readResource(inventory)).toMatchObject({
        ok: false,
        error: { code: 'resource_not_found' },
      });
    }
  });

  it("relays the remote's updates of an imported resource to this registry's subscribers, in both eras", async () => {
    for (const protocol of ['modern', 'legacy'] as const) {
      const { registry, remoteSide } = await importedDocs(protocol);
      const heard: string[] = [];
      let arrived!: () => void;
      const arrival = new Promise<void>((resolve) => (arrived = resolve));
      const stop = registry.resourceUpdates.subscribe((uri) => {
        heard.push(uri);
        arrived();
      });
      remoteSide.updates.changed('docs://unknown');
      remoteSide.updates.changed('docs://handbook');
      await arrival;
      stop();
      // Only the URI subscribed to came (the remote's notices keep their order), under the local URI.
      expect(heard).toEqual(['mcp-remote://docs/docs://handbook']);
    }
  });

  it("leaves out a remote prompt whose name another toolset's prompt holds, and builds the registry", async () => {
    const warnings: string[] = [];
    const logger = {
      debug: () => {},
      info: () => {},
      warn: (message: string, fields?: unknown) => void warnings.push(`${message} ${JSON.stringify(fields)}`),
      error: (message: string, fields?: unknown) => void warnings.push(`${message} ${JSON.stringify(fields)}`),
    };
    const module = mcpToolset({
      name: 'odd',
      server: { command: process.execPath, args: [ODD], stderr: 'ignore' },
      granted: PermissionSet.none().grant('odd:call'),
      logger,
    });
    closing.push(() => module.close());
    const container = new Container();
    await container.loadAsync(toolsModule(), module, toolset({ name: 'local', tools: [LocalLinking] }));
    const registry = container.get(ToolRegistry);
    expect(registry.prompts().map((p) => [p.name, p.toolset])).toEqual([['odd.linking', 'local']]);
    expect(warnings.join('\n')).toContain('prompt name odd.linking is already declared');
    // The remote's other entries are served.
    expect(registry.resources().map((r) => r.uri)).toContain('mcp-remote://odd/good://one');
  });
});

/** A local prompt named as the odd server's imported prompt would be. */
@injectable()
class LocalLinking {
  @Prompt({ name: 'odd.linking', description: 'A local prompt that holds the name first.' })
  linking(): string {
    return 'local';
  }
}
