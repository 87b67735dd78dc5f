// What a caller without a verified identity could reach or exhaust (another anonymous client's MCP tasks, the
// task store in Redis), and a secret rebuilt from two redacted issues; each kept as a test.
import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { Injectable } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, CreateTaskResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { Arg, Tool, ToolValidationError, toolset, toolsModule, type ToolRegistry } from 'hermes-tools';
import { serveHttp } from 'hermes-tools/mcp';
import { HermesToolsModule } from 'hermes-tools/nest';
import { RedisTaskStore } from 'hermes-tools/queue';
import { buildRegistry } from '../support/buildRegistry.js';
import { closeAfterEach } from '../support/closeAfterEach.js';
import { type RedisServer, startRedisServer } from '../support/redisServer.js';

/** A secret whose value spans lines, as a YAML list or a multi-line key in the environment does. */
const SECRET_PARTS = ['sk-review2-first-half', 'second-half-of-it'] as const;
const SECRET = `${SECRET_PARTS[0]}\n- ${SECRET_PARTS[1]}`;
const UPSTREAM = 'upstream-tool-secret-name';

@Injectable()
class ReviewTools {
  @Tool({ name: 'review.report', description: 'Builds a report; may run as a task.', task: 'optional' })
  report(@Arg('title') title: string): string {
    return `report ${title}`;
  }

  @Tool({ name: 'review.forward', description: 'Forwards to an upstream service and reports its validation problems.' })
  forward(@Arg('id') id: string): string {
    // A tool reporting what its upstream said: each problem line came from the upstream, not from this process's env.
    throw new ToolValidationError(process.env.HT_REVIEW2_UPSTREAM ?? 'upstream', [
      { path: 'id', message: `upstream refused ${id}: ${SECRET_PARTS[0]}`, constraint: 'upstream' },
      { path: 'id', message: `${SECRET_PARTS[1]} is what it expected`, constraint: 'upstream' },
    ]);
  }
}

const opened = closeAfterEach();
let registry: ToolRegistry;
let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedisServer();
  process.env.HT_REVIEW2_SECRET = SECRET;
  process.env.HT_REVIEW2_UPSTREAM = UPSTREAM;
  ({ registry } = await buildRegistry(toolsModule(), toolset({ name: 'review', tools: [ReviewTools] })));
});
afterAll(async () => {
  await redis.stop();
  delete process.env.HT_REVIEW2_SECRET;
  delete process.env.HT_REVIEW2_UPSTREAM;
});

async function connect(url: URL): Promise<Client> {
  const client = new Client({ name: 'review2', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url));
  return client;
}

function createTask(client: Client) {
  return client.request(
    { method: 'tools/call', params: { name: 'review.report', arguments: { title: 'Q3' } } },
    CreateTaskResultSchema,
    { task: {} },
  );
}

describe('invalid-input messages built from redacted issues', () => {
  it('do not rebuild an env value split across two issues, nor carry one in the tool name', async () => {
    const outcome = await registry.dispatch('review.forward', { id: 'x' });
    expect(outcome.ok).toBe(false);
    const text = JSON.stringify(outcome);
    expect(text).not.toContain(JSON.stringify(SECRET).slice(1, -1));
    expect(text).not.toContain(UPSTREAM);
    const thrown = await registry
      .call('review.forward', { id: 'x' })
      .catch((error: unknown) => error as ToolValidationError);
    expect(thrown).toBeInstanceOf(ToolValidationError);
    expect((thrown as ToolValidationError).message).not.toContain(SECRET);
    expect((thrown as ToolValidationError).message).not.toContain(UPSTREAM);
    expect((thrown as ToolValidationError).message).toContain('[redacted]');
  });
});

describe('MCP tasks over stateless Streamable HTTP without auth', () => {
  it('do not hand one anonymous client the task ids of another through tasks/list', async () => {
    const http = opened(await serveHttp(registry, { name: 'review2', version: '1.0.0', port: 0, stateless: true }));
    const ann = opened(await connect(http.url));
    const mallory = opened(await connect(http.url));
    const { task } = await createTask(ann);
    // The README: "the unguessable task id is all that keeps a task"; listing must not give it away.
    const listed = await mallory.experimental.tasks.listTasks();
    expect(listed.tasks.map((t) => t.taskId)).not.toContain(task.taskId);
    // Whoever holds the id still reads it: that is the documented deal for anonymous stateless clients.
    const result = await ann.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    expect(result.content).toEqual([{ type: 'text', text: 'report Q3' }]);
  });
});

describe('MCP tasks on the Nest endpoint, stateless, for an anonymous caller', () => {
  it('are owned by one known owner (not a throwaway one per request), so the next request finds them and the per-caller cap holds', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        HermesToolsModule.forRoot({ toolsets: [{ name: 'review', tools: [ReviewTools] }], mcp: { stateless: true } }),
      ],
      providers: [ReviewTools],
    }).compile();
    const app = opened(moduleRef.createNestApplication({ logger: false }));
    await app.listen(0, '127.0.0.1');
    const url = new URL(`http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/mcp`);
    const ann = opened(await connect(url));
    const mallory = opened(await connect(url));
    const { task } = await createTask(ann);
    // Before the fix each stateless request had an owner of its own: the task was lost at once, and no cap could ever
    // apply.
    const state = await ann.experimental.tasks.getTask(task.taskId);
    expect(state.taskId).toBe(task.taskId);
    expect((await mallory.experimental.tasks.listTasks()).tasks).toEqual([]);
  });
});

describe('RedisTaskStore behind sessions without auth', () => {
  it('bounds the tasks of all owners together: a client opening session after session cannot fill Redis', async () => {
    // Without auth each session is an owner of its own, so maxTasksPerCaller alone bounds nothing.
    const store = opened(new RedisTaskStore({ connection: redis.url, prefix: 'review2:', maxTasks: 3 }));
    const http = opened(
      await serveHttp(registry, { name: 'review2', version: '1.0.0', port: 0, tasks: { store, maxTasksPerCaller: 1 } }),
    );
    for (let i = 0; i < 3; i++) await createTask(opened(await connect(http.url)));
    const another = opened(await connect(http.url));
    await expect(createTask(another)).rejects.toThrow(
      /already holds 1 tasks, the most it may \(or the server is full\)/,
    );
    expect(() => new RedisTaskStore({ connection: redis.url, maxTasks: 0 })).toThrow(TypeError);
  });
});
