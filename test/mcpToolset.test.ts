// Remote MCP servers as toolsets, against two third-party servers spawned over stdio and our own
// serveHttp behind a bearer token. Every wait is on an event (a connection event, a progress
// report, a server-side abort), never on a clock.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { tracingChannel } from 'node:diagnostics_channel';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  PermissionSet,
  Requires,
  Tool,
  ToolDefinitionError,
  ToolError,
  ToolRegistry,
  toolset,
  toolsModule,
} from 'hermes-tools';
import { type McpToolsetEvent, type McpToolsetOptions, mcpToolset, serveHttp, staticTokenAuth } from 'hermes-tools/mcp';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Container } from 'inversify';
import { toolsetEvents } from './support/toolsetEvents.js';
import { cancelled, container as serverContainer } from './fixtures/httpTools.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const EVERYTHING = path.join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const FILESYSTEM = path.join(ROOT, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js');
const CLI = path.join(ROOT, 'dist/src/cli/main.js');
const TOKEN = 'a-test-token-of-enough-length-0123';

async function load(options: Omit<McpToolsetOptions, 'onEvent'>) {
  const events = toolsetEvents();
  const connected = events.next('connected');
  const module = mcpToolset({ ...options, onEvent: events.onEvent, reconnect: { initialMs: 50, maxMs: 1_000 } });
  const c = new Container();
  await c.loadAsync(toolsModule(), module);
  return { registry: c.get(ToolRegistry), module, events, first: await connected };
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return error instanceof ToolError ? error.code : String(error);
  }
}

const names = (registry: ToolRegistry, prefix: string) =>
  registry
    .list()
    .map((t) => t.name)
    .filter((n) => n.startsWith(prefix));

/** Kills the spawned server, checks its tools are gone, and waits for the reconnection. */
async function killAndRecover(remote: Awaited<ReturnType<typeof load>>, prefix: string, probe: () => Promise<unknown>) {
  const pid = remote.first.type === 'connected' ? remote.first.pid : undefined;
  expect(typeof pid).toBe('number');
  const lost = remote.events.next('disconnected');
  const back = remote.events.next('connected');
  process.kill(pid!, 'SIGKILL');
  await lost;
  expect(names(remote.registry, prefix)).toEqual([]);
  expect(await codeOf(probe())).toBe('tool_unavailable');
  const again = await back;
  expect(again.pid).not.toBe(pid);
  expect(names(remote.registry, prefix).length).toBeGreaterThan(0);
  expect(await codeOf(probe())).toBe('resolved');
}

