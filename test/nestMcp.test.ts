import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { type CanActivate, type ExecutionContext, Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { INestApplication } from '@nestjs/common';
import { Arg, PermissionSet, Permissions, Tool } from 'hermes-tools';
import { HermesToolsModule } from 'hermes-tools/nest';
import { AppModule } from '../samples/nest/AppModule.js';

interface User {
  readonly name: string;
  readonly admin: boolean;
}

@Injectable()
class UsersService {
  readonly #users = new Map<string, User>([
    ['ann-token', { name: 'ann', admin: true }],
    ['bob-token', { name: 'bob', admin: false }],
  ]);
  byToken(token: string | undefined): User | undefined {
    return token === undefined ? undefined : this.#users.get(token);
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
}

async function connect(url: URL, token: string): Promise<Client> {
  const client = new Client({ name: 'nest-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  return client;
}

describe('hermes-tools/nest MCP endpoint', () => {
  let app: INestApplication;
  let url: URL;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        UsersModule,
        HermesToolsModule.forRoot({
          imports: [UsersModule],
          toolsets: [{ name: 'users', tools: [UserTools], granted: PermissionSet.none().grant('users:delete') }],
          mcp: {
            path: '/mcp',
            guards: [TokenGuard],
            caller: (request) => {
              const user = (request as { user: User }).user;
              return { caller: user.name, permissions: user.admin ? PermissionSet.none().grant('users:delete') : PermissionSet.none() };
            },
          },
        }),
      ],
      providers: [UserTools],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.listen(0, '127.0.0.1');
    url = new URL(`http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/mcp`);
  });

  afterAll(async () => {
    await app.close();
  });

  it("lists and calls each user's tools through the SDK's own Client, behind the app's Nest guard", async () => {
    const ann = await connect(url, 'ann-token');
    const bob = await connect(url, 'bob-token');
    try {
      expect((await ann.listTools()).tools.map((tool) => tool.name)).toEqual(['users.hello', 'users.delete']);
      expect((await bob.listTools()).tools.map((tool) => tool.name)).toEqual(['users.hello']);
      const deleted = await ann.callTool({ name: 'users.delete', arguments: { name: 'carl' } });
      expect(deleted.isError).toBeFalsy();
      expect(JSON.stringify(deleted.content)).toContain('deleted carl');
      const refused = await bob.callTool({ name: 'users.delete', arguments: { name: 'carl' } });
      expect(refused.isError).toBe(true);
      expect(JSON.stringify(refused.content)).not.toContain('deleted');
    } finally {
      await ann.close();
      await bob.close();
    }
  });

  it('refuses a request the Nest guard rejects, and a GET on the stateless endpoint', async () => {
    await expect(connect(url, 'eve-token')).rejects.toThrow(/403/);
    const get = await fetch(url, { headers: { authorization: 'Bearer ann-token', accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
  });

  it('serves the Nest sample: its discovered tools, per user', async () => {
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
    const sample = moduleRef.createNestApplication({ logger: false });
    await sample.listen(0, '127.0.0.1');
    const endpoint = new URL(`http://127.0.0.1:${(sample.getHttpServer().address() as AddressInfo).port}/mcp`);
    const ann = await connect(endpoint, 'ann-token');
    const bob = await connect(endpoint, 'bob-token');
    try {
      expect((await ann.listTools()).tools.map((tool) => tool.name)).toEqual(['users.invite', 'users.list', 'users.remove']);
      expect((await bob.listTools()).tools.map((tool) => tool.name)).toEqual(['users.list']);
      const invited = await ann.callTool({ name: 'users.invite', arguments: { name: 'carl', email: 'carl@example.org' } });
      expect(JSON.stringify(invited.content)).toContain('invited carl');
      const invalid = await ann.callTool({ name: 'users.invite', arguments: { name: 'Carl!', email: 'nope' } });
      expect(invalid.isError).toBe(true);
      expect(JSON.stringify((await bob.callTool({ name: 'users.list', arguments: {} })).content)).toContain('carl');
    } finally {
      await ann.close();
      await bob.close();
      await sample.close();
    }
  });
});
