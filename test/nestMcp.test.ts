import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import {
  type CanActivate,
  type ExecutionContext,
  type INestApplication,
  Injectable,
  Module,
  UnauthorizedException,
} from '@nestjs/common';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { Client as ModernClient, StreamableHTTPClientTransport as ModernHttp } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  type CallToolResult,
  CallToolResultSchema,
  CreateTaskResultSchema,
  ElicitRequestSchema,
  LATEST_PROTOCOL_VERSION,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import {
  Arg,
  Ctx,
  PermissionSet,
  Permissions,
  Prompt,
  Requires,
  Resource,
  Tool,
  type ToolContext,
  ToolDefinitionError,
} from 'hermes-tools';
import { HermesToolsModule, type HermesToolsModuleOptions, type McpEndpointOptions } from 'hermes-tools/nest';
import { AppModule } from '../samples/nest/AppModule.js';
import { McpAppModule } from './fixtures/readmeNest.js';
import { deferred } from './support/deferred.js';
import { ManualClock } from './support/manualClock.js';

interface User {
  readonly id?: string;
  readonly name: string;
  readonly admin: boolean;
}

@Injectable()
class UsersService {
  readonly #users = new Map<string, User>([
    ['ann-token', { id: 'u1', name: 'ann', admin: true }],
    ['bob-token', { id: 'u2', name: 'bob', admin: false }],
    ['dan-token', { id: 'u4', name: 'dan', admin: false }],
    // A user with no id: the endpoint cannot tell who owns a session of hers.
    ['cat-token', { name: 'cat', admin: false }],
  ]);
  byToken(token: string | undefined): User | undefined {
    return token === undefined ? undefined : this.#users.get(token);
  }
  serverName(): string {
    return 'from-users-service';
  }
}

@Module({ providers: [UsersService], exports: [UsersService] })
class UsersModule {}

/** The app's own guard: a bearer token names a user, put on the request. */
@Injectable()
class TokenGuard implements CanActivate {
  constructor(private readonly users: UsersService) {}
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<{ headers: Record<string, string | undefined>; user?: User }>();
    const user = this.users.byToken(request.headers.authorization?.replace(/^Bearer /, ''));
    if (user === undefined) return false;
    request.user = user;
    return true;
  }
}

let auditOpen = false;

@Injectable()
class UserTools {
  @Tool({ name: 'users.hello', description: 'Says hello.' })
  hello(@Arg('greeting') greeting: string): string {
    return `${greeting}!`;
  }

  @Tool({ name: 'users.delete', description: 'Deletes a user.' })
  @Permissions('users:delete')
  remove(@Arg('name') name: string): string {
    return `deleted ${name}`;
  }

  @Tool({ name: 'users.whoami', description: 'Who the tool sees as the caller.' })
  whoami(@Ctx() ctx: ToolContext): string {
    return JSON.stringify(ctx.caller);
  }

  @Tool({ name: 'users.purge', description: 'Removes every user.', destructive: true })
  purge(): string {
    return 'purged';
  }

  @Resource({ uri: 'users://me', name: 'me', description: 'Who the caller is.', mimeType: 'text/plain' })
  me(@Ctx() ctx: ToolContext): string {
    return String(ctx.caller);
  }

  @Prompt({ name: 'users.offboard', description: 'Walks an admin through removing a user.' })
  @Permissions('users:delete')
  offboard(@Arg('name') name: string): string {
    return `Remove ${name}: revoke access, then delete.`;
  }
}

@Injectable()
@Tool({ name: 'users.audit', description: 'Reads the audit log.' })
@Requires({ check: () => auditOpen, description: 'the audit log' })
class AuditLog {
  execute(): string {
    return 'the log';
  }
}

const ADMIN = PermissionSet.none().grant('users:delete');
const byName: McpEndpointOptions['caller'] = (request) => {
  const user = (request as { user: User }).user;
  return { caller: user.name, permissions: user.admin ? ADMIN : PermissionSet.none() };
};

function root(mcp: McpEndpointOptions, options: HermesToolsModuleOptions = {}) {
  return HermesToolsModule.forRoot({
    imports: [UsersModule],
    toolsets: [{ name: 'users', tools: [UserTools, AuditLog], granted: ADMIN }],
    approvals: {},
    ...options,
    mcp: { guards: [TokenGuard], ...mcp },
  });
}