describe('mcpToolset over stdio: @modelcontextprotocol/server-everything', () => {
  let remote: Awaited<ReturnType<typeof load>>;
  beforeAll(async () => {
    remote = await load({
      name: 'everything',
      server: { command: process.execPath, args: [EVERYTHING, 'stdio'], stderr: 'ignore' },
      granted: PermissionSet.none().grant('everything:call'),
    });
  });
  afterAll(() => remote.module.close());

  it('lists the remote tools, prefixed, with hints, permissions and a closed input schema', () => {
    const listed = names(remote.registry, 'everything.');
    expect(listed).toEqual(
      expect.arrayContaining(['everything.echo', 'everything.get-sum', 'everything.trigger-long-running-operation']),
    );
    const echo = remote.registry.get('everything.echo').definition;
    expect(echo).toMatchObject({
      toolset: 'everything',
      permissions: ['everything:call'],
      readOnly: true,
      destructive: false,
      idempotent: true,
    });
    expect(echo.inputSchema).toMatchObject({ type: 'object', required: ['message'], additionalProperties: false });
    expect(echo.metadata).toEqual({ mcp: { server: 'everything', tool: 'echo', title: 'Echo Tool' } });
  });

  it('calls a remote tool', async () => {
    expect(await remote.registry.call('everything.echo', { message: 'hello' })).toBe('Echo: hello');
  });

  it('refuses invalid input locally, with the same checks as a local tool', async () => {
    expect(await codeOf(remote.registry.call('everything.echo', { message: 42 }))).toBe('invalid_input');
    expect(await codeOf(remote.registry.call('everything.echo', { message: 'x', extra: true }))).toBe('invalid_input');
    expect(
      await codeOf(remote.registry.call('everything.echo', JSON.parse('{"message":"x","__proto__":{"admin":true}}'))),
    ).toBe('invalid_input');
  });

  it('is refused for a caller whose own grant lacks everything:call', async () => {
    expect(
      await codeOf(remote.registry.call('everything.echo', { message: 'x' }, { permissions: PermissionSet.none() })),
    ).toBe('permission_denied');
  });

  it('relays remote progress and cancels a running call (notifications/cancelled)', async () => {
    const controller = new AbortController();
    const reports: number[] = [];
    const call = remote.registry.call(
      'everything.trigger-long-running-operation',
      { duration: 60, steps: 60 },
      {
        signal: controller.signal,
        onProgress: (progress) => {
          reports.push(progress);
          controller.abort();
        },
      },
    );
    expect(await codeOf(call)).toBe('aborted');
    expect(reports.length).toBeGreaterThan(0);
    // The connection is still fine after a cancellation.
    expect(await remote.registry.call('everything.echo', { message: 'after' })).toBe('Echo: after');
  });

  it('makes its tools unavailable while the server is down, and restarts it with backoff', async () => {
    await killAndRecover(remote, 'everything.', () => remote.registry.call('everything.echo', { message: 'probe' }));
  });
});

describe('mcpToolset over stdio: @modelcontextprotocol/server-filesystem', () => {
  let remote: Awaited<ReturnType<typeof load>>;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'hermes-fs-'));
    remote = await load({
      name: 'fs',
      server: { command: process.execPath, args: [FILESYSTEM, dir], stderr: 'ignore' },
      granted: PermissionSet.none().grant('fs:call'),
    });
  });
  afterAll(async () => {
    await remote.module.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists the filesystem tools with their hints', () => {
    expect(names(remote.registry, 'fs.')).toEqual(
      expect.arrayContaining(['fs.read_text_file', 'fs.write_file', 'fs.list_directory']),
    );
    expect(remote.registry.get('fs.write_file').definition).toMatchObject({ destructive: true, readOnly: false });
  });

  it('writes and reads a file through the remote server', async () => {
    const file = path.join(dir, 'a.txt');
    await remote.registry.call('fs.write_file', { path: file, content: 'written remotely' });
    expect(readFileSync(file, 'utf8')).toBe('written remotely');
    // Structured content, when the server sends it, is the result; otherwise the text.
    expect(await remote.registry.call('fs.read_text_file', { path: file })).toEqual({ content: 'written remotely' });
  });

  it('refuses a call locally that the server would have carried out: the file is never written', async () => {
    const file = path.join(dir, 'never.txt');
    // The server's own schema would drop the unknown key and write the file; ours refuses it first.
    expect(await codeOf(remote.registry.call('fs.write_file', { path: file, content: 'x', mode: 'force' }))).toBe(
      'invalid_input',
    );
    expect(
      await codeOf(
        remote.registry.call(
          'fs.write_file',
          JSON.parse(`{"path":${JSON.stringify(file)},"content":"x","__proto__":{}}`),
        ),
      ),
    ).toBe('invalid_input');
    expect(existsSync(file)).toBe(false);
  });

  it('maps a remote isError result to execution_failed, with the remote text', async () => {
    const outside = path.join(path.dirname(dir), 'outside-the-allowed-dir.txt');
    const error = await remote.registry.call('fs.read_text_file', { path: outside }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolError);
    expect((error as ToolError).code).toBe('execution_failed');
    expect((error as ToolError).message).toMatch(/denied|outside|not allowed/i);
  });

  it('cancels a call', async () => {
    const controller = new AbortController();
    const call = remote.registry.call('fs.list_directory', { path: dir }, { signal: controller.signal });
    controller.abort();
    expect(await codeOf(call)).toBe('aborted');
  });

  it('makes its tools unavailable while the server is down, and restarts it', async () => {
    await killAndRecover(remote, 'fs.', () => remote.registry.call('fs.list_directory', { path: dir }));
  });
});

