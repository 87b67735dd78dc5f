import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { type CanActivate, type ExecutionContext, type INestApplication, Injectable } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { Tool } from 'hermes-tools';
import { HermesToolsModule, type McpEndpointOptions } from 'hermes-tools/nest';

// The Nest endpoint serves MCP through the same handler as serveHttp, behind the app's own guard:
// one that lets anonymous callers in gives that handler requests with a principal and without.

/** Names the caller from its bearer token, and lets a request without one in, as an anonymous caller. */
@Injectable()
class OptionalUser implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<{ headers: Record<string, string | undefined>; user?: string }>();
    const name = request.headers.authorization?.replace(/^Bearer /, '');
    if (name !== undefined) request.user = name;
    return true;
  }
}

@Injectable()
class Greeter {
  @Tool({ name: 'hello', description: 'Says hello.' })
  hello(): string {
    return 'hello';
  }
}

/** What a test opened, closed after it even when it failed. */
const opened: INestApplication[] = [];

afterEach(async () => {
  for (const app of opened.splice(0).reverse()) await app.close();
});

async function listen(mcp: McpEndpointOptions): Promise<URL> {
  const module = HermesToolsModule.forRoot({
    toolsets: [{ name: 'greet', tools: [Greeter] }],
    mcp: { guards: [OptionalUser], ...mcp },
  });
  const moduleRef = await Test.createTestingModule({ imports: [module], providers: [Greeter] }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  opened.push(app);
  await app.listen(0, '127.0.0.1');
  return new URL(`http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/mcp`);
}

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
const LIST = { jsonrpc: '2.0', id: 2, method: 'tools/list' };

async function open(url: URL, headers: Record<string, string>): Promise<string> {
  const init = await post(url, headers, INITIALIZE);
  expect(init.status).toBe(200);
  await init.text();
  const id = init.headers.get('mcp-session-id')!;
  expect(id).toEqual(expect.any(String));
  expect(
    (await post(url, { ...headers, 'mcp-session-id': id }, { jsonrpc: '2.0', method: 'notifications/initialized' }))
      .status,
  ).toBe(202);
  return id;
}

describe('the MCP session owner, through the Nest endpoint', () => {
  it("never lets an anonymous caller use a user's session, nor a user an anonymous one", async () => {
    const url = await listen({});
    const ann = await open(url, { authorization: 'Bearer ann' });
    const anonymous = await open(url, {});
    const intruder = await post(url, { 'mcp-session-id': ann }, LIST);
    expect(intruder.status).toBe(403);
    expect(JSON.stringify(await intruder.json())).toContain('opened with another identity');
    expect((await post(url, { authorization: 'Bearer ann', 'mcp-session-id': anonymous }, LIST)).status).toBe(403);
    // Each still uses its own.
    expect((await post(url, { authorization: 'Bearer ann', 'mcp-session-id': ann }, LIST)).status).toBe(200);
    expect((await post(url, { 'mcp-session-id': anonymous }, LIST)).status).toBe(200);
  });

  it('caps the sessions of one principal at maxSessionsPerPrincipal, with 429, and no one else', async () => {
    const url = await listen({ maxSessionsPerPrincipal: 2 });
    await open(url, { authorization: 'Bearer ann' });
    await open(url, { authorization: 'Bearer ann' });
    const refused = await post(url, { authorization: 'Bearer ann' }, INITIALIZE);
    expect(refused.status).toBe(429);
    expect(JSON.stringify(await refused.json())).toContain('maxSessionsPerPrincipal');
    await open(url, { authorization: 'Bearer bob' });
    await expect(listen({ maxSessionsPerPrincipal: 0 })).rejects.toThrow(
      /maxSessionsPerPrincipal must be a number greater than 0/,
    );
  });

  it('reads the session limits as own keys only', async () => {
    const polluted = Object.prototype as Record<string, unknown>;
    const values = { maxSessions: 1, maxSessionsPerPrincipal: 1, stateless: true };
    // Not enumerable: an enumerable key breaks the SDK's and Nest's own for…in loops, which is not what is tested here.
    for (const [key, value] of Object.entries(values))
      Object.defineProperty(polluted, key, { value, configurable: true, writable: true });
    try {
      const url = await listen({});
      await open(url, { authorization: 'Bearer ann' });
      await open(url, { authorization: 'Bearer ann' });
      await open(url, {});
    } finally {
      for (const key of Object.keys(values)) delete polluted[key];
    }
  });
});