/** The HTTP adapters the endpoint is served on: Express (Nest's default) and Fastify. */
const ADAPTERS = ['express', 'fastify'] as const;
type AdapterName = (typeof ADAPTERS)[number];

async function listen(
  module: ReturnType<typeof HermesToolsModule.forRoot>,
  adapter: AdapterName = 'express',
): Promise<{ app: INestApplication; url: URL }> {
  const moduleRef = await Test.createTestingModule({
    imports: [UsersModule, module],
    providers: [UserTools, AuditLog],
  }).compile();
  const app =
    adapter === 'fastify'
      ? moduleRef.createNestApplication(new FastifyAdapter(), { logger: false })
      : moduleRef.createNestApplication({ logger: false });
  await app.listen(0, '127.0.0.1');
  return { app, url: new URL(`http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/mcp`) };
}

async function connect(
  url: URL,
  token: string,
  client = new Client({ name: 'nest-test', version: '1.0.0' }),
): Promise<Client> {
  await client.connect(
    new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
  );
  return client;
}

function sessionOf(client: Client): string {
  return (client.transport as StreamableHTTPClientTransport).sessionId!;
}

function names(listed: { tools: { name: string }[] }): string[] {
  return listed.tools.map((tool) => tool.name);
}

function text(result: unknown): string {
  return (result as CallToolResult).content.map((c) => (c.type === 'text' ? c.text : '')).join('');
}

/** A raw POST, as a client that does not follow the protocol would send it. */
function post(url: URL, headers: Record<string, string>, message: object): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(message),
  });
}

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

/** Resolves with the next session-closed event, and what it said. */
function nextClose(events: { closed: (id: string, reason: string) => void }): Promise<[string, string]> {
  return new Promise((resolve) => (events.closed = (id, reason) => resolve([id, reason])));
}

afterEach(() => {
  auditOpen = false;
});

