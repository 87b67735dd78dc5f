import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import {
  ElicitRequestSchema,
  type CallToolResult,
  type ElicitRequest,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import { Arg, Tool, toolset, toolsModule, type ToolRegistry } from 'hermes-tools';
import { createMcpServer, serveHttp } from 'hermes-tools/mcp';
import { buildRegistry } from './support/buildRegistry.js';

const dropped: string[] = [];

@Tool({ name: 'db.drop', description: 'Drops a table and every row in it.', destructive: true })
class DropTable {
  execute(@Arg('table') table: string): string {
    dropped.push(table);
    return `dropped ${table}`;
  }
}

async function registry(): Promise<ToolRegistry> {
  return (await buildRegistry(toolsModule({ approvals: {} }), toolset({ name: 'db', tools: [DropTable] }))).registry;
}

function elicitingClient(answer: (request: ElicitRequest) => ElicitResult, asked: ElicitRequest[]): Client {
  const client = new Client({ name: 'approver', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
  client.setRequestHandler(ElicitRequestSchema, (request) => {
    asked.push(request);
    return answer(request);
  });
  return client;
}

async function connectInMemory(client: Client): Promise<void> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createMcpServer(await registry(), { name: 't', version: '1.0.0' }).connect(serverSide);
  await client.connect(clientSide);
}

function outcome(result: unknown): { isError: boolean; code: string | undefined; text: string } {
  const r = result as CallToolResult;
  const meta = r._meta?.['hermes-tools/error'] as { code?: string } | undefined;
  return {
    isError: r.isError === true,
    code: meta?.code,
    text: r.content.map((c) => (c.type === 'text' ? c.text : '')).join(''),
  };
}

describe('approvals over MCP, asked through elicitation', () => {
  beforeEach(() => {
    dropped.length = 0;
  });

  it('runs the tool when the user accepts, after showing the tool, what it does and the input', async () => {
    const asked: ElicitRequest[] = [];
    const client = elicitingClient(() => ({ action: 'accept', content: { approve: true } }), asked);
    await connectInMemory(client);
    const result = outcome(await client.callTool({ name: 'db.drop', arguments: { table: 'logs' } }));
    expect(result).toMatchObject({ isError: false, text: 'dropped logs' });
    expect(asked).toHaveLength(1);
    const message = (asked[0]!.params as { message: string }).message;
    expect(message).toContain('db.drop');
    expect(message).toContain('Drops a table and every row in it.');
    expect(message).toContain('{"table":"logs"}');
    await client.close();
  });

  it.each([
    ['decline', { action: 'decline' } as ElicitResult, 'the user declined it'],
    ['cancel', { action: 'cancel' } as ElicitResult, 'the user dismissed the request'],
    ['accept without a yes', { action: 'accept', content: { approve: false } } as ElicitResult, 'the user declined it'],
  ])('refuses with approval_denied on %s', async (_what, answer, reason) => {
    const client = elicitingClient(() => answer, []);
    await connectInMemory(client);
    const result = outcome(await client.callTool({ name: 'db.drop', arguments: { table: 'logs' } }));
    expect(result).toMatchObject({ isError: true, code: 'approval_denied' });
    expect(result.text).toContain(reason);
    expect(dropped).toEqual([]);
    await client.close();
  });

  it('refuses a client without elicitation, saying it cannot give the approval', async () => {
    const client = new Client({ name: 'plain', version: '1.0.0' });
    await connectInMemory(client);
    const result = outcome(await client.callTool({ name: 'db.drop', arguments: { table: 'logs' } }));
    expect(result).toMatchObject({ isError: true, code: 'approval_denied' });
    expect(result.text).toContain('this MCP client cannot ask for one');
    expect(dropped).toEqual([]);
    await client.close();
  });

  it("asks over Streamable HTTP too, on the call's own stream", async () => {
    const http = await serveHttp(await registry(), { name: 't', version: '1.0.0', port: 0 });
    const asked: ElicitRequest[] = [];
    const client = elicitingClient(() => ({ action: 'accept', content: { approve: true } }), asked);
    try {
      await client.connect(new StreamableHTTPClientTransport(http.url));
      expect(outcome(await client.callTool({ name: 'db.drop', arguments: { table: 'audit' } }))).toMatchObject({
        isError: false,
        text: 'dropped audit',
      });
      expect(asked).toHaveLength(1);
    } finally {
      await client.close();
      await http.close();
    }
  });

  it("keeps the operator's approver: a module approver that refuses is not replaced by a client that accepts elicitation", async () => {
    const operatorAsked: string[] = [];
    const { registry: guarded } = await buildRegistry(
      toolsModule({
        approvals: {
          approve: ({ tool }) => {
            operatorAsked.push(tool.name);
            return 'the operator allows no drops today';
          },
        },
      }),
      toolset({ name: 'db', tools: [DropTable] }),
    );
    const asked: ElicitRequest[] = [];
    const client = elicitingClient(() => ({ action: 'accept', content: { approve: true } }), asked);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const server = createMcpServer(guarded, { name: 't', version: '1.0.0', listChangedIntervalMs: 0 });
    try {
      await server.connect(serverSide);
      await client.connect(clientSide);
      const result = outcome(await client.callTool({ name: 'db.drop', arguments: { table: 'users' } }));
      expect(result).toMatchObject({ isError: true, code: 'approval_denied' });
      expect(result.text).toContain('the operator allows no drops today');
      expect([operatorAsked, asked, dropped]).toEqual([['db.drop'], [], []]);
    } finally {
      await client.close();
      await server.close();
    }
  });
});
