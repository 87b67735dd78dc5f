import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { ERROR_META_KEY, type McpHttpServer, serveHttp } from 'hermes-tools/mcp';
import { RedisTaskStore } from 'hermes-tools/queue';
import { replicaAuth, TOKENS } from './fixtures/taskAuth.js';
import { closeGate, gate, running, taskTools } from './fixtures/taskTools.js';
import { createTask, refusal, text } from './support/mcpTaskClient.js';
import { buildRegistry } from './support/buildRegistry.js';
import { childReplica } from './support/childReplica.js';
import { type RedisServer, startRedisServer } from './support/redisServer.js';

async function client(url: URL, token: string): Promise<Client> {
  const c = new Client({ name: 'replica-tasks', version: '1.0.0' });
  await c.connect(
    new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
  );
  return c;
}

describe('MCP tasks on two stateless replicas sharing a RedisTaskStore (one in a child process)', () => {
  let redis: RedisServer;
  let store: RedisTaskStore;
  let here: McpHttpServer;
  let there: { child: ChildProcess; url: URL };
  const clients: Client[] = [];
  let annHere: Client;
  let annThere: Client;
  let bobThere: Client;

  beforeAll(async () => {
    redis = await startRedisServer();
    const { registry } = await buildRegistry(taskTools());
    store = new RedisTaskStore({ connection: redis.url });
    here = await serveHttp(registry, {
      name: 'replica',
      version: '1.0.0',
      port: 0,
      stateless: true,
      auth: replicaAuth,
      tasks: { store },
    });
    there = await childReplica(redis.url);
    annHere = await client(here.url, TOKENS.ann);
    annThere = await client(there.url, TOKENS.ann);
    bobThere = await client(there.url, TOKENS.bob);
    clients.push(annHere, annThere, bobThere);
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    if (there !== undefined) {
      const exited = once(there.child, 'exit');
      there.child.kill('SIGTERM');
      await exited;
    }
    await here?.close();
    await store?.close();
    await redis?.stop();
  });

  it('fetches on one process the result of a task created over MCP on another, waiting for it there', async () => {
    closeGate();
    const waiting = new Promise<void>((resolve) => {
      gate.onWaiting = resolve;
    });
    const { task } = await createTask(annHere, 'gate.wait', {}, 60_000);
    await waiting; // running in this process
    expect((await annThere.experimental.tasks.getTask(task.taskId)).status).toBe('working');
    const result = annThere.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    gate.open();
    expect(text(await result)).toBe('the gate opened');
    expect((await annThere.experimental.tasks.getTask(task.taskId)).status).toBe('completed');
    expect((await annThere.experimental.tasks.listTasks()).tasks.map((t) => t.taskId)).toContain(task.taskId);
  });

  it('fetches here a task the child process created and ran', async () => {
    const { task } = await createTask(annThere, 'echo', { text: 'from the child' }, 60_000);
    const result = await annHere.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    expect(result.structuredContent).toEqual({ echoed: 'from the child' });
  });

  it('carries a cancellation made on one replica to the call running on the other', async () => {
    const started = new Promise<void>((resolve) => {
      running.onRunning = resolve;
    });
    const { task } = await createTask(annHere, 'wait.cancel', {}, 60_000);
    await started;
    const aborted = running.aborted.at(-1)!;
    expect((await annThere.experimental.tasks.cancelTask(task.taskId)).status).toBe('cancelled');
    await aborted; // the tool's ctx.signal, in this process
    expect((await annHere.experimental.tasks.getTask(task.taskId)).status).toBe('cancelled');
    const result = await annThere.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    expect(result._meta?.[ERROR_META_KEY]).toMatchObject({ code: 'aborted' });
  });

  it("never shows one principal's task to another, on either replica", async () => {
    const { task } = await createTask(annHere, 'echo', { text: "ann's" }, 60_000);
    await annHere.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    for (const attempt of [
      bobThere.experimental.tasks.getTask(task.taskId),
      bobThere.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema),
      bobThere.experimental.tasks.cancelTask(task.taskId),
    ]) {
      expect((await refusal(attempt)).message).toMatch(/no such task for this caller/);
    }
    expect((await bobThere.experimental.tasks.listTasks()).tasks).toEqual([]);
  });
});