describe.each(ADAPTERS)('hermes-tools/nest MCP endpoint on %s, with sessions (the default)', (adapter) => {
  let app: INestApplication;
  let url: URL;
  const opened: string[] = [];
  const events = { closed: (_id: string, _reason: string): void => undefined };

  beforeAll(async () => {
    ({ app, url } = await listen(
      root({
        caller: byName,
        listChangedIntervalMs: 10,
        onSessionOpened: (id) => opened.push(id),
        onSessionClosed: (id, reason) => events.closed(id, reason),
      }),
      adapter,
    ));
  });

  afterAll(async () => {
    await app.close();
  });

  it("opens one session per client and reuses it, listing and calling each user's tools behind the app's Nest guard", async () => {
    opened.length = 0;
    const ann = await connect(url, 'ann-token');
    const bob = await connect(url, 'bob-token');
    try {
      expect(opened).toEqual([sessionOf(ann), sessionOf(bob)]);
      expect(sessionOf(ann)).not.toBe(sessionOf(bob));
      expect(names(await ann.listTools())).toEqual([
        'users.hello',
        'users.delete',
        'users.whoami',
        'users.purge',
        'results.read',
      ]);
      expect(names(await bob.listTools())).toEqual(['users.hello', 'users.whoami', 'users.purge', 'results.read']);
      expect(text(await ann.callTool({ name: 'users.delete', arguments: { name: 'carl' } }))).toBe('deleted carl');
      const refused = await bob.callTool({ name: 'users.delete', arguments: { name: 'carl' } });
      expect(refused.isError).toBe(true);
      expect(text(refused)).not.toContain('deleted');
      // The tool sees the caller that mcp.caller gave, on every request of the session.
      expect(text(await ann.callTool({ name: 'users.whoami', arguments: {} }))).toBe('"ann"');
      expect(text(await bob.callTool({ name: 'users.whoami', arguments: {} }))).toBe('"bob"');
      // Six requests later, still the two sessions opened at initialize.
      expect(opened).toEqual([sessionOf(ann), sessionOf(bob)]);
    } finally {
      await ann.close();
      await bob.close();
    }
  });

  it("refuses a user presenting another user's session id (403), an unknown id (404), and a first request that is not initialize (400)", async () => {
    const ann = await connect(url, 'ann-token');
    try {
      const list = { jsonrpc: '2.0', id: 9, method: 'tools/list' };
      const hijack = await post(url, { authorization: 'Bearer bob-token', 'mcp-session-id': sessionOf(ann) }, list);
      expect(hijack.status).toBe(403);
      expect(JSON.stringify(await hijack.json())).toContain('opened with another identity');
      expect(
        (await post(url, { authorization: 'Bearer bob-token', 'mcp-session-id': 'no-such-session' }, list)).status,
      ).toBe(404);
      expect((await post(url, { authorization: 'Bearer bob-token' }, list)).status).toBe(400);
      // The Nest guard runs first: no token, no session of anyone's.
      expect((await post(url, { 'mcp-session-id': sessionOf(ann) }, list)).status).toBe(403);
      // Ann's session is untouched.
      expect(names(await ann.listTools())).toContain('users.delete');
    } finally {
      await ann.close();
    }
  });

  it('discovers @Resource and @Prompt providers like tools, each caller seeing what it may use', async () => {
    const ann = await connect(url, 'ann-token');
    const bob = await connect(url, 'bob-token');
    try {
      expect(await ann.readResource({ uri: 'users://me' })).toMatchObject({
        contents: [{ uri: 'users://me', text: 'ann' }],
      });
      expect(await bob.readResource({ uri: 'users://me' })).toMatchObject({ contents: [{ text: 'bob' }] });
      expect((await ann.listPrompts()).prompts.map((p) => p.name)).toEqual(['users.offboard']);
      expect((await bob.listPrompts()).prompts).toEqual([]);
      expect((await ann.getPrompt({ name: 'users.offboard', arguments: { name: 'cat' } })).messages).toEqual([
        { role: 'user', content: { type: 'text', text: 'Remove cat: revoke access, then delete.' } },
      ]);
      await expect(bob.getPrompt({ name: 'users.offboard', arguments: { name: 'cat' } })).rejects.toMatchObject({
        code: -32602,
      });
    } finally {
      await ann.close();
      await bob.close();
    }
  });

  it('ends a session on DELETE, and answers its id with 404 after', async () => {
    const ann = await connect(url, 'ann-token');
    const id = sessionOf(ann);
    const closed = nextClose(events);
    const transport = ann.transport as StreamableHTTPClientTransport;
    await transport.terminateSession();
    await expect(closed).resolves.toEqual([id, 'client']);
    const stale = await post(
      url,
      { authorization: 'Bearer ann-token', 'mcp-session-id': id },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
    );
    expect(stale.status).toBe(404);
    await ann.close();
  });

  it('tells a session on its GET stream when a tool becomes available', async () => {
    const ann = await connect(url, 'ann-token');
    try {
      expect(names(await ann.listTools())).not.toContain('users.audit');
      const changed = new Promise<void>((resolve) =>
        ann.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()),
      );
      auditOpen = true;
      await changed;
      expect(names(await ann.listTools())).toContain('users.audit');
      expect(text(await ann.callTool({ name: 'users.audit', arguments: {} }))).toBe('the log');
    } finally {
      await ann.close();
    }
  });

  it('asks the user to approve a destructive call, through elicitation in the session', async () => {
    const asked: string[] = [];
    const client = new Client({ name: 'approver', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push((request.params as { message: string }).message);
      return { action: 'accept', content: { approve: true } };
    });
    const ann = await connect(url, 'ann-token', client);
    try {
      expect(text(await ann.callTool({ name: 'users.purge', arguments: {} }))).toBe('purged');
      expect(asked).toEqual([expect.stringContaining('users.purge')]);
    } finally {
      await ann.close();
    }
  });

  it('refuses a foreign Origin with 403, answered through the adapter under test', async () => {
    const response = await post(url, { authorization: 'Bearer ann-token', origin: 'https://evil.example' }, INITIALIZE);
    expect(response.status).toBe(403);
    expect(JSON.stringify(await response.json())).toContain('allowedOrigins');
    // Served by the adapter under test: Express marks its responses, Fastify does not.
    expect(response.headers.get('x-powered-by')).toBe(adapter === 'express' ? 'Express' : null);
  });
});

