// mcpToolset in both MCP eras, and the running registry following a remote's list: each era negotiated against our
// own serveHttp (2026-07-28 and 2025-11-25 on one endpoint) and a 2025-only SDK 1.x server over stdio; a remote's
// question (input_required, elicitation) refused by name; tools a remote adds after load registered under the same
// grant and limits, or refused with a reason. Every wait is on an event, never on a clock.
import { fileURLToPath } from 'node:url';
import {
  Arg,
  PermissionSet,
  Requires,
  Tool,
  type ToolDefinition,
  ToolError,
  ToolRegistry,
  toolset,
  toolsModule,
} from 'hermes-tools';
import { type McpToolsetOptions, mcpToolset, serveHttp } from 'hermes-tools/mcp';
import { AvailabilityWatch } from '../src/mcp/AvailabilityWatch.js';
import { Container } from 'inversify';
import { toolsetEvents } from './support/toolsetEvents.js';

/** What the upstream offers: each gated tool is listed while its gate is open. */
const gates = { later: false, wide: false, clash: false, slowGone: false };

@Tool({ name: 'hello', description: 'Says hello.', readOnly: true })
class Hello {
  execute(): string {
    return 'hello from upstream';
  }
}

@Tool({ name: 'wipe', description: 'Wipes everything.', destructive: true })
class Wipe {
  execute(): string {
    return 'wiped';
  }
}

@Tool({ name: 'later', description: 'Appears when its gate opens.', readOnly: true })
@Requires({ check: () => gates.later, description: 'the later gate' })
class Later {
  execute(): string {
    return 'later ran';
  }
}

@Tool({ name: 'wide', description: 'Has an enum wider than the gateway allows.', readOnly: true })
@Requires({ check: () => gates.wide, description: 'the wide gate' })
class Wide {
  execute(@Arg('pick', { enum: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] }) pick: string): string {
    return `wide ran with ${pick}`;
  }
}

@Tool({ name: 'clash', description: "Its prefixed name is a local tool's.", readOnly: true })
@Requires({ check: () => gates.clash, description: 'the clash gate' })
class Clash {
  execute(): string {
    return 'remote clash';
  }
}

@Tool({ name: 'up.clash', description: 'A local tool whose name a remote tool takes later.', readOnly: true })
class LocalClash {
  execute(): string {
    return 'local clash';
  }
}

let releaseSlow: () => void = () => undefined;
const slowStarted: { resolve: () => void } = { resolve: () => undefined };

@Tool({ name: 'slow', description: 'Runs until the test releases it; listed while its gate is open.', readOnly: true })
@Requires({ check: () => !gates.slowGone, description: 'the slow gate' })
class Slow {
  async execute(): Promise<string> {
    slowStarted.resolve();
    await new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
    return 'slow ran';
  }
}

@Tool({ name: 'route', description: 'Routes by region.', readOnly: true })
class Route {
  execute(@Arg('region', { header: 'Region' }) region: string): string {
    return `routed to ${region}`;
  }
}

async function upstream() {
  const c = new Container();
  await c.loadAsync(
    toolsModule({ approvals: {} }),
    toolset({ name: 'up', tools: [Hello, Wipe, Later, Wide, Clash, Slow, Route] }),
  );
  return serveHttp(c.get(ToolRegistry), { name: 'upstream', version: '1.0.0', port: 0, listChangedIntervalMs: 10 });
}

/** Serves the upstream, loads a gateway in front of it, runs `test`, and closes both, even when it fails. */
async function throughUpstream(
  load: (url: URL) => ReturnType<typeof gateway>,
  test: (remote: Awaited<ReturnType<typeof gateway>>) => Promise<void>,
): Promise<void> {
  const http = await upstream();
  try {
    const remote = await load(http.url);
    try {
      await test(remote);
    } finally {
      await remote.module.close();
    }
  } finally {
    await http.close();
  }
}

