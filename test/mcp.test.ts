import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  isJSONRPCNotification,
  isJSONRPCResultResponse,
  ToolListChangedNotificationSchema,
  type CallToolResult,
  type JSONRPCMessage,
  type ProgressNotification,
} from '@modelcontextprotocol/sdk/types.js';
import { createMcpServer, serveHttp } from 'hermes-tools/mcp';
import {
  Arg,
  type AuditRecord,
  type CallOptions,
  Ctx,
  Tool,
  ToolAbortedError,
  toolset,
  toolsModule,
  type ToolContext,
  type ToolOutcome,
  ToolRegistry,
} from 'hermes-tools';
import { AppLogger } from '../samples/audit/AppLogger.js';
import { ProgressBurst } from './fixtures/progressModule.js';
import { buildRegistry } from './support/buildRegistry.js';
import { sampleWorkspace } from './support/sampleWorkspace.js';
import { deferred } from './support/deferred.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const CLI = path.resolve(here, '../../dist/src/cli/main.js');
const PROGRESS_MODULE = path.resolve(here, '../../dist/test/fixtures/progressModule.js');
const SAMPLES = path.resolve(here, '../../dist/samples/cliSamples.js');

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

/**
 * Records every message the client's transport receives, in the order it arrives, before the SDK's
 * client handles it. Progress is checked here rather than through `onprogress`: the SDK's client
 * hands a notification to its handler a microtask later than it handles a response, so when both
 * come in one read (stdio on a loaded machine) it drops the progress even though the server sent it
 * first (modelcontextprotocol/typescript-sdk#2580), a race no server can prevent.
 */
function recordArrivals(transport: Transport): JSONRPCMessage[] {
  const arrivals: JSONRPCMessage[] = [];
  transport.onmessage = (message) => void arrivals.push(message);
  return arrivals;
}

/** The progress values that arrived for the last call answered, before its answer. */
function progressBeforeLastResult(arrivals: readonly JSONRPCMessage[]): number[] {
  let end = arrivals.length - 1;
  while (end >= 0 && !isJSONRPCResultResponse(arrivals[end])) end--;
  expect(end).toBeGreaterThanOrEqual(0);
  const id = (arrivals[end] as { id: string | number }).id;
  return progressIn(arrivals.slice(0, end))
    .filter((p) => p.progressToken === id)
    .map((p) => p.progress);
}

function progressIn(arrivals: readonly JSONRPCMessage[]): ProgressNotification['params'][] {
  return arrivals.flatMap((m) =>
    isJSONRPCNotification(m) && m.method === 'notifications/progress'
      ? [m.params as unknown as ProgressNotification['params']]
      : [],
  );
}

function oneTo(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i + 1);
}

interface InMemoryOptions {
  pageSize?: number;
  listChangedIntervalMs?: number;
  /**
   * How the server's transport sends notifications: at once (default), a turn of the event loop
   * late (as a transport that stores each event before sending it does), or failing.
   */
  notifications?: 'at once' | 'late' | 'failing';
}

async function connectInMemory(
  registry: ToolRegistry,
  options: InMemoryOptions = {},
): Promise<{ client: Client; arrivals: JSONRPCMessage[] }> {
  const { notifications = 'at once', ...serverOptions } = options;
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const arrivals = recordArrivals(clientSide);
  if (notifications !== 'at once') {
    const send = serverSide.send.bind(serverSide);
    serverSide.send = async (message, sendOptions) => {
      if (isJSONRPCNotification(message)) {
        await new Promise((resolve) => setImmediate(resolve));
        if (notifications === 'failing') throw new Error('the client went away');
      }
      return send(message, sendOptions);
    };
  }
  await Promise.all([
    client.connect(clientSide),
    createMcpServer(registry, { name: 'samples', version: '1.0.0', ...serverOptions }).connect(serverSide),
  ]);
  return { client, arrivals };
}

/** The first line the logger writes (or wrote) that matches. */
function logLine(logger: AppLogger, matches: (line: string) => boolean): Promise<string> {
  const written = logger.lines.find(matches);
  if (written !== undefined) return Promise.resolve(written);
  return new Promise((resolve) => {
    logger.onLine = (line) => {
      if (matches(line)) resolve(line);
    };
  });
}