describe.each(ADAPTERS)('hermes-tools/nest MCP session limits on %s', (adapter) => {
  it('answers 503 with Retry-After past maxSessions, and opens a session again once one ends', async () => {
    const { app, url } = await listen(root({ caller: byName, maxSessions: 2 }), adapter);
    try {
      const first = await connect(url, 'ann-token');
      const second = await connect(url, 'bob-token');
      // A third caller: ann's own second session would meet the per-caller cap (a quarter of maxSessions, at least 1)
      // first.
      const third = await post(url, { authorization: 'Bearer dan-token' }, INITIALIZE);
      expect(third.status).toBe(503);
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(JSON.stringify(await third.json())).toContain('maximum of 2 sessions');
      await (first.transport as StreamableHTTPClientTransport).terminateSession();
      await first.close();
      const again = await connect(url, 'ann-token');
      expect(names(await again.listTools())).toContain('users.delete');
      await Promise.all([again.close(), second.close()]);
    } finally {
      await app.close();
    }
  });

  it('closes a session left idle for sessionIdleMs, and every session when the app closes', async () => {
    const events = { closed: (_id: string, _reason: string): void => undefined };
    // Time passes only when the test moves the clock (the handler's internal seam, which the endpoint passes on):
    // connecting takes no idle time, however busy the machine.
    const clock = new ManualClock();
    const endpoint = {
      caller: byName,
      sessionIdleMs: 60_000,
      sessionClock: clock,
      onSessionClosed: (id: string, reason: string) => events.closed(id, reason),
    };
    const { app, url } = await listen(root(endpoint as McpEndpointOptions), adapter);
    const gone = nextClose(events);
    const idle = await connect(url, 'ann-token');
    const id = sessionOf(idle);
    // Abandoned: the client goes away without ending its session. Once the server has seen it go, a minute passes.
    await idle.close();
    await clock.advanceUntil(gone, 15_000);
    await expect(gone).resolves.toEqual([id, 'idle']);
    expect(
      (
        await post(
          url,
          { authorization: 'Bearer ann-token', 'mcp-session-id': id },
          { jsonrpc: '2.0', id: 2, method: 'tools/list' },
        )
      ).status,
    ).toBe(404);

    const open = await connect(url, 'bob-token');
    const shutdown = nextClose(events);
    await app.close();
    await expect(shutdown).resolves.toEqual([sessionOf(open), 'shutdown']);
    await open.close();
  });

  it("takes the default caller from request.user, binding its session to the user's id, and refuses a user it cannot tell apart", async () => {
    const { app, url } = await listen(root({}), adapter);
    try {
      const cat = await post(url, { authorization: 'Bearer cat-token' }, INITIALIZE);
      expect(cat.status).toBe(500);
      expect(JSON.stringify(await cat.json())).toContain('return { caller, permissions, principal }');
      const ann = await connect(url, 'ann-token');
      expect(JSON.parse(text(await ann.callTool({ name: 'users.whoami', arguments: {} })))).toEqual({
        id: 'u1',
        name: 'ann',
        admin: true,
      });
      const hijack = await post(
        url,
        { authorization: 'Bearer bob-token', 'mcp-session-id': sessionOf(ann) },
        { jsonrpc: '2.0', id: 3, method: 'tools/list' },
      );
      expect(hijack.status).toBe(403);
      await ann.close();
    } finally {
      await app.close();
    }
  });

  it('answers a Nest HttpException thrown by mcp.caller as Nest does', async () => {
    const { app, url } = await listen(
      root({
        caller: () => {
          throw new UnauthorizedException('no MCP for you');
        },
      }),
      adapter,
    );
    try {
      const response = await post(url, { authorization: 'Bearer ann-token' }, INITIALIZE);
      expect(response.status).toBe(401);
      expect(JSON.stringify(await response.json())).toContain('no MCP for you');
    } finally {
      await app.close();
    }
  });
});

