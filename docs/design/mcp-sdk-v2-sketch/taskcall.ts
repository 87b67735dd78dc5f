// Task-augmented tools/call (2025-11-25) answered with CreateTaskResult by a v2 Server, legacy era.
import { Server, InMemoryTransport, type JSONRPCRequest, type ServerContext, type Result } from '@modelcontextprotocol/server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CreateTaskResultSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Transport as V1Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

type Wrapped = (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>;
/** Lets a task-augmented tools/call answer CreateTaskResult (v2 validates every tools/call result as CallToolResult). */
class TaskServer extends Server {
  protected override _wrapHandler(method: string, handler: Wrapped): Wrapped {
    const wrapped = super._wrapHandler(method, handler);
    if (method !== 'tools/call' || process.env.NO_OVERRIDE) return wrapped;
    return (request, ctx) => ((request.params as { task?: unknown } | undefined)?.task !== undefined ? handler(request, ctx) : wrapped(request, ctx));
  }
}
const server = new TaskServer({ name: 'tasks', version: '1' }, { capabilities: { tools: {}, tasks: { requests: { tools: { call: {} } } } } });
server.setRequestHandler('tools/list', async () => ({ tools: [{ name: 'slow', inputSchema: { type: 'object' }, execution: { taskSupport: 'optional' } }] }));
server.setRequestHandler('tools/call', async (req) => {
  console.log('handler sees params.task =', JSON.stringify((req.params as { task?: unknown }).task));
  const now = new Date().toISOString();
  return { task: { taskId: 'T1', status: 'working', ttl: 1000, createdAt: now, lastUpdatedAt: now } } as never;
});
const [a, b] = InMemoryTransport.createLinkedPair();
await server.connect(a);
const client = new Client({ name: 'v1', version: '1' });
await client.connect(b as unknown as V1Transport);
try {
  const r = await client.request({ method: 'tools/call', params: { name: 'slow', arguments: {}, task: { ttl: 1000 } } }, CreateTaskResultSchema);
  console.log('CreateTaskResult ->', JSON.stringify(r));
} catch (e) {
  console.log('task call failed:', (e as Error).message);
}
await client.close();
