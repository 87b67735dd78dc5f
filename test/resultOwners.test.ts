// Who may read a result cut to fit its budget, over MCP: the principal that produced it, from any of
// its sessions and after the one that made it has ended; without a principal, only its session or
// connection. Anyone else is told the id is unknown.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Tool, toolset, toolsModule, type ToolRegistry } from 'hermes-tools';
import { createMcpServer, type McpHttpAuth, serveHttp } from 'hermes-tools/mcp';
import { buildRegistry } from './support/buildRegistry.js';

@Tool({ name: 'logs.tail', description: 'The last lines of the log: far more than a model should read at once.' })
class TailLogs {
  execute(): string {
    return 'L'.repeat(5_000);
  }
}

const auth: McpHttpAuth = {
  verify: (token) =>
    token === 'ann-token'
      ? { principal: 'ann', scopes: [] }
      : token === 'bob-token'
        ? { principal: 'bob', scopes: [] }
        : undefined,
};

let registry: ToolRegistry;
beforeAll(async () => {
  ({ registry } = await buildRegistry(
    toolsModule({ results: { maxChars: 1_000 } }),
    toolset({ name: 'logs', tools: [TailLogs] }),
  ));
});

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

function text(result: unknown): string {
  return (result as CallToolResult).content.map((c) => (c.type === 'text' ? c.text : '')).join('');
}

/** Calls the tool and returns the id its "read the whole result" note names. */
async function cutResultId(client: Client): Promise<string> {
  const id = /results\.read\(\{"id":"([^"]+)"\}\)/.exec(
    text(await client.callTool({ name: 'logs.tail', arguments: {} })),
  )?.[1];
  if (id === undefined) throw new Error('expected the result to be cut, with an id to read it by');
  return id;
}

async function read(client: Client, id: string): Promise<{ ok: boolean; text: string }> {
  const result = (await client.callTool({ name: 'results.read', arguments: { id } })) as CallToolResult;
  return { ok: result.isError !== true, text: text(result) };
}

describe('results.read over MCP', () => {
  it('serves a cut result to its principal from another session, and after its own session ended; to another principal it is unknown', async () => {
    const http = await serveHttp(registry, {
      name: 'owners',
      version: '1.0.0',
      port: 0,
      listChangedIntervalMs: 0,
      auth,
    });
    open.push(http);
    const session = async (token: string): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> => {
      const client = new Client({ name: 'reader', version: '1.0.0' });
      open.push(client);
      const transport = new StreamableHTTPClientTransport(http.url, {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      });
      await client.connect(transport);
      return { client, transport };
    };
    const first = await session('ann-token');
    const id = await cutResultId(first.client);
    const second = await session('ann-token');
    expect(await read(second.client, id)).toMatchObject({
      ok: true,
      text: expect.stringContaining('"totalChars":5002'),
    });

    await first.transport.terminateSession();
    const third = await session('ann-token');
    expect((await read(third.client, id)).ok).toBe(true);

    const bob = await session('bob-token');
    expect(await read(bob.client, id)).toEqual({
      ok: false,
      text: expect.stringMatching(/id is not the id of a result you can read/),
    });
  });

  it('keeps a result without a principal to its session, or its connection: another one, of the same client name, cannot read it', async () => {
    const http = await serveHttp(registry, { name: 'owners', version: '1.0.0', port: 0, listChangedIntervalMs: 0 });
    open.push(http);
    const session = async (): Promise<Client> => {
      const client = new Client({ name: 'same-name', version: '1.0.0' });
      open.push(client);
      await client.connect(new StreamableHTTPClientTransport(http.url));
      return client;
    };
    const mySession = await session();
    const sessionResult = await cutResultId(mySession);
    expect((await read(mySession, sessionResult)).ok).toBe(true);
    expect((await read(await session(), sessionResult)).ok).toBe(false);

    const connect = async (): Promise<Client> => {
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      const server = createMcpServer(registry, { name: 'owners', version: '1.0.0', listChangedIntervalMs: 0 });
      open.push(server);
      await server.connect(serverSide);
      const client = new Client({ name: 'same-name', version: '1.0.0' });
      open.push(client);
      await client.connect(clientSide);
      return client;
    };
    const mine = await connect();
    const id = await cutResultId(mine);
    expect((await read(mine, id)).ok).toBe(true);
    expect(await read(await connect(), id)).toEqual({
      ok: false,
      text: expect.stringMatching(/id is not the id of a result you can read/),
    });
  });
});