describe.each(ADAPTERS)('hermes-tools/nest MCP endpoint on %s, stateless', (adapter) => {
  it("lists and calls each user's tools with no session, refuses GET and DELETE, and cannot ask for an approval", async () => {
    const opened: string[] = [];
    const { app, url } = await listen(
      root({ caller: byName, stateless: true, onSessionOpened: (id) => opened.push(id) }),
      adapter,
    );
    const ann = await connect(url, 'ann-token');
    const bob = await connect(url, 'bob-token');
    try {
      expect(sessionOf(ann)).toBeUndefined();
      expect(names(await ann.listTools())).toEqual([
        'users.hello',
        'users.delete',
        'users.whoami',
        'users.purge',
        'results.read',
      ]);
      expect(names(await bob.listTools())).toEqual(['users.hello', 'users.whoami', 'users.purge', 'results.read']);
      expect(text(await ann.callTool({ name: 'users.delete', arguments: { name: 'carl' } }))).toBe('deleted carl');
      expect((await bob.callTool({ name: 'users.delete', arguments: { name: 'carl' } })).isError).toBe(true);
      expect(text(await bob.callTool({ name: 'users.whoami', arguments: {} }))).toBe('"bob"');
      const invalid = await ann.callTool({ name: 'users.hello', arguments: { greeting: 1, extra: true } });
      expect(invalid.isError).toBe(true);
      expect(invalid._meta?.['hermes-tools/error']).toMatchObject({ code: 'invalid_input' });
      // No session, so no elicitation: the destructive call is refused, not run.
      const purge = await ann.callTool({ name: 'users.purge', arguments: {} });
      expect(purge.isError).toBe(true);
      expect(text(purge)).not.toBe('purged');
      for (const method of ['GET', 'DELETE']) {
        const response = await fetch(url, {
          method,
          headers: { authorization: 'Bearer ann-token', accept: 'text/event-stream' },
        });
        expect(response.status).toBe(405);
        expect(response.headers.get('allow')).toBe('POST');
      }
      expect(opened).toEqual([]);
    } finally {
      await ann.close();
      await bob.close();
      await app.close();
    }
  });

  it('refuses a request the Nest guard rejects', async () => {
    const { app, url } = await listen(root({ caller: byName, stateless: true }), adapter);
    try {
      await expect(connect(url, 'eve-token')).rejects.toThrow(/403/);
    } finally {
      await app.close();
    }
  });
});

@Injectable()
class ReportTools {
  @Tool({ name: 'reports.build', description: 'Builds a report; may run as a task.', task: 'optional' })
  build(@Arg('title') title: string, @Ctx() ctx: ToolContext): string {
    return `${title} for ${String(ctx.caller)}`;
  }
}

describe.each(ADAPTERS)('hermes-tools/nest MCP tasks on %s', (adapter) => {
  it.each([false, true])(
    'runs a task for its user, fetched in a later request and hidden from anyone else (stateless: %s)',
    async (stateless) => {
      const moduleRef = await Test.createTestingModule({
        imports: [
          UsersModule,
          root({ caller: byName, stateless }, { toolsets: [{ name: 'reports', tools: [ReportTools] }] }),
        ],
        providers: [ReportTools],
      }).compile();
      const app =
        adapter === 'fastify'
          ? moduleRef.createNestApplication(new FastifyAdapter(), { logger: false })
          : moduleRef.createNestApplication({ logger: false });
      await app.listen(0, '127.0.0.1');
      const url = new URL(`http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/mcp`);
      const ann = await connect(url, 'ann-token');
      const later = await connect(url, 'ann-token');
      const bob = await connect(url, 'bob-token');
      try {
        const { task } = await ann.request(
          { method: 'tools/call', params: { name: 'reports.build', arguments: { title: 'Q3' } } },
          CreateTaskResultSchema,
          { task: {} },
        );
        // Another connection (another session, or another stateless request) of the same user reads it.
        expect(text(await later.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema))).toBe(
          'Q3 for ann',
        );
        await expect(bob.experimental.tasks.getTask(task.taskId)).rejects.toThrow();
        expect((await bob.experimental.tasks.listTasks()).tasks).toEqual([]);
      } finally {
        await Promise.all([ann.close(), later.close(), bob.close()]);
        await app.close();
      }
    },
  );
});