/** What every transport must do: list, call, deny, refuse bad input, cancel, and still serve after. */
async function exercise(client: Client, arrivals: readonly JSONRPCMessage[]): Promise<void> {
  const { tools } = await client.listTools();
  const byName = new Map(tools.map((t) => [t.name, t]));
  expect([...byName.keys()]).toEqual(
    expect.arrayContaining(['fs.read', 'orders.create', 'git.log', 'jobs.run_checks']),
  );
  expect(byName.has('weather.current')).toBe(false);
  // Listed only what the caller may call: fs:write is not granted, so fs.write is absent, and still denied by name.
  expect(byName.has('fs.write')).toBe(false);
  expect(byName.get('fs.read')!.inputSchema).toMatchObject({
    type: 'object',
    required: ['path'],
    additionalProperties: false,
  });
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

  const checks = await client.callTool({ name: 'jobs.run_checks', arguments: { checks: 3, stepMs: 1 } }, undefined, {
    onprogress: () => undefined,
  });
  expect(checks.structuredContent).toEqual({ passed: 3, total: 3 });
  expect(progressBeforeLastResult(arrivals)).toEqual([1, 2, 3]);

  // Cancelled once its first progress shows it is running; the 99 steps left outlast the test's timeout.
  const controller = new AbortController();
  const long = client.callTool({ name: 'jobs.run_checks', arguments: { checks: 100, stepMs: 400 } }, undefined, {
    signal: controller.signal,
    onprogress: () => controller.abort('the user changed their mind'),
  });
  await expect(long).rejects.toThrow('the user changed their mind');

  const after = await client.callTool({ name: 'fs.list', arguments: {} });
  expect(after.isError).toBeFalsy();
  expect(text(after)).toContain('notes/');
}

/** The cancelled call must have ended on the server too: the audit interceptor saw it fail. */
async function expectServerSawCancellation(): Promise<void> {
  const logger = sample.container.get(AppLogger);
  const failedRun = (line: string): boolean => line.includes('"tool":"jobs.run_checks"') && line.includes('"ok":false');
  await logLine(logger, failedRun);
  expect(logger.lines.filter(failedRun)).toHaveLength(1);
}

let leaked: ToolContext | undefined;

@Tool({ name: 'progress.leak', description: 'Reports progress once and keeps its context after the call.' })
class LeakContext {
  execute(@Ctx() ctx: ToolContext): string {
    leaked = ctx;
    ctx.progress(1, 2);
    return 'done';
  }
}

@Tool({ name: 'shape.untyped', description: 'Returns an object but declares no output.' })
class Untyped {
  execute(): unknown {
    return { a: 1 };
  }
}

@Tool({
  name: 'shape.typed',
  description: 'Returns an object it declares.',
  output: { type: 'object', properties: { a: { type: 'number' } }, required: ['a'] },
})
class Typed {
  execute(): unknown {
    return { a: 1 };
  }
}

async function progressRegistry(): Promise<ToolRegistry> {
  return (await buildRegistry(toolset({ name: 'progress', tools: [ProgressBurst, LeakContext] }))).registry;
}

const held = { started: deferred(), cancelled: deferred(), release: deferred() };
const heeded = { listening: deferred(), aborted: deferred(), reason: undefined as unknown };

@Tool({ name: 'held.ignore', description: 'Waits to be released, whatever its signal says.' })
class Held {
  async execute(@Ctx() ctx: ToolContext): Promise<string> {
    // It hears of the cancellation (which tells the test the server has it), and goes on regardless.
    ctx.signal.addEventListener('abort', () => held.cancelled.resolve());
    held.started.resolve();
    await held.release.promise;
    return 'released';
  }
}

@Tool({ name: 'held.heed', description: 'Waits for its signal.' })
class Heeded {
  execute(@Arg('now', { optional: true }) now: boolean, @Ctx() ctx: ToolContext): Promise<string> | string {
    if (now === true) return 'not waited';
    return new Promise((_, reject) => {
      ctx.signal.addEventListener('abort', () => {
        heeded.reason = ctx.signal.reason;
        heeded.aborted.resolve();
        reject(ctx.signal.reason);
      });
      heeded.listening.resolve();
    });
  }
}

