// A remote MCP server is not trusted: its tools without hints are handled as destructive, its calls
// are bounded in time, what it lists is bounded in size, and mcpToolset's options are read as own
// keys. Against a real SDK Server spawned over stdio (fixtures/hostileServer.ts); every wait is on
// an outcome, never on a clock.
import { fileURLToPath } from 'node:url';
import { type Logger, PermissionSet, ToolDefinitionError, ToolError, ToolRegistry, toolsModule } from 'hermes-tools';
import { type McpToolsetModule, type McpToolsetOptions, mcpToolset } from 'hermes-tools/mcp';
import { Container } from 'inversify';
import * as remoteServer from '../src/mcp/RemoteServer.js';

const HOSTILE = fileURLToPath(new URL('./fixtures/hostileServer.js', import.meta.url));
const server = (mode = 'mixed', ...more: string[]) => ({
  command: process.execPath,
  args: [HOSTILE, mode, ...more],
  stderr: 'ignore' as const,
});

/** A logger that keeps its warnings and errors. */
function keeper(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const keep = (message: string, fields?: Record<string, unknown>) =>
    void lines.push(`${message} ${JSON.stringify(fields)}`);
  return { lines, debug: () => undefined, info: () => undefined, warn: keep, error: keep };
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return error instanceof ToolError ? error.code : String(error);
  }
}

const opened: McpToolsetModule[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((m) => m.close()));
});

async function load(options: Partial<McpToolsetOptions>, module = toolsModule()): Promise<ToolRegistry> {
  const remote = mcpToolset({
    name: 'h',
    server: server(),
    granted: PermissionSet.all(),
    ...options,
  } as McpToolsetOptions);
  opened.push(remote);
  const c = new Container();
  await c.loadAsync(module, remote);
  return c.get(ToolRegistry);
}

const names = (registry: ToolRegistry, prefix: string) =>
  registry
    .list()
    .map((t) => t.name)
    .filter((n) => n.startsWith(prefix));

describe('mcpToolset: a remote tool without destructiveHint is handled as destructive (the MCP spec)', () => {
  it('asks the module approver for it, as for a local destructive tool, and not for tools hinted read-only or not destructive', async () => {
    const asked: string[] = [];
    const registry = await load(
      {},
      toolsModule({ approvals: { approve: (request) => (asked.push(request.tool.name), false) } }),
    );
    expect(registry.get('h.plain').definition).toMatchObject({ destructive: true });
    expect(registry.get('h.plain').definition.approval).toBeDefined();
    expect(await codeOf(registry.call('h.plain', {}))).toBe('approval_denied');
    expect(asked).toEqual(['h.plain']);
    expect(await registry.call('h.reads', {})).toBe('reads ran');
    expect(await registry.call('h.safe', {})).toBe('safe ran');
    expect(asked).toEqual(['h.plain']);
  });

  it('refuses it when approvals are configured and nobody can be asked', async () => {
    const registry = await load({}, toolsModule({ approvals: {} }));
    expect(await codeOf(registry.call('h.plain', {}))).toBe('approval_denied');
  });

  it('runs it when no approvals are configured, as a local destructive tool', async () => {
    const registry = await load({});
    expect(registry.get('h.plain').definition.destructive).toBe(true);
    expect(await registry.call('h.plain', {})).toBe('plain ran');
  });

  it('trusts as read-only the tools the toolset names in trustReadOnly, and no others', async () => {
    const asked: string[] = [];
    const registry = await load(
      { trustReadOnly: ['plain'] },
      toolsModule({ approvals: { approve: (request) => (asked.push(request.tool.name), false) } }),
    );
    expect(registry.get('h.plain').definition).toMatchObject({ readOnly: true, destructive: false });
    expect(await registry.call('h.plain', {})).toBe('plain ran');
    expect(asked).toEqual([]);
  });
});

describe('mcpToolset: a remote call is bounded in time by default', () => {
  it('ends a call the server never answers with a timeout when neither toolset nor module sets timeoutMs, and keeps the connection', async () => {
    // The default is the SDK's 60 s; the test shortens it so as not to wait that long.
    const defaults = remoteServer.remoteCallDefaults;
    expect(defaults.timeoutMs).toBe(60_000);
    defaults.timeoutMs = 200;
    try {
      const registry = await load({});
      expect(await codeOf(registry.call('h.silent', {}))).toBe('timeout');
      // Back to 60 s before a call that must succeed: a loaded machine may take longer than 200 ms to answer it.
      defaults.timeoutMs = 60_000;
      expect(await registry.call('h.echo', {})).toBe('echo ran');
    } finally {
      defaults.timeoutMs = 60_000;
    }
  });
});