describe('hermes-tools/nest MCP endpoint options', () => {
  it('serves MCP from forRootAsync, its registry options made by a factory that injects a Nest service', async () => {
    const module = HermesToolsModule.forRootAsync({
      imports: [UsersModule],
      inject: [UsersService],
      useFactory: (users: UsersService) => ({
        toolsets: [{ name: users.serverName(), tools: [UserTools], granted: ADMIN }],
      }),
      mcp: {
        guards: [TokenGuard],
        caller: byName,
        name: 'async-server',
        version: '2.0.0',
        instructions: 'Ask before deleting anyone.',
        pageSize: 2,
      },
    });
    const { app, url } = await listen(module);
    const ann = await connect(url, 'ann-token');
    const bob = await connect(url, 'bob-token');
    try {
      expect(ann.getServerVersion()).toMatchObject({ name: 'async-server', version: '2.0.0' });
      expect(ann.getInstructions()).toBe('Ask before deleting anyone.');
      // Pages of two, as pageSize says.
      const first = await ann.listTools();
      expect(names(first)).toEqual(['users.hello', 'users.delete']);
      expect(names(await ann.listTools({ cursor: first.nextCursor! }))).toEqual(['users.whoami', 'users.purge']);
      expect(names(await bob.listTools())).toEqual(['users.hello', 'users.whoami']);
      expect(text(await ann.callTool({ name: 'users.delete', arguments: { name: 'dan' } }))).toBe('deleted dan');
      expect(sessionOf(ann)).toEqual(expect.any(String));
    } finally {
      await Promise.all([ann.close(), bob.close()]);
      await app.close();
    }
  });

  it('fails the startup with one ToolDefinitionError on bad mcp options, and on an mcp returned by the factory', async () => {
    const startup = async (module: ReturnType<typeof HermesToolsModule.forRoot>): Promise<unknown> => {
      const moduleRef = await Test.createTestingModule({ imports: [module] }).compile();
      const app = moduleRef.createNestApplication({ logger: false });
      return app.init().then(
        () => app.close(),
        (error: unknown) => error,
      );
    };
    const bad = await startup(
      HermesToolsModule.forRoot({
        mcp: { maxSessions: 0, sessionIdleMs: Number.NaN, pageSize: 0, caller: 'user' as never },
      }),
    );
    expect(bad).toBeInstanceOf(ToolDefinitionError);
    expect((bad as ToolDefinitionError).problems).toEqual([
      expect.stringMatching(/HermesToolsModule mcp.*sessionIdleMs must be a number greater than 0, got NaN/),
      expect.stringMatching(/maxSessions must be a number greater than 0, got 0/),
      expect.stringMatching(/pageSize must be a number of at least 1/),
      expect.stringMatching(/caller must be a function/),
    ]);
    const late = await startup(HermesToolsModule.forRootAsync({ useFactory: () => ({ mcp: { path: '/late' } }) }));
    expect(late).toBeInstanceOf(ToolDefinitionError);
    expect((late as ToolDefinitionError).problems).toEqual([
      expect.stringContaining('give mcp to forRootAsync itself'),
    ]);
  });
});

describe('hermes-tools/nest MCP endpoint, failing closed', () => {
  it('refuses every request whose mcp.caller answer is not an identity, or has permissions that are not a PermissionSet, naming the hook', async () => {
    const answers: Record<string, unknown> = { bob: { caller: 'bob', permissions: ['users:delete'] }, ann: undefined };
    const { app, url } = await listen(
      root({ caller: (request) => answers[(request as { user: User }).user.name] as never }),
    );
    try {
      const wrongPermissions = await post(url, { authorization: 'Bearer bob-token' }, INITIALIZE);
      expect(wrongPermissions.status).toBe(500);
      expect(JSON.stringify(await wrongPermissions.json())).toContain(
        'mcp.caller(request) returned permissions that are not a PermissionSet',
      );
      const nothing = await post(url, { authorization: 'Bearer ann-token' }, INITIALIZE);
      expect(nothing.status).toBe(500);
      expect(JSON.stringify(await nothing.json())).toContain('mcp.caller(request) returned undefined');
    } finally {
      await app.close();
    }
  });

  it("logs a request it cannot handle through Nest's Logger, and answers 500 saying the server logged why", async () => {
    const logged: string[] = [];
    const logger = {
      log: () => undefined,
      warn: () => undefined,
      error: (message: unknown) => void logged.push(String(message)),
    };
    const module = root({
      caller: byName,
      onSessionOpened: () => {
        throw new Error('the metrics backend is down');
      },
    });
    const moduleRef = await Test.createTestingModule({
      imports: [UsersModule, module],
      providers: [UserTools, AuditLog],
    }).compile();
    const app = moduleRef.createNestApplication({ logger });
    try {
      await app.listen(0, '127.0.0.1');
      const url = new URL(`http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/mcp`);
      const response = await post(url, { authorization: 'Bearer ann-token' }, INITIALIZE);
      expect(response.status).toBe(500);
      expect(JSON.stringify(await response.json())).toContain('the server logged why');
      expect(logged).toEqual([expect.stringContaining('the metrics backend is down')]);
    } finally {
      await app.close();
    }
  });

  it('reads its options as own keys: a polluted Object.prototype lets no origin in and names no caller', async () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto.allowedOrigins = ['https://evil.example'];
    proto.caller = () => ({ caller: 'root', permissions: PermissionSet.all() });
    let module: ReturnType<typeof HermesToolsModule.forRoot>;
    try {
      module = HermesToolsModule.forRoot({
        imports: [UsersModule],
        toolsets: [{ name: 'users', tools: [UserTools], granted: ADMIN }],
        mcp: { guards: [TokenGuard] },
      });
    } finally {
      delete proto.allowedOrigins;
      delete proto.caller;
    }
    const { app, url } = await listen(module);
    try {
      const evil = await post(url, { authorization: 'Bearer bob-token', origin: 'https://evil.example' }, INITIALIZE);
      expect(evil.status).toBe(403);
      const bob = await connect(url, 'bob-token');
      try {
        // The default caller, request.user: not the one on the prototype.
        expect(JSON.parse(text(await bob.callTool({ name: 'users.whoami', arguments: {} })))).toEqual({
          id: 'u2',
          name: 'bob',
          admin: false,
        });
      } finally {
        await bob.close();
      }
    } finally {
      await app.close();
    }
  });
});