describe('MCP server, in memory', () => {
  it('lists and calls the samples, denies, refuses bad input, cancels', async () => {
    const { client, arrivals } = await connectInMemory(sample.registry);
    await exercise(client, arrivals);
    await expectServerSawCancellation();
    await client.close();
  });

  it('pages the listing when asked, and refuses a cursor it did not give', async () => {
    const { client } = await connectInMemory(sample.registry, { pageSize: 3 });
    const first = await client.listTools();
    expect(first.tools).toHaveLength(3);
    const names = first.tools.map((t) => t.name);
    for (let cursor = first.nextCursor; cursor !== undefined; ) {
      const page = await client.listTools({ cursor });
      names.push(...page.tools.map((t) => t.name));
      cursor = page.nextCursor;
    }
    // Every tool the client may call, in order: fs.write needs fs:write, which the samples do not grant.
    expect(names).toEqual(
      sample.registry
        .list()
        .map((t) => t.name)
        .filter((name) => name !== 'fs.write'),
    );
    await expect(client.listTools({ cursor: 'bm9wZQ' })).rejects.toThrow(/cursor/);
    await client.close();
  });

  it('sends structuredContent only for a tool that declares an object output', async () => {
    const { client } = await connectInMemory(
      (await buildRegistry(toolset({ name: 'shape', tools: [Untyped, Typed] }))).registry,
    );
    const { tools } = await client.listTools();
    expect(tools.find((t) => t.name === 'shape.untyped')!.outputSchema).toBeUndefined();
    const untyped = await client.callTool({ name: 'shape.untyped', arguments: {} });
    expect(untyped).not.toHaveProperty('structuredContent');
    expect(text(untyped)).toBe('{"a":1}');
    const typed = await client.callTool({ name: 'shape.typed', arguments: {} });
    expect(typed.structuredContent).toEqual({ a: 1 });
    await client.close();
  });

  it("follows a cancelled request's signal: the tool's ctx.signal aborts, and the call ends as aborted once its handler settles", async () => {
    const records: AuditRecord[] = [];
    const recorded = deferred();
    const { registry } = await buildRegistry(
      toolsModule({
        audit: (record) => {
          records.push(record);
          recorded.resolve();
        },
      }),
      toolset({ name: 'held', tools: [Held, Heeded] }),
    );
    const { client } = await connectInMemory(registry);

    // A tool that ignores its signal runs to its end; nothing is sent back for a cancelled request, and the audit says
    // it was aborted.
    held.started = deferred();
    held.cancelled = deferred();
    held.release = deferred();
    const controller = new AbortController();
    const ignored = client.callTool({ name: 'held.ignore', arguments: {} }, undefined, { signal: controller.signal });
    await held.started.promise;
    controller.abort('no longer needed');
    await expect(ignored).rejects.toThrow('no longer needed');
    await held.cancelled.promise;
    expect(records).toEqual([]);
    held.release.resolve();
    await recorded.promise;
    expect(records.map((r) => [r.tool, r.outcome])).toEqual([['held.ignore', 'aborted']]);

    // A tool that reads its signal sees the cancellation there, as a ToolAbortedError.
    heeded.aborted = deferred();
    const watching = new AbortController();
    const heededCall = client.callTool({ name: 'held.heed', arguments: {} }, undefined, { signal: watching.signal });
    await heeded.listening.promise;
    watching.abort('stop');
    await expect(heededCall).rejects.toThrow('stop');
    await heeded.aborted.promise;
    expect(heeded.reason).toBeInstanceOf(ToolAbortedError);

    // The server still answers.
    expect(text(await client.callTool({ name: 'held.heed', arguments: { now: true } }))).toBe('not waited');
    await client.close();
  });

  it('tells the client when a tool becomes available', async () => {
    const { client } = await connectInMemory(sample.registry, { listChangedIntervalMs: 10 });
    expect((await client.listTools()).tools.map((t) => t.name)).not.toContain('weather.current');
    const changed = new Promise<void>((resolve) =>
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()),
    );
    process.env.WEATHER_API_KEY = 'test-key';
    await changed;
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('weather.current');
    const weather = await client.callTool({ name: 'weather.current', arguments: { city: 'Paris' } });
    expect(weather.isError).toBeFalsy();
    await client.close();
  });
});

describe('MCP server over a registry of its own kind', () => {
  it('calls through a subclass that forwards dispatch (as the Nest module does), never around it', async () => {
    const forwarded: string[] = [];
    class Forwarding extends ToolRegistry {
      // A registry is frozen once built: a subclass keeps its state in private fields.
      readonly #target: ToolRegistry;
      constructor(target: ToolRegistry) {
        super([]);
        this.#target = target;
      }
      override dispatch(name: string, args: unknown, options?: CallOptions): Promise<ToolOutcome> {
        forwarded.push(name);
        return this.#target.dispatch(name, args, options);
      }
    }
    const { client } = await connectInMemory(new Forwarding(sample.registry));
    const read = await client.callTool({ name: 'fs.read', arguments: { path: 'notes/todo.md' } });
    expect(read.isError).toBeFalsy();
    expect(forwarded).toEqual(['fs.read']);
    await client.close();
  });
});

