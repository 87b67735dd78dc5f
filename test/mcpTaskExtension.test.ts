import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { ProtocolError } from '@modelcontextprotocol/client';
import { resultFromTaskOutcome } from '@modelcontextprotocol/ext-tasks/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyHttp } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type McpHttpServer, serveHttp } from 'hermes-tools/mcp';
import { RedisTaskStore } from 'hermes-tools/queue';
import { z } from 'zod';
import { replicaAuth, TOKENS } from './fixtures/taskAuth.js';
import { closeGate, gate, running, taskTools } from './fixtures/taskTools.js';
import { buildRegistry } from './support/buildRegistry.js';
import { type ModernTaskClient, modernTaskClient, postModern, TASKS_EXTENSION } from './support/modernTasks.js';
import { childReplica } from './support/childReplica.js';
import { type RedisServer, startRedisServer } from './support/redisServer.js';

// The 2026-07-28 tasks extension (io.modelcontextprotocol/tasks) on two stateless replicas sharing a RedisTaskStore,
// one of them in a child process, driven by the SDK v2 client and the extension's official requester.

/** A task as `tasks/get` answers it: any of the extension's fields. */
const TASK = z.looseObject({ taskId: z.string(), status: z.string() });
const EMPTY = z.looseObject({});

async function refusal(promise: Promise<unknown>): Promise<ProtocolError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ProtocolError);
    return error as ProtocolError;
  }
  throw new Error('expected the request to be refused');
}

/** Whether a result is the extension's empty acknowledgement (the server's identity in `_meta` aside). */
function acknowledged(result: Record<string, unknown>): boolean {
  return Object.keys(result).every((key) => key === '_meta');
}

function textOf(result: unknown): string {
  return ((result as { content?: { text?: string }[] }).content ?? []).map((c) => c.text ?? '').join('');
}