describe('the Nest sample', () => {
  it('serves its discovered tools per user, in sessions', async () => {
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
    const sample = moduleRef.createNestApplication({ logger: false });
    await sample.listen(0, '127.0.0.1');
    const endpoint = new URL(`http://127.0.0.1:${(sample.getHttpServer().address() as AddressInfo).port}/mcp`);
    const ann = await connect(endpoint, 'ann-token');
    const bob = await connect(endpoint, 'bob-token');
    try {
      expect(sessionOf(ann)).toEqual(expect.any(String));
      expect(names(await ann.listTools())).toEqual(['users.invite', 'users.list', 'users.remove', 'results.read']);
      expect(names(await bob.listTools())).toEqual(['users.list', 'results.read']);
      const invited = await ann.callTool({
        name: 'users.invite',
        arguments: { name: 'carl', email: 'carl@example.org' },
      });
      expect(text(invited)).toContain('invited carl');
      const invalid = await ann.callTool({ name: 'users.invite', arguments: { name: 'Carl!', email: 'nope' } });
      expect(invalid.isError).toBe(true);
      expect(text(await bob.callTool({ name: 'users.list', arguments: {} }))).toContain('carl');
    } finally {
      await ann.close();
      await bob.close();
      await sample.close();
    }
  });
});

describe("the README's MCP module", () => {
  it('serves its tools in a session of the user its guard let in, and refuses anyone else', async () => {
    const moduleRef = await Test.createTestingModule({ imports: [McpAppModule] }).compile();
    const app = moduleRef.createNestApplication({ logger: false });
    await app.listen(0, '127.0.0.1');
    const endpoint = new URL(`http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/mcp`);
    const ann = await connect(endpoint, 'ann-token');
    try {
      expect(sessionOf(ann)).toEqual(expect.any(String));
      expect(names(await ann.listTools())).toEqual(['users.find', 'results.read']);
      expect(text(await ann.callTool({ name: 'users.find', arguments: { id: '1' } }))).toBe('Ann');
      await expect(connect(endpoint, 'bob-token')).rejects.toThrow(/403/);
    } finally {
      await ann.close();
      await app.close();
    }
  });
});