describe('mcpToolset: what a remote server lists is bounded', () => {
  it('clips a description past limits.maxDescriptionChars (default 10,000) with a marker', async () => {
    const registry = await load({ server: server('huge') });
    const { description, modelDescription } = registry.get('h.long').definition;
    expect(description.startsWith('d'.repeat(10_000))).toBe(true);
    expect(description).toMatch(/^d{10000}… \[clipped: the remote server sent 3000019 characters\]$/);
    expect(modelDescription.length).toBeLessThan(11_000);
  });

  it('refuses, with a log line, a tool whose enum or schema is past its cap, and serves the others', async () => {
    const logger = keeper();
    const registry = await load({ server: server('huge'), logger });
    const listed = names(registry, 'h.');
    expect(listed).toEqual(expect.arrayContaining(['h.echo', 'h.bigEnum', 'h.long']));
    expect(listed).not.toContain('h.overEnum');
    expect(listed).not.toContain('h.hugeSchema');
    expect(logger.lines).toEqual([
      expect.stringMatching(
        /refused.*"tool":"overEnum".*1001 values, more than the 1000 allowed \(limits\.maxEnumValues\)/,
      ),
      expect.stringMatching(/refused.*"tool":"hugeSchema".*larger than 100000 characters \(limits\.maxSchemaChars\)/),
    ]);
    expect(await registry.call('h.echo', {})).toBe('echo ran');
  });

  it('checks an enum of 300,000 values in constant time: the refusal names a bounded number of them', async () => {
    const registry = await load({
      server: server('enum'),
      limits: { maxEnumValues: 300_000, maxSchemaChars: 10_000_000 },
    });
    expect(names(registry, 'h.')).toContain('h.hugeEnum');
    expect(await registry.call('h.hugeEnum', { pick: 'v299999' })).toBe('hugeEnum ran');
    const error = await registry.call('h.hugeEnum', { pick: 'nope' }).catch((e: unknown) => e);
    expect((error as ToolError).code).toBe('invalid_input');
    expect((error as ToolError).message).toMatch(/must be one of "v0", "v1", .*"v19" \(and 299980 more\), got "nope"/);
    expect((error as ToolError).message.length).toBeLessThan(1_000);
    // Listing, parsing and compiling a 300,000-value schema takes seconds of CPU; a loaded machine needs more than the
    // default.
  }, 120_000);

  it('keeps limits.maxTools tools (default 1,000) of a server that lists 30,000 in one page, and logs the rest', async () => {
    const logger = keeper();
    const registry = await load({ server: server('many'), logger });
    expect(names(registry, 'h.')).toHaveLength(1_000);
    expect(logger.lines).toEqual([expect.stringMatching(/more tools than are kept.*"kept":1000,"dropped":29000/)]);
  });

  it('lists at most 100 pages of a server whose pages never end, and logs it', async () => {
    const logger = keeper();
    const registry = await load({ server: server('endless'), logger });
    expect(names(registry, 'h.')).toHaveLength(100);
    expect(logger.lines).toEqual([expect.stringMatching(/more tools than are kept.*every page after the 100th/)]);
  });

  it('inlines at most 100,000 subschemas ($ref copies, enum values counted) across one listing, and refuses the tools past it', async () => {
    // Each tool inlines 6,591 (under the 10,000 of one schema): the 16th takes the listing past 100,000.
    const module = mcpToolset({ name: 'h', server: server('refs'), granted: PermissionSet.all() });
    opened.push(module);
    const error = await new Container().loadAsync(toolsModule(), module).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolDefinitionError);
    const details = (error as ToolDefinitionError).details;
    expect(details.map((d) => d.where.replace(/\(.*$|\.root.*$/, ''))).toEqual(
      Array.from({ length: 5 }, (_, i) => `mcpToolset "h" tool "tree${15 + i}"`),
    );
    expect(details[0]?.message).toMatch(
      /inline more subschemas \(enum values included\) through their "\$ref"s than the 100000 that a listing of mcpToolset "h" may inline in all/,
    );
  });

  it('keeps the tools of a listing up to limits.maxListingChars characters of JSON, and logs the rest', async () => {
    const logger = keeper();
    // The first three tools fit in 400 characters of JSON; with the fourth the listing would not.
    const registry = await load({ logger, limits: { maxListingChars: 400 } });
    expect(names(registry, 'h.')).toEqual(['h.plain', 'h.reads', 'h.safe']);
    expect(logger.lines).toEqual([
      expect.stringMatching(/more tools than are kept.*"kept":3,"dropped":3,.*"maxListingChars":400/),
    ]);
  });

  it("spends at most limits.maxPatternCheckMs checking one listing's new patterns, and refuses the tools left unchecked", async () => {
    // Patterns this process has not checked before: each takes the checker about half a second, past the 1 ms given.
    const module = mcpToolset({
      name: 'h',
      server: server('patterns', `n${process.hrtime.bigint()}`),
      granted: PermissionSet.all(),
      limits: { maxPatternCheckMs: 1 },
    });
    opened.push(module);
    const error = await new Container().loadAsync(toolsModule(), module).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolDefinitionError);
    const details = (error as ToolDefinitionError).details;
    expect(details.map((d) => `${d.where} ${d.code}`)).toEqual(
      Array.from({ length: 6 }, (_, i) => `mcpToolset "h" tool "slow${i}".s unchecked_pattern`),
    );
    expect(details[0]?.message).toMatch(
      /was not checked for super-linear time: checking the patterns of this listing spent the 1 ms that limits\.maxPatternCheckMs of mcpToolset "h" allows a listing/,
    );
  });

  it('fails the load at connectTimeoutMs when the server never answers: one deadline for the handshake and the listing', async () => {
    const module = mcpToolset({
      name: 'h',
      server: server('mute'),
      granted: PermissionSet.all(),
      protocol: 'legacy',
      connectTimeoutMs: 300,
    });
    opened.push(module);
    const error = await new Container().loadAsync(toolsModule(), module).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolDefinitionError);
    expect((error as ToolDefinitionError).details).toEqual([
      {
        where: 'mcpToolset "h"',
        code: 'remote_unreachable',
        message: expect.stringMatching(
          /could not connect to its MCP server and list the tools: it did not connect and list its tools within connectTimeoutMs \(300 ms\); check server/,
        ),
      },
    ]);
  });
});