describe('MCP progress, in memory', () => {
  it.each(['at once', 'late'] as const)(
    'delivers every progress notification before the result, with notifications sent %s',
    async (notifications) => {
      const { client, arrivals } = await connectInMemory(await progressRegistry(), {
        notifications,
        listChangedIntervalMs: 0,
      });
      const seen: number[] = [];
      const result = await client.callTool({ name: 'progress.burst', arguments: { count: 50 } }, undefined, {
        onprogress: (p) => seen.push(p.progress),
      });
      expect(text(result)).toBe('50');
      expect(progressBeforeLastResult(arrivals)).toEqual(oneTo(50));
      expect(seen).toEqual(oneTo(50));
      await client.close();
    },
  );

  it('returns the result when sending progress fails', async () => {
    const { client } = await connectInMemory(await progressRegistry(), {
      notifications: 'failing',
      listChangedIntervalMs: 0,
    });
    const result = await client.callTool({ name: 'progress.burst', arguments: { count: 5 } }, undefined, {
      onprogress: () => undefined,
    });
    expect(result.isError).toBeFalsy();
    expect(text(result)).toBe('5');
    await client.close();
  });

  it('drops progress a tool reports after its call ended', async () => {
    const { client, arrivals } = await connectInMemory(await progressRegistry(), { listChangedIntervalMs: 0 });
    expect(
      text(await client.callTool({ name: 'progress.leak', arguments: {} }, undefined, { onprogress: () => undefined })),
    ).toBe('done');
    leaked!.progress(2, 2);
    await client.ping();
    expect(progressIn(arrivals).map((p) => p.progress)).toEqual([1]);
    await client.close();
  });
});

describe('MCP server over Streamable HTTP on 127.0.0.1', () => {
  it('lists and calls the samples, denies, refuses bad input, cancels', async () => {
    const http = await serveHttp(sample.registry, { name: 'samples', version: '1.0.0', port: 0 });
    expect(http.url.hostname).toBe('127.0.0.1');
    const client = new Client({ name: 'test-client', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(http.url);
    const arrivals = recordArrivals(transport);
    await client.connect(transport);
    try {
      await exercise(client, arrivals);
      await expectServerSawCancellation();
    } finally {
      await client.close();
      await http.close();
    }
  });

  it('answers an unknown session and a wrong path with a JSON-RPC error, not a crash', async () => {
    const http = await serveHttp(sample.registry, { name: 'samples', version: '1.0.0', port: 0 });
    try {
      const stale = await fetch(http.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-session-id': 'nope',
        },
        body: '{}',
      });
      expect(stale.status).toBe(404);
      expect(await stale.json()).toMatchObject({
        jsonrpc: '2.0',
        error: { message: expect.stringContaining('session') },
      });
      const wrong = await fetch(new URL('/elsewhere', http.url));
      expect(wrong.status).toBe(404);
    } finally {
      await http.close();
    }
  });
});

describe('MCP server over stdio, as a spawned `hermes-tools serve --stdio`', () => {
  it('lists and calls the samples, denies, refuses bad input, cancels', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, '--module', SAMPLES, 'serve', '--stdio'],
      env: { ...process.env, HERMES_WORKSPACE: sample.workspace } as Record<string, string>,
      stderr: 'pipe',
    });
    const arrivals = recordArrivals(transport);
    const client = new Client({ name: 'test-client', version: '1.0.0' });
    await client.connect(transport);
    try {
      await exercise(client, arrivals);
    } finally {
      await client.close();
    }
  });

  it('delivers every progress notification before the result', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, '--module', PROGRESS_MODULE, 'serve', '--stdio'],
      stderr: 'pipe',
    });
    const arrivals = recordArrivals(transport);
    const client = new Client({ name: 'test-client', version: '1.0.0' });
    await client.connect(transport);
    try {
      for (let round = 0; round < 5; round++) {
        const result = await client.callTool({ name: 'progress.burst', arguments: { count: 50 } }, undefined, {
          onprogress: () => undefined,
        });
        expect(text(result)).toBe('50');
        expect(progressBeforeLastResult(arrivals)).toEqual(oneTo(50));
      }
    } finally {
      await client.close();
    }
  });
});