describe('mcpToolset over Streamable HTTP: our serveHttp with a bearer token', () => {
  it('lists, calls, validates locally, cancels, and survives the server closing and reopening on its port', async () => {
    const serverRegistry = (await serverContainer()).get(ToolRegistry);
    let http = await serveHttp(serverRegistry, {
      name: 'upstream',
      version: '1.0.0',
      port: 0,
      auth: staticTokenAuth(TOKEN),
    });
    const port = Number(http.url.port);
    const reached: string[] = [];
    const channel = tracingChannel<unknown, { tool: string; toolset: string | undefined }>('hermes-tools:call');
    const onStart = (m: { tool: string; toolset: string | undefined }) => {
      if (m.toolset === 'http') reached.push(m.tool);
    };
    const ignore = () => undefined;
    const subscribers = { start: onStart, end: ignore, asyncStart: ignore, asyncEnd: ignore, error: ignore };
    channel.subscribe(subscribers);
    let remote: Awaited<ReturnType<typeof load>> | undefined;
    try {
      // Without the token the load fails: the server answers 401.
      const refused = mcpToolset({ name: 'up', server: { url: http.url }, granted: PermissionSet.all() });
      await expect(new Container().loadAsync(refused)).rejects.toThrow();
      await refused.close();

      remote = await load({
        name: 'up',
        server: { url: http.url, headers: { authorization: `Bearer ${TOKEN}` } },
        granted: PermissionSet.none().grant('up:call'),
      });
      const { registry } = remote;
      expect(names(registry, 'up.')).toEqual(
        expect.arrayContaining(['up.notes.read', 'up.notes.write', 'up.wait.cancel']),
      );
      expect(registry.get('up.notes.read').definition.readOnly).toBe(true);

      expect(await registry.call('up.notes.write', { text: 'hi' })).toBe('wrote hi');
      expect(reached).toEqual(['notes.write']);

      expect(await codeOf(registry.call('up.notes.write', { text: 7 }))).toBe('invalid_input');
      expect(await codeOf(registry.call('up.notes.write', { text: 'x', more: 1 }))).toBe('invalid_input');
      expect(reached).toEqual(['notes.write']);

      const controller = new AbortController();
      const before = cancelled.seen.length;
      const call = registry.call(
        'up.wait.cancel',
        {},
        { signal: controller.signal, onProgress: () => controller.abort() },
      );
      expect(await codeOf(call)).toBe('aborted');
      await cancelled.seen[before]; // the server-side handler saw its signal abort
      expect(reached).toEqual(['notes.write', 'wait.cancel']);

      const lost = remote.events.next('disconnected');
      await http.close();
      expect(await codeOf(registry.call('up.notes.read', {}))).toBe('tool_unavailable');
      await lost;
      expect(names(registry, 'up.')).toEqual([]);
      const back = remote.events.next('connected');
      http = await serveHttp(serverRegistry, {
        name: 'upstream',
        version: '1.0.0',
        port,
        auth: staticTokenAuth(TOKEN),
      });
      await back;
      expect(await registry.call('up.notes.read', {})).toBe('the note');
    } finally {
      channel.unsubscribe(subscribers);
      await remote?.module.close();
      await http.close();
    }
  });
});

const gate = { open: true };

@Tool({ name: 'gated', description: 'Available while the gate is open.' })
@Requires({ check: () => gate.open, description: 'an open gate' })
class Gated {
  execute(): string {
    return 'through the gate';
  }
}

