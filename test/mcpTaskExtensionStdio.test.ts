// The 2026-07-28 tasks extension over serveStdio (here on the SDK's in-memory pair, the transport serveStdio takes in
// place of the process's stdin and stdout): the connection's era is chosen by its first request, and the tasks of one
// connection are its own. Raw JSON-RPC messages, as a 2026 client sends them; every wait is on a message.
import { InMemoryTransport, type JSONRPCMessage } from '@modelcontextprotocol/server';
import { MemoryTaskStore, serveStdio } from 'hermes-tools/mcp';
import { closeGate, gate, taskTools } from './fixtures/taskTools.js';
import { buildRegistry } from './support/buildRegistry.js';

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'stdio-task-client', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': { extensions: { 'io.modelcontextprotocol/tasks': {} } },
};

/** A connection to serveStdio: `request` resolves with the response to its id. */
async function connect(store = new MemoryTaskStore()) {
  const { registry } = await buildRegistry(taskTools());
  const [client, server] = InMemoryTransport.createLinkedPair();
  const serving = await serveStdio(
    registry,
    { name: 'stdio-tasks', version: '1.0.0', tasks: { store, pollIntervalMs: 1 } },
    server,
  );
  const waiting = new Map<number, (message: Record<string, unknown>) => void>();
  client.onmessage = (message: JSONRPCMessage) => {
    const id = (message as { id?: unknown }).id;
    if (typeof id === 'number') waiting.get(id)?.(message as Record<string, unknown>);
  };
  await client.start();
  let next = 1;
  return {
    request(method: string, params: Record<string, unknown>): Promise<Record<string, unknown>> {
      const id = next++;
      const answer = new Promise<Record<string, unknown>>((resolve) => waiting.set(id, resolve));
      void client.send({ jsonrpc: '2.0', id, method, params: { ...params, _meta: ENVELOPE } } as JSONRPCMessage);
      return answer;
    },
    async close() {
      await serving.close();
      await client.close();
    },
  };
}

describe('MCP 2026-07-28: the tasks extension over stdio', () => {
  it('answers a task-only call with a task, and tasks/get with its result once it ends', async () => {
    closeGate();
    const waiting = new Promise<void>((resolve) => {
      gate.onWaiting = resolve;
    });
    const connection = await connect();
    try {
      const created = await connection.request('tools/call', { name: 'gate.wait', arguments: {} });
      const task = created.result as { resultType: string; taskId: string; status: string };
      expect(task).toMatchObject({ resultType: 'task', status: 'working' });
      await waiting;
      const working = await connection.request('tasks/get', { taskId: task.taskId });
      expect(working.result).toMatchObject({ taskId: task.taskId, status: 'working' });
      gate.open();
      // Polled until it ends: each poll is answered, and the server records the end as the call settles.
      let done: Record<string, unknown> = {};
      do done = (await connection.request('tasks/get', { taskId: task.taskId })).result as Record<string, unknown>;
      while (done.status === 'working');
      expect(done).toMatchObject({
        status: 'completed',
        result: { content: [{ type: 'text', text: 'the gate opened' }] },
      });
    } finally {
      gate.onWaiting = undefined;
      gate.open();
      await connection.close();
    }
  });

  it("keeps each connection's tasks to itself: another connection on the same store finds no such task", async () => {
    closeGate();
    const store = new MemoryTaskStore();
    const first = await connect(store);
    const second = await connect(store);
    try {
      const created = await first.request('tools/call', { name: 'gate.wait', arguments: {} });
      const { taskId } = created.result as { taskId: string };
      const other = await second.request('tasks/get', { taskId });
      expect(other.error).toMatchObject({ code: -32602 });
      expect(((await first.request('tasks/get', { taskId })).result as { status: string }).status).toBe('working');
    } finally {
      gate.open();
      await Promise.all([first.close(), second.close()]);
    }
  });
});