describe('mcpToolset: what a remote server answers is checked', () => {
  it('refuses an answer without content, such as a task the call did not ask for, rather than return it as a value', async () => {
    const registry = await load({});
    const error = await registry.call('h.tasky', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolError);
    expect((error as ToolError).code).toBe('execution_failed');
    expect((error as ToolError).message).toMatch(
      /the MCP server "h" answered "tasky" with a task it was not asked to create, not a result/,
    );
    // The connection stays: the server answered.
    expect(await registry.call('h.echo', {})).toBe('echo ran');
  });
});

describe('mcpToolset: what a remote server sends is not run as code here', () => {
  it("never compiles a remote tool's output schema: a result that would backtrack its pattern for hours comes back at once", async () => {
    const registry = await load({ server: server('output') });
    // Had the SDK client checked it against the schema, this call would block the event loop, past every deadline.
    expect(await registry.call('h.redos', {})).toEqual({ text: `${'a'.repeat(40)}b` });
  });
});

describe('mcpToolset options', () => {
  const polluted: Record<string, unknown> = {
    prefix: 'polluted_',
    permissions: ['nobody:call'],
    granted: PermissionSet.all(),
    timeoutMs: 1,
    trustReadOnly: ['plain'],
    limits: { maxTools: 1 },
    connectTimeoutMs: 1,
    // Read from each remote tool's annotations: inherited hints must not skip the approval policy.
    readOnlyHint: true,
    destructiveHint: false,
  };

  it('are read as own keys only: a polluted Object.prototype changes nothing', async () => {
    for (const [key, value] of Object.entries(polluted))
      Object.defineProperty(Object.prototype, key, { value, configurable: true, writable: true });
    try {
      const asked: string[] = [];
      // toolsModule's own options are given as own keys: this test is about mcpToolset's.
      const module = toolsModule({
        approvals: { approve: (request) => (asked.push(request.tool.name), false) },
        timeoutMs: 30_000,
        limits: {},
      });
      const ungranted = mcpToolset({ name: 'p', server: server() } as unknown as McpToolsetOptions);
      const granted = mcpToolset({ name: 'q', server: server(), granted: PermissionSet.all() });
      opened.push(ungranted, granted);
      const c = new Container();
      await c.loadAsync(module, ungranted, granted);
      const registry = c.get(ToolRegistry);
      expect(names(registry, 'p.')).toContain('p.plain');
      expect(registry.get('p.plain').definition).toMatchObject({ permissions: ['p:call'], destructive: true });
      // Without an own grant, the toolset grants nothing.
      expect(await codeOf(registry.call('p.echo', {}))).toBe('permission_denied');
      expect(await registry.call('q.echo', {})).toBe('echo ran');
      expect(await codeOf(registry.call('q.plain', {}))).toBe('approval_denied');
      expect(asked).toEqual(['q.plain']);
    } finally {
      for (const key of Object.keys(polluted)) delete (Object.prototype as Record<string, unknown>)[key];
    }
  });

  it('refuse an unknown key, naming it, when the module loads', async () => {
    const module = mcpToolset({
      name: 'h',
      server: server(),
      granted: PermissionSet.all(),
      trustReadonly: ['plain'],
    } as McpToolsetOptions);
    opened.push(module);
    const error = await new Container().loadAsync(module).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolDefinitionError);
    expect((error as ToolDefinitionError).details).toEqual([
      expect.objectContaining({
        code: 'invalid_toolset',
        message: expect.stringContaining('unknown option "trustReadonly" (known: name, server, granted'),
      }),
    ]);
  });
});