/** Loads the toolset (with local tools beside it, when given) and returns its registry, events and warnings. */
async function gateway(
  options: Omit<McpToolsetOptions, 'onEvent' | 'logger'>,
  local: Function[] = [],
  module = toolsModule(),
) {
  const events = toolsetEvents();
  const warnings: string[] = [];
  const connected = events.next('connected');
  const remote = mcpToolset({
    ...options,
    onEvent: events.onEvent,
    logger: {
      debug: () => undefined,
      info: () => undefined,
      warn: (message, data) => warnings.push(`${message} ${JSON.stringify(data)}`),
      error: () => undefined,
    },
  });
  const c = new Container();
  await c.loadAsync(module, remote, ...(local.length > 0 ? [toolset({ name: 'local', tools: local })] : []));
  return { registry: c.get(ToolRegistry), module: remote, events, warnings, first: await connected };
}

async function codeAndMessage(promise: Promise<unknown>): Promise<[string, string]> {
  try {
    await promise;
    return ['resolved', ''];
  } catch (error) {
    return error instanceof ToolError ? [error.code, error.message] : [String(error), ''];
  }
}

const names = (registry: ToolRegistry, prefix: string) =>
  registry
    .list()
    .map((t) => t.name)
    .filter((n) => n.startsWith(prefix));

afterEach(() => {
  gates.later = false;
  gates.wide = false;
  gates.clash = false;
  gates.slowGone = false;
});

describe('mcpToolset in both eras', () => {
  it.each([
    ['auto', '2026-07-28'],
    ['modern', '2026-07-28'],
    ['legacy', '2025-11-25'],
  ] as const)('protocol %s reaches our endpoint in %s, lists and calls', async (protocol, version) => {
    await throughUpstream(
      (url) => gateway({ name: 'up', server: { url: url }, granted: PermissionSet.all(), protocol }),
      async (remote) => {
        expect(remote.first.protocolVersion).toBe(version);
        expect(names(remote.registry, 'up.')).toEqual([
          'up.hello',
          'up.wipe',
          'up.slow',
          'up.route',
          'up.results.read',
        ]);
        expect(await remote.registry.call('up.hello', {})).toBe('hello from upstream');
      },
    );
  });

  it('falls back to 2025-11-25 over stdio for a server that only speaks it (SDK 1.x), and refuses it when pinned', async () => {
    const server = {
      command: process.execPath,
      args: [fileURLToPath(new URL('./fixtures/changingServer.js', import.meta.url))],
      stderr: 'ignore' as const,
    };
    const remote = await gateway({ name: 'ch', server, granted: PermissionSet.all() });
    try {
      expect(remote.first.protocolVersion).toBe('2025-11-25');
      expect(await remote.registry.call('ch.target', { a: 'x' })).toBe('target ok');
    } finally {
      await remote.module.close();
    }
    const pinned = mcpToolset({ name: 'ch', server, granted: PermissionSet.all(), protocol: 'modern' });
    await expect(new Container().loadAsync(toolsModule(), pinned)).rejects.toThrow();
    await pinned.close();
  });

  it('refuses an unknown protocol at load, naming the choices', async () => {
    const module = mcpToolset({
      name: 'x',
      server: { url: 'http://127.0.0.1:9/mcp' },
      granted: PermissionSet.all(),
      protocol: '2026' as never,
    });
    await expect(new Container().loadAsync(toolsModule(), module)).rejects.toThrow(
      /protocol must be 'auto'.*'legacy'.*'modern'/,
    );
  });
});