describe('mcpToolset and tools/list_changed', () => {
  it('drops a tool the remote stops offering from the running registry, and adds it again when it is back', async () => {
    const upstream = new Container();
    upstream.load(toolset({ name: 'gates', tools: [Gated] }));
    const http = await serveHttp(upstream.get(ToolRegistry), {
      name: 'upstream',
      version: '1.0.0',
      port: 0,
      listChangedIntervalMs: 10,
    });
    let remote: Awaited<ReturnType<typeof load>> | undefined;
    try {
      remote = await load({ name: 'up', server: { url: http.url }, granted: PermissionSet.all() });
      expect(await remote.registry.call('up.gated', {})).toBe('through the gate');
      const closed = remote.events.next('tools_changed');
      gate.open = false;
      expect(await closed).toMatchObject({ unavailable: ['gated'], added: [] });
      // The upstream's own results.read (result budgets are on by default) is still offered.
      expect(names(remote.registry, 'up.')).toEqual(['up.results.read']);
      expect(await codeOf(remote.registry.call('up.gated', {}))).toBe('tool_not_found');
      const reopened = remote.events.next('tools_changed');
      gate.open = true;
      expect(await reopened).toMatchObject({ unavailable: [], added: ['gated'] });
      expect(await remote.registry.call('up.gated', {})).toBe('through the gate');
    } finally {
      gate.open = true;
      await remote?.module.close();
      await http.close();
    }
  });
});

describe('mcpToolset and a remote whose schemas change', () => {
  it('follows the list in the running registry: a changed schema is recompiled, a new tool added, a dropped one gone', async () => {
    const remote = await load({
      name: 'ch',
      server: {
        command: process.execPath,
        args: [fileURLToPath(new URL('./fixtures/changingServer.js', import.meta.url))],
        stderr: 'ignore',
      },
      granted: PermissionSet.all(),
    });
    try {
      expect(names(remote.registry, 'ch.')).toEqual(['ch.flip', 'ch.target']);
      const changed = remote.events.next('tools_changed');
      await remote.registry.call('ch.flip', {});
      expect(await changed).toMatchObject({ unavailable: [], added: ['extra'], refused: [] });
      expect(names(remote.registry, 'ch.')).toEqual(['ch.flip', 'ch.target', 'ch.extra']);
      // The new schema is the one checked: { b: number } now, and { a } is refused here, before the server.
      expect(await remote.registry.call('ch.target', { b: 1 })).toBe('target ok');
      expect(await codeOf(remote.registry.call('ch.target', { a: 'x' }))).toBe('invalid_input');
      expect(await remote.registry.call('ch.extra', {})).toBe('extra ok');
      const restored = remote.events.next('tools_changed');
      await remote.registry.call('ch.flip', {});
      expect(await restored).toMatchObject({ unavailable: ['extra'], added: [], refused: [] });
      expect(names(remote.registry, 'ch.')).toEqual(['ch.flip', 'ch.target']);
      expect(remote.registry.has('ch.extra')).toBe(false);
      expect(await codeOf(remote.registry.call('ch.extra', {}))).toBe('tool_not_found');
      expect(await remote.registry.call('ch.target', { a: 'x' })).toBe('target ok');
    } finally {
      await remote.module.close();
    }
  });
});