describe.each(
  ADAPTERS.flatMap((adapter) => [
    [adapter, 'sessions', false],
    [adapter, 'stateless', true],
  ]) as [AdapterName, string, boolean][],
)('hermes-tools/nest MCP endpoint on %s (%s), to a 2026-07-28 client', (adapter, _mode, stateless) => {
  it("lists each user's tools (private), calls with the user as caller, asks an approval through input_required, and serves each user's resources and prompts", async () => {
    const { app, url } = await listen(root({ caller: byName, stateless }), adapter);
    const clients: ModernClient[] = [];
    try {
      const modern = async (token: string): Promise<ModernClient> => {
        const client = new ModernClient(
          { name: 'nest-modern', version: '2.4.0' },
          { versionNegotiation: { mode: { pin: '2026-07-28' } }, capabilities: { elicitation: { form: {} } } },
        );
        client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: { approve: true } }));
        clients.push(client);
        await client.connect(new ModernHttp(url, { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
        return client;
      };
      const ann = await modern('ann-token');
      const bob = await modern('bob-token');
      expect(ann.getProtocolEra()).toBe('modern');
      const listed = (await ann.listTools()) as Awaited<ReturnType<ModernClient['listTools']>> & {
        cacheScope?: string;
      };
      expect(names(listed)).toContain('users.delete');
      expect(listed.cacheScope).toBe('private');
      expect(names(await bob.listTools())).not.toContain('users.delete');
      expect(JSON.parse(text(await bob.callTool({ name: 'users.whoami', arguments: {} })))).toBe('bob');
      expect(text(await ann.callTool({ name: 'users.purge', arguments: {} }))).toBe('purged');
      const invalid = await ann.callTool({ name: 'users.hello', arguments: { greeting: 1, extra: true } });
      expect(invalid.isError).toBe(true);
      expect(invalid._meta?.['hermes-tools/error']).toMatchObject({ code: 'invalid_input' });
      // @Resource and @Prompt providers, each caller seeing what it may use.
      expect(await ann.readResource({ uri: 'users://me' })).toMatchObject({ contents: [{ text: 'ann' }] });
      expect(await bob.readResource({ uri: 'users://me' })).toMatchObject({ contents: [{ text: 'bob' }] });
      expect((await ann.listPrompts()).prompts.map((p) => p.name)).toEqual(['users.offboard']);
      expect((await bob.listPrompts()).prompts).toEqual([]);
      await expect(bob.getPrompt({ name: 'users.offboard', arguments: { name: 'cat' } })).rejects.toMatchObject({
        code: -32602,
      });
    } finally {
      for (const client of clients) await client.close();
      await app.close();
    }
  });
});

/** Settles when a `work.slow` call has seen its cancellation; made anew by each test that waits on it. */
let slowAborted = deferred();

@Injectable()
@Tool({ name: 'work.slow', description: 'Reports progress, then waits until its call is cancelled.' })
class SlowWork {
  async execute(@Ctx() ctx: ToolContext): Promise<string> {
    ctx.progress(1, 2, 'started');
    await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve(), { once: true }));
    slowAborted.resolve();
    return 'cancelled';
  }
}

describe.each([
  ['2025-11-25', 'sessions', false],
  ['2025-11-25', 'stateless', true],
  ['2026-07-28', 'sessions', false],
  ['2026-07-28', 'stateless', true],
] as const)('hermes-tools/nest MCP endpoint, %s client (%s): progress and cancellation', (era, _mode, stateless) => {
  it('relays progress, and a call the client cancels reaches its handler as an aborted signal', async () => {
    slowAborted = deferred();
    const module = HermesToolsModule.forRoot({
      imports: [UsersModule],
      toolsets: [{ name: 'work', tools: [SlowWork] }],
      mcp: { guards: [TokenGuard], caller: byName, stateless },
    });
    const moduleRef = await Test.createTestingModule({
      imports: [UsersModule, module],
      providers: [SlowWork],
    }).compile();
    const app = moduleRef.createNestApplication({ logger: false });
    await app.listen(0, '127.0.0.1');
    const url = new URL(`http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/mcp`);
    const client =
      era === '2025-11-25'
        ? new Client({ name: 'nest-legacy', version: '1.0.0' })
        : new ModernClient({ name: 'nest-modern', version: '2.4.0' }, { versionNegotiation: { mode: { pin: era } } });
    try {
      const headers = { authorization: 'Bearer ann-token' };
      if (client instanceof ModernClient) await client.connect(new ModernHttp(url, { requestInit: { headers } }));
      else await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
      let progressed: (value: number) => void = () => undefined;
      const progress = new Promise<number>((resolve) => {
        progressed = resolve;
      });
      const controller = new AbortController();
      const options = { signal: controller.signal, onprogress: (p: { progress: number }) => progressed(p.progress) };
      const params = { name: 'work.slow', arguments: {} };
      // The 1.x client takes a result schema before its options.
      const call =
        client instanceof ModernClient ? client.callTool(params, options) : client.callTool(params, undefined, options);
      expect(await progress).toBe(1);
      controller.abort();
      await expect(call).rejects.toThrow();
      await slowAborted.promise;
    } finally {
      await client.close();
      await app.close();
    }
  });
});