describe("a remote's questions", () => {
  it('are refused by name when a 2026 server asks anyway (input_required), and the connection stays', async () => {
    const remote = await gateway({
      name: 'ask',
      server: {
        command: process.execPath,
        args: [fileURLToPath(new URL('./fixtures/askingServer.js', import.meta.url))],
        stderr: 'ignore',
      },
      granted: PermissionSet.all(),
      trustReadOnly: ['confirm', 'plain'],
    });
    try {
      expect(remote.first.protocolVersion).toBe('2026-07-28');
      const [code, text] = await codeAndMessage(remote.registry.call('ask.confirm', {}));
      expect(code).toBe('execution_failed');
      expect(text).toMatch(/the MCP server "ask" asked for input to finish "confirm" \(input_required\)/);
      expect(await remote.registry.call('ask.plain', {})).toBe('plain ok');
    } finally {
      await remote.module.close();
    }
  });

  it.each(['modern', 'legacy'] as const)(
    'are not asked of the gateway, which declares no elicitation (%s era): the remote refuses its own call',
    async (protocol) => {
      const http = await upstream();
      try {
        // Trusted as read-only here, so that the gateway itself asks nobody: the approval is the remote's.
        const remote = await gateway({
          name: 'up',
          server: { url: http.url },
          granted: PermissionSet.all(),
          protocol,
          trustReadOnly: ['wipe'],
        });
        try {
          const [code, text] = await codeAndMessage(remote.registry.call('up.wipe', {}));
          expect(code).toBe('execution_failed');
          expect(text).toMatch(/cannot ask for one \(it does not support elicitation\)/);
          expect(await remote.registry.call('up.hello', {})).toBe('hello from upstream');
        } finally {
          await remote.module.close();
        }
      } finally {
        await http.close();
      }
    },
  );
});