describe('mcpToolset under the module: approvals, interceptors, deadline', () => {
  it('asks approval for a destructive remote tool, runs the interceptors, and times out a slow call', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hermes-fs-'));
    const seen: string[] = [];
    const files = mcpToolset({
      name: 'fs',
      server: { command: process.execPath, args: [FILESYSTEM, dir], stderr: 'ignore' },
      granted: PermissionSet.all(),
    });
    const slow = mcpToolset({
      name: 'ev',
      server: { command: process.execPath, args: [EVERYTHING, 'stdio'], stderr: 'ignore' },
      granted: PermissionSet.all(),
      // Long enough for ev.echo below on a loaded machine, far shorter than the 60 s operation it cuts.
      timeoutMs: 3_000,
      interceptors: [(input, ctx, next) => (seen.push(ctx.tool), next(input))],
    });
    const c = new Container();
    try {
      await c.loadAsync(toolsModule({ approvals: { approve: () => false } }), files, slow);
      const registry = c.get(ToolRegistry);
      const file = path.join(dir, 'denied.txt');
      expect(registry.get('fs.write_file').definition.approval).toBeDefined();
      expect(await codeOf(registry.call('fs.write_file', { path: file, content: 'x' }))).toBe('approval_denied');
      expect(existsSync(file)).toBe(false);
      expect(await codeOf(registry.call('ev.trigger-long-running-operation', { duration: 60, steps: 2 }))).toBe(
        'timeout',
      );
      expect(seen).toEqual(['ev.trigger-long-running-operation']);
      expect(await registry.call('ev.echo', { message: 'still here' })).toBe('Echo: still here');
    } finally {
      await Promise.all([files.close(), slow.close()]);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('mcpToolset refusals', () => {
  it('refuses at load, in one ToolDefinitionError, every remote schema the local model cannot hold', async () => {
    const events: McpToolsetEvent[] = [];
    const module = mcpToolset({
      name: 'odd',
      server: {
        command: process.execPath,
        args: [fileURLToPath(new URL('./fixtures/oddSchemaServer.js', import.meta.url))],
        stderr: 'ignore',
      },
      granted: PermissionSet.all(),
      onEvent: (e) => events.push(e),
    });
    const error = await new Container().loadAsync(module).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolDefinitionError);
    const details = (error as ToolDefinitionError).details;
    expect(details.map((d) => d.where)).toEqual([
      'mcpToolset "odd" tool "union".v',
      'mcpToolset "odd" tool "linked".n',
      'mcpToolset "odd" tool "recursive".list($defs.node).next',
    ]);
    expect(details.map((d) => d.code)).toEqual(['unsupported_keyword', 'unsupported_keyword', 'unsupported_keyword']);
    expect(details[1]!.message).toMatch(/only local references to the root's \$defs .* nothing is fetched/);
    expect(details[2]!.message).toMatch(/"\$ref" to "node" is recursive \(node → node\)/);
    expect(events.map((e) => e.type)).toEqual(['connected']);
    await module.close();
  });

  it('imports a remote schema with $defs and a $ref, resolved in place, and validates through the reference', async () => {
    const module = mcpToolset({
      name: 'refs',
      server: {
        command: process.execPath,
        args: [fileURLToPath(new URL('./fixtures/refSchemaServer.js', import.meta.url))],
        stderr: 'ignore',
      },
      granted: PermissionSet.all(),
    });
    const c = new Container();
    await c.loadAsync(module);
    try {
      const registry = c.get(ToolRegistry);
      expect(registry.get('refs.address.save').definition.inputSchema).toEqual({
        type: 'object',
        properties: {
          name: { type: 'string' },
          address: {
            type: 'object',
            description: 'Where to write.',
            properties: { street: { type: 'string' }, city: { type: 'string' } },
            required: ['city'],
            additionalProperties: true,
          },
        },
        required: [],
        additionalProperties: false,
      });
      const wrong = await registry.dispatch('refs.address.save', { address: { street: 'Main St' } });
      expect(wrong).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      const saved = await registry.dispatch('refs.address.save', { name: 'Ann', address: { city: 'Oslo' } });
      expect(saved).toMatchObject({ ok: true });
      expect(JSON.stringify(saved)).toContain('Oslo');
    } finally {
      await module.close();
    }
  });

  it('refuses at load, in one ToolDefinitionError, every remote tool whose prefixed name is not a valid tool name', async () => {
    const module = mcpToolset({
      name: 'everything',
      prefix: 'a prefix with spaces ',
      server: { command: process.execPath, args: [EVERYTHING, 'stdio'], stderr: 'ignore' },
      granted: PermissionSet.all(),
    });
    const error = await new Container().loadAsync(module).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolDefinitionError);
    const problems = (error as ToolDefinitionError).problems;
    expect(problems.length).toBeGreaterThan(5);
    expect((error as ToolDefinitionError).details.map((p) => p.where)).toContain('mcpToolset "everything" tool "echo"');
    await module.close();
  });
});

describe('hermes-tools serve --remote: a gateway', () => {
  const LOCAL = path.join(ROOT, 'dist/test/fixtures/gatewayLocal.js');
  const everything = `ev="${process.execPath}" "${EVERYTHING}" stdio`;

  async function gateway(...remotes: string[]): Promise<Client> {
    return connectGateway([], {}, remotes);
  }
  async function connectGateway(
    before: string[],
    env: Record<string, string>,
    remotes: readonly string[],
  ): Promise<Client> {
    const args = [CLI, ...before, 'serve', '--stdio', ...remotes.flatMap((r) => ['--remote', r])];
    const client = new Client({ name: 'gateway-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args,
        stderr: 'ignore',
        env: { ...(process.env as Record<string, string>), ...env },
      }),
    );
    return client;
  }
  /** The CLI's exit code and stderr, for a gateway that must refuse to start. */
  async function refusal(before: string[], env: Record<string, string>, remotes: readonly string[]) {
    const args = [CLI, ...before, 'serve', '--stdio', ...remotes.flatMap((r) => ['--remote', r])];
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const [status] = (await once(child, 'close')) as [number | null];
    return { status, stderr };
  }
  const text = (result: unknown) =>
    (result as CallToolResult).content.map((c) => (c.type === 'text' ? c.text : '')).join('');

  it('serves a spawned server (command line) and an HTTP one (url) under their names', async () => {
    const upstream = await serveHttp((await serverContainer()).get(ToolRegistry), {
      name: 'upstream',
      version: '1.0.0',
      port: 0,
    });
    const client = await gateway(`ev="${process.execPath}" "${EVERYTHING}" stdio`, `up=${upstream.url.href}`);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['ev.echo', 'ev.get-sum', 'up.notes.read']));
      expect(text(await client.callTool({ name: 'ev.echo', arguments: { message: 'through the gateway' } }))).toBe(
        'Echo: through the gateway',
      );
      expect(text(await client.callTool({ name: 'up.notes.read', arguments: {} }))).toBe('the note');
      const refused = (await client.callTool({ name: 'ev.echo', arguments: { message: 1 } })) as CallToolResult;
      expect(refused.isError).toBe(true);
    } finally {
      await client.close();
      await upstream.close();
    }
  });

  it("serves a module's own tools beside its remotes' (--module with --remote), each under its grants", async () => {
    const upstream = await serveHttp((await serverContainer()).get(ToolRegistry), {
      name: 'upstream',
      version: '1.0.0',
      port: 0,
    });
    const client = await connectGateway(['--module', LOCAL], {}, [`up=${upstream.url.href}`, everything]);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['local.hello', 'up.notes.read', 'ev.echo']));
      expect(text(await client.callTool({ name: 'local.hello', arguments: { name: 'Ann' } }))).toBe('hello, Ann');
      expect(text(await client.callTool({ name: 'up.notes.read', arguments: {} }))).toBe('the note');
      expect(text(await client.callTool({ name: 'ev.echo', arguments: { message: 'hi' } }))).toBe('Echo: hi');
    } finally {
      await client.close();
      await upstream.close();
    }
  });

  it('refuses to start when a local tool and a remote one have the same name, naming it', async () => {
    const { status, stderr } = await refusal(['--module', LOCAL], { GATEWAY_LOCAL_CLASH: '1' }, [everything]);
    expect(status).toBe(2);
    expect(stderr).toMatch(/tool name "ev\.echo" is already used by/);
  });

  it('refuses a module whose container built its registry before the remotes could be added', async () => {
    const { status, stderr } = await refusal(['--module', LOCAL], { GATEWAY_LOCAL_BUILT: '1' }, [everything]);
    expect(status).toBe(2);
    expect(stderr).toMatch(/ToolRegistry was built before --remote could add its toolsets/);
  });
});