describe('MCP 2026-07-28: the tasks extension on two stateless replicas through Redis', () => {
  let redis: RedisServer;
  let store: RedisTaskStore;
  let local: McpHttpServer;
  let remote: { child: ChildProcess; url: URL };
  const clients: ModernTaskClient[] = [];
  let annHere: ModernTaskClient;
  let annThere: ModernTaskClient;
  let bobThere: ModernTaskClient;
  let plainHere: ModernTaskClient;

  beforeAll(async () => {
    redis = await startRedisServer();
    const { registry } = await buildRegistry(taskTools());
    store = new RedisTaskStore({ connection: redis.url });
    local = await serveHttp(registry, {
      name: 'replica',
      version: '1.0.0',
      port: 0,
      stateless: true,
      auth: replicaAuth,
      tasks: { store, pollIntervalMs: 1 },
    });
    remote = await childReplica(redis.url);
    annHere = await modernTaskClient(local.url, TOKENS.ann);
    clients.push(annHere);
    annThere = await modernTaskClient(remote.url, TOKENS.ann);
    clients.push(annThere);
    bobThere = await modernTaskClient(remote.url, TOKENS.bob);
    clients.push(bobThere);
    plainHere = await modernTaskClient(local.url, TOKENS.ann, false);
    clients.push(plainHere);
  });

  afterAll(async () => {
    for (const c of clients.splice(0)) await c.close();
    if (remote !== undefined) {
      const exited = once(remote.child, 'exit');
      remote.child.kill('SIGTERM');
      await exited;
    }
    await local?.close();
    await store?.close();
    await redis?.stop();
  });

  /** Settles once the task is final in Redis, whichever replica ran it: an event, not a poll. */
  async function settled(owner: string, taskId: string) {
    const done = await store.settled(`principal:${owner}`, taskId, new AbortController().signal);
    expect(done).toBeDefined();
    return done!;
  }

  it('advertises the extension in server/discover to 2026 clients, and the 2025 tasks capability to 2025 ones', async () => {
    expect(annHere.client.getProtocolEra()).toBe('modern');
    expect(annHere.client.getServerCapabilities()?.extensions).toEqual({ [TASKS_EXTENSION]: {} });
    expect(annHere.client.getServerCapabilities()).not.toHaveProperty('tasks');
    const legacy = new LegacyClient({ name: 'legacy', version: '1.32.2' });
    await legacy.connect(
      new LegacyHttp(local.url, { requestInit: { headers: { authorization: `Bearer ${TOKENS.ann}` } } }),
    );
    try {
      expect(legacy.getServerCapabilities()?.tasks).toMatchObject({ cancel: {}, requests: { tools: { call: {} } } });
      expect(legacy.getServerCapabilities()).not.toHaveProperty('extensions');
    } finally {
      await legacy.close();
    }
  });

  it('runs a call as a task for the official requester, which polls tasks/get for its result', async () => {
    const execution = await annHere.session.callTool('echo', { text: 'as a task' });
    expect(execution.kind).toBe('task');
    const result = resultFromTaskOutcome((await execution.settle()).outcome) as Record<string, unknown>;
    expect(result.structuredContent).toEqual({ echoed: 'as a task' });
    expect(result.isError).toBeUndefined();
  });

  it('creates a task on one replica and answers tasks/get for it on the other, result included', async () => {
    closeGate();
    const waiting = new Promise<void>((resolve) => {
      gate.onWaiting = resolve;
    });
    const execution = await annHere.session.callTool('gate.wait', {});
    const { taskId } = execution.handle!;
    await waiting; // running in this process
    const working = await annThere.client.request({ method: 'tasks/get', params: { taskId } }, TASK);
    expect(working).toMatchObject({ taskId, status: 'working', ttlMs: 600_000, pollIntervalMs: 1 });
    expect(working).not.toHaveProperty('result');
    gate.open();
    await settled('ann', taskId);
    const completed = await annThere.client.request({ method: 'tasks/get', params: { taskId } }, TASK);
    expect(completed).toMatchObject({ taskId, status: 'completed' });
    expect(textOf(completed.result)).toBe('the gate opened');
    expect(textOf(resultFromTaskOutcome((await execution.settle()).outcome))).toBe('the gate opened');
  });

  it('reads here the result of a task the child process created and ran', async () => {
    const execution = await annThere.session.callTool('echo', { text: 'from the child' });
    const { taskId } = execution.handle!;
    await settled('ann', taskId);
    const outcome = await annHere.session.task(taskId).result();
    expect((resultFromTaskOutcome(outcome) as { structuredContent?: unknown }).structuredContent).toEqual({
      echoed: 'from the child',
    });
    await execution.close();
  });

  it('carries tasks/cancel made on one replica to the call running on the other', async () => {
    const started = new Promise<void>((resolve) => {
      running.onRunning = resolve;
    });
    const execution = await annHere.session.callTool('wait.cancel', {});
    const { taskId } = execution.handle!;
    await started;
    const aborted = running.aborted.at(-1)!;
    expect(acknowledged(await annThere.client.request({ method: 'tasks/cancel', params: { taskId } }, EMPTY))).toBe(
      true,
    );
    await aborted; // the tool's ctx.signal, in this process
    expect(await annHere.client.request({ method: 'tasks/get', params: { taskId } }, TASK)).toMatchObject({
      status: 'cancelled',
    });
    // Cooperative: a second cancel of a final task is acknowledged and changes nothing.
    expect(acknowledged(await annThere.client.request({ method: 'tasks/cancel', params: { taskId } }, EMPTY))).toBe(
      true,
    );
    await execution.close();
  });

  it('acknowledges tasks/update and ignores its answers: this server never waits for input inside a task', async () => {
    const execution = await annHere.session.callTool('echo', { text: 'update me' });
    const { taskId } = execution.handle!;
    // Sent by the requester: the SDK client keeps inputResponses for its own retries.
    await annThere.session.task(taskId).update({ never: { action: 'accept', content: {} } });
    await settled('ann', taskId);
    const done = await annThere.client.request({ method: 'tasks/get', params: { taskId } }, TASK);
    expect((done.result as { structuredContent?: unknown }).structuredContent).toEqual({ echoed: 'update me' });
  });

  it("never shows one principal's task to another: every method answers as for a task that does not exist", async () => {
    const execution = await annHere.session.callTool('echo', { text: "ann's" });
    const { taskId } = execution.handle!;
    await settled('ann', taskId);
    for (const method of ['tasks/get', 'tasks/cancel'] as const) {
      const refused = await refusal(bobThere.client.request({ method, params: { taskId } }, EMPTY));
      expect(refused.code).toBe(-32602);
      expect(refused.message).toMatch(/no such task for this caller/);
    }
    await expect(
      bobThere.session.task(taskId).update({ any: { action: 'accept', content: {} } }),
    ).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/no such task for this caller/),
    });
    const unknown = await refusal(
      annThere.client.request({ method: 'tasks/get', params: { taskId: 'f'.repeat(32) } }, TASK),
    );
    expect(unknown.code).toBe(-32602);
  });

  it('answers a call refused before any task exists (invalid input) with the error result an ordinary call gets', async () => {
    const answer = await postModern(local.url, TOKENS.ann, {
      id: 1,
      method: 'tools/call',
      params: {
        name: 'echo',
        arguments: { text: 'x'.repeat(101) },
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
          'io.modelcontextprotocol/clientCapabilities': { extensions: { [TASKS_EXTENSION]: {} } },
        },
      },
    });
    const result = answer.result as Record<string, unknown>;
    expect(result.resultType).toBe('complete');
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/text must be at most 100 characters/);
    // A tool the caller may not run is refused the same way, and makes no task either.
    const vault = await annHere.session.callTool('vault.read', {});
    expect(vault.kind).toBe('immediate');
    expect(resultFromTaskOutcome((await vault.settle()).outcome)).toMatchObject({ isError: true });
  });

  it('without the extension in the request: a task-only tool is -32021, an optional one an ordinary call', async () => {
    const required = await refusal(plainHere.client.callTool({ name: 'gate.wait', arguments: {} }));
    expect(required.code).toBe(-32021);
    expect(required.message).toMatch(/gate\.wait runs only as a task: declare the io\.modelcontextprotocol\/tasks/);
    expect(required.data).toEqual({ requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } });
    const optional = await plainHere.client.callTool({ name: 'echo', arguments: { text: 'plain call' } });
    expect(optional.structuredContent).toEqual({ echoed: 'plain call' });
    const get = await refusal(plainHere.client.request({ method: 'tasks/get', params: { taskId: 'x' } }, TASK));
    expect(get.code).toBe(-32021);
    expect(get.message).toMatch(/tasks\/get needs the io\.modelcontextprotocol\/tasks extension/);
  });
});