describe('the running registry follows the remote', () => {
  it.each(['modern', 'legacy'] as const)(
    'registers a tool added after load (%s era) in the registry and its views, under the toolset grant',
    async (protocol) => {
      await throughUpstream(
        (url) =>
          gateway({
            name: 'up',
            server: { url: url },
            granted: PermissionSet.none().grant('up:call'),
            protocol,
          }),
        async (remote) => {
          const view = remote.registry.view({ toolsets: ['up'] });
          const changed = remote.events.next('tools_changed');
          gates.later = true;
          expect(await changed).toMatchObject({ added: ['later'], refused: [], unavailable: [] });
          expect(remote.registry.get('up.later').definition).toMatchObject({
            toolset: 'up',
            permissions: ['up:call'],
            readOnly: true,
          });
          expect(await remote.registry.call('up.later', {})).toBe('later ran');
          expect(names(view, 'up.')).toContain('up.later');
          expect(await view.call('up.later', {})).toBe('later ran');
          // A caller's view made now has it; one whose grant lacks up:call is refused it, as for any remote tool.
          const ann = await remote.registry.forCaller({ caller: 'ann', permissions: PermissionSet.all() });
          expect(ann.list().map((t) => t.name)).toContain('up.later');
          const bob = await remote.registry.forCaller({ caller: 'bob', permissions: PermissionSet.none() });
          expect(bob.list().map((t) => t.name)).not.toContain('up.later');
          const [code] = await codeAndMessage(bob.call('up.later', {}));
          expect(code).toBe('permission_denied');
        },
      );
    },
  );

  it('refuses, with a warning, a tool added later past the limits or with a name a local tool holds', async () => {
    await throughUpstream(
      (url) =>
        gateway({ name: 'up', server: { url: url }, granted: PermissionSet.all(), limits: { maxEnumValues: 5 } }, [
          LocalClash,
        ]),
      async (remote) => {
        const wide = remote.events.next('tools_changed');
        gates.wide = true;
        expect(await wide).toMatchObject({ added: [], refused: ['wide'], unavailable: [] });
        expect(remote.registry.has('up.wide')).toBe(false);
        expect(remote.warnings).toEqual([expect.stringMatching(/a remote tool is refused.*"tool":"wide".*enum/)]);

        const clash = remote.events.next('tools_changed');
        gates.clash = true;
        // Each listing is taken whole: the wide tool is refused again beside the clashing one.
        expect(await clash).toMatchObject({ added: [], refused: ['wide', 'clash'], unavailable: [] });
        // The local tool keeps its name and its behaviour.
        expect(await remote.registry.call('up.clash', {})).toBe('local clash');
        expect(remote.registry.get('up.clash').definition.toolset).toBe('local');
        expect(remote.warnings.at(-1)).toMatch(/already used by a tool of another toolset/);
      },
    );
  });

  it('lists a recompiled tool with its new definition, not a listing kept from before', async () => {
    await throughUpstream(
      (url) => gateway({ name: 'up', server: { url: url }, granted: PermissionSet.all() }),
      async (remote) => {
        const before: ToolDefinition[] = remote.registry.definitions();
        const changed = remote.events.next('tools_changed');
        gates.later = true;
        await changed;
        const after = remote.registry.definitions();
        expect(after.length).toBe(before.length + 1);
        // Unchanged tools keep their compiled definitions: nothing is compiled again for a listing that did not change.
        expect(after.find((d) => d.name === 'up.hello')).toBe(before.find((d) => d.name === 'up.hello'));
      },
    );
  });

  it('keeps a caller view made before a tool turned destructive from calling it without the approval', async () => {
    const remote = await gateway(
      {
        name: 'hint',
        server: {
          command: process.execPath,
          args: [fileURLToPath(new URL('./fixtures/hintServer.js', import.meta.url))],
          stderr: 'ignore',
        },
        granted: PermissionSet.all(),
      },
      [],
      toolsModule({ approvals: { approve: () => false } }),
    );
    try {
      const before = await remote.registry.forCaller({ caller: 'ann' });
      expect(await before.call('hint.target', {})).toBe('target ran');
      const changed = remote.events.next('tools_changed');
      await remote.registry.call('hint.flip', {});
      await changed;
      expect(remote.registry.get('hint.target').definition.destructive).toBe(true);
      expect((await codeAndMessage(remote.registry.call('hint.target', {})))[0]).toBe('approval_denied');
      // The view's copy was compiled from the read-only listing: it is not called for the destructive tool.
      expect((await codeAndMessage(before.call('hint.target', {})))[0]).toBe('tool_unavailable');
    } finally {
      await remote.module.close();
    }
  });

  it('answers a call whose tool the remote drops while it runs with its result, not an error', async () => {
    await throughUpstream(
      (url) => gateway({ name: 'up', server: { url: url }, granted: PermissionSet.all() }),
      async (remote) => {
        const started = new Promise<void>((resolve) => {
          slowStarted.resolve = resolve;
        });
        const outcome = remote.registry.dispatch('up.slow', {});
        await started;
        const dropped = remote.events.next('tools_changed');
        gates.slowGone = true;
        expect(await dropped).toMatchObject({ unavailable: ['slow'] });
        expect(remote.registry.has('up.slow')).toBe(false);
        releaseSlow();
        expect(await outcome).toMatchObject({ ok: true, value: 'slow ran' });
      },
    );
  });

  it("imports a tool that declares x-mcp-header, lists its header again, and calls it through the SDK's mirroring", async () => {
    await throughUpstream(
      (url) => gateway({ name: 'up', server: { url: url }, granted: PermissionSet.all() }),
      async (remote) => {
        expect(remote.registry.get('up.route').definition.headers).toEqual({ region: 'Region' });
        expect(await remote.registry.call('up.route', { region: 'eu' })).toBe('routed to eu');
      },
    );
  });

  it("tells the gateway's own MCP clients when a remote tool's definition changes, not only its name", async () => {
    const remote = await gateway({
      name: 'ch',
      server: {
        command: process.execPath,
        args: [fileURLToPath(new URL('./fixtures/changingServer.js', import.meta.url))],
        stderr: 'ignore',
      },
      granted: PermissionSet.all(),
    });
    const watch = new AvailabilityWatch(remote.registry, 5);
    try {
      const before = watch.key();
      const changed = remote.events.next('tools_changed');
      await remote.registry.call('ch.flip', {});
      await changed;
      const flipped = watch.key();
      expect(flipped).not.toBe(before);
      // Flipped back: the same names as before, but target was compiled again.
      const back = remote.events.next('tools_changed');
      await remote.registry.call('ch.flip', {});
      await back;
      expect(names(remote.registry, 'ch.')).toEqual(['ch.flip', 'ch.target']);
      expect(watch.key()).not.toBe(before);
      expect(watch.key()).not.toBe(flipped);
    } finally {
      await remote.module.close();
    }
  });
});
