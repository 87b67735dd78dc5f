// Can a v2 low-level Server still answer the 2025-11-25 task methods (tasks/get etc.)?
import { Server, InMemoryTransport } from '@modelcontextprotocol/server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { GetTaskResultSchema as V1GetTaskResult, ListTasksResultSchema as V1ListTasks } from '@modelcontextprotocol/sdk/types.js';
import { GetTaskRequestSchema, ListTasksRequestSchema, GetTaskResultSchema, ListTasksResultSchema } from '@modelcontextprotocol/core';
import type { Transport as V1Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

const server = new Server(
  { name: 'tasks', version: '1' },
  { capabilities: { tools: {}, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } } },
);
server.setRequestHandler('tools/list', async () => ({ tools: [] }));
try {
  server.setRequestHandler('tasks/get', { params: GetTaskRequestSchema.shape.params, result: GetTaskResultSchema }, async (params) => ({
    taskId: params.taskId, status: 'working' as const, ttl: 60000, createdAt: new Date().toISOString(), lastUpdatedAt: new Date().toISOString(),
  }));
  server.setRequestHandler('tasks/list', { params: ListTasksRequestSchema.shape.params, result: ListTasksResultSchema }, async () => ({ tasks: [] }));
  console.log('registered tasks/get, tasks/list via 3-arg form');
} catch (e) {
  console.log('register failed:', (e as Error).message);
}
const [a, b] = InMemoryTransport.createLinkedPair();
await server.connect(a);
const client = new Client({ name: 'v1', version: '1' });
await client.connect(b as unknown as V1Transport);
console.log('server caps seen by v1 client:', JSON.stringify(client.getServerCapabilities()));
try {
  console.log('tasks/get ->', JSON.stringify(await client.request({ method: 'tasks/get', params: { taskId: 't1' } }, V1GetTaskResult)));
  console.log('tasks/list ->', JSON.stringify(await client.request({ method: 'tasks/list', params: {} }, V1ListTasks)));
} catch (e) {
  console.log('tasks call failed:', (e as Error).message);
}
await client.close();
