import { jest } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Server } from '@modelcontextprotocol/server';
import {
  CallToolResultSchema,
  ErrorCode,
  type McpError,
  RELATED_TASK_META_KEY,
} from '@modelcontextprotocol/sdk/types.js';
import { ERROR_META_KEY, createMcpServer, MemoryTaskStore, serveHttp, type McpServerOptions } from 'hermes-tools/mcp';
import { Permissions, Tool, toolset, PermissionSet, type ToolRegistry } from 'hermes-tools';
import { replicaAuth, TOKENS } from './fixtures/taskAuth.js';
import { ScanRepository, scanAsTask } from './fixtures/readmeTasks.js';
import { closeGate, gate, running, taskTools } from './fixtures/taskTools.js';
import { createTask, refusal, text } from './support/mcpTaskClient.js';
import { buildRegistry, definitionProblems } from './support/buildRegistry.js';

const secretRuns: string[] = [];

@Tool({ name: 'vault.list', description: 'A tool nobody here may see, never a task.' })
@Permissions('vault:read')
class SecretPlain {
  execute(): string {
    secretRuns.push('vault.list');
    return 'plain secret';
  }
}

@Tool({ name: 'vault.scan', description: 'A tool nobody here may see, runnable as a task.', task: 'optional' })
@Permissions('vault:read')
class SecretTask {
  execute(): string {
    secretRuns.push('vault.scan');
    return 'task secret';
  }
}

@Tool({ name: 'notes.write', description: 'Writes a note: needs notes:write.', task: 'optional' })
@Permissions('notes:write')
class WriteNote {
  execute(): string {
    secretRuns.push('notes.write');
    return 'written';
  }
}

/** A refusal with the tool's name taken out: what it tells the caller beyond the name it asked. */
function shape(error: McpError, name: string): unknown {
  return JSON.parse(
    JSON.stringify({ code: error.code, message: error.message, data: error.data }).replaceAll(name, '<name>'),
  );
}

let registry: ToolRegistry;
beforeAll(async () => {
  ({ registry } = await buildRegistry(taskTools()));
});

const open: Client[] = [];
afterEach(async () => {
  secretRuns.length = 0;
  await Promise.all(open.splice(0).map((c) => c.close()));
});

async function connect(server: Server, name = 'tasks-test'): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(clientSide);
  open.push(client);
  return client;
}

function serve(options: Partial<McpServerOptions> = {}): Promise<Client> {
  return connect(createMcpServer(registry, { name: 'tasks', version: '1.0.0', listChangedIntervalMs: 0, ...options }));
}

describe('@Tool({ task })', () => {
  it('is read into the definition, and a value other than optional, required or forbidden is a ToolDefinitionError', async () => {
    expect(registry.get('echo').definition.task).toBe('optional');
    expect(registry.get('gate.wait').definition.task).toBe('required');
    expect(registry.get('plain').definition.task).toBeUndefined();

    @Tool({ name: 'bad.task', description: 'Declares a task support that does not exist.', task: 'sometimes' as never })
    class BadTask {
      execute(): string {
        return 'never';
      }
    }
    const problems = await definitionProblems(
      toolset({ name: 'bad', tools: [BadTask], granted: PermissionSet.none() }),
    );
    expect(problems.join('\n')).toMatch(
      /task must be 'optional', 'required' or 'forbidden' \(the default\), not "sometimes"/,
    );
  });
});

describe('MCP tasks in memory (createMcpServer)', () => {
  it('offers the tasks capability and lists each tool with its execution.taskSupport', async () => {
    const client = await serve();
    expect(client.getServerCapabilities()?.tasks).toEqual({ list: {}, cancel: {}, requests: { tools: { call: {} } } });
    const tools = Object.fromEntries((await client.listTools()).tools.map((t) => [t.name, t.execution]));
    expect(tools).toEqual({
      echo: { taskSupport: 'optional' },
      'gate.wait': { taskSupport: 'required' },
      'wait.cancel': { taskSupport: 'required' },
      plain: undefined,
    });
  });

  it('answers a task-augmented call at once with a task, whose result tasks/result serves', async () => {
    const client = await serve();
    const { task } = await createTask(client, 'echo', { text: 'hello' });
    expect(task).toMatchObject({ taskId: expect.stringMatching(/^[0-9a-f]{32}$/), ttl: 600_000, pollInterval: 1000 });
    expect(['working', 'completed']).toContain(task.status);
    const result = await client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    expect(result.structuredContent).toEqual({ echoed: 'hello' });
    expect(result._meta?.[RELATED_TASK_META_KEY]).toEqual({ taskId: task.taskId });
    expect((await client.experimental.tasks.getTask(task.taskId)).status).toBe('completed');
    expect((await client.experimental.tasks.listTasks()).tasks.map((t) => t.taskId)).toEqual([task.taskId]);
  });

  it('gives a client that asks no task an ordinary, waiting call of an optional tool', async () => {
    const client = await serve();
    const result = await client.callTool({ name: 'echo', arguments: { text: 'now' } });
    expect(result.structuredContent).toEqual({ echoed: 'now' });
    expect((await client.experimental.tasks.listTasks()).tasks).toEqual([]);
  });

  it('refuses a required tool called without a task, and a forbidden one called with a task, with -32601', async () => {
    const client = await serve();
    const required = await refusal(
      client.request({ method: 'tools/call', params: { name: 'gate.wait', arguments: {} } }, CallToolResultSchema),
    );
    expect(required.code).toBe(ErrorCode.MethodNotFound);
    expect(required.message).toMatch(/gate\.wait runs only as a task/);
    const forbidden = await refusal(createTask(client, 'plain'));
    expect(forbidden.code).toBe(ErrorCode.MethodNotFound);
    expect(forbidden.message).toMatch(/plain cannot run as a task/);
    expect((await client.experimental.tasks.listTasks()).tasks).toEqual([]);
  });

  it('refuses a call the pipeline refuses before any task exists: same message and payload as an ordinary call, nothing stored', async () => {
    const client = await serve();
    const invalid = await refusal(createTask(client, 'echo', { text: 42 }));
    const ordinary = await client.callTool({ name: 'echo', arguments: { text: 42 } });
    expect(invalid.code).toBe(ErrorCode.InvalidParams);
    expect((invalid.data as Record<string, { code: string }>)[ERROR_META_KEY]).toEqual(
      ordinary._meta?.[ERROR_META_KEY],
    );
    expect(invalid.message).toContain(text(ordinary));

    const unknown = await refusal(createTask(client, 'no.such.tool'));
    expect((unknown.data as Record<string, { code: string }>)[ERROR_META_KEY]).toMatchObject({
      code: 'tool_not_found',
    });
    expect((await client.experimental.tasks.listTasks()).tasks).toEqual([]);
  });

  it('answers a task call of a tool the caller may not see exactly as one of a tool that does not exist', async () => {
    const { registry: hidden } = await buildRegistry(
      toolset({ name: 'hidden', tools: [SecretPlain, SecretTask], granted: PermissionSet.none() }),
      taskTools(),
    );
    const client = await connect(
      createMcpServer(hidden, { name: 'hidden', version: '1.0.0', listChangedIntervalMs: 0 }),
    );
    const unknown = shape(await refusal(createTask(client, 'vault.nope')), 'vault.nope');
    expect(unknown).toMatchObject({
      code: ErrorCode.InvalidParams,
      data: { [ERROR_META_KEY]: { code: 'tool_not_found' } },
    });
    expect(shape(await refusal(createTask(client, 'vault.list')), 'vault.list')).toEqual(unknown);
    expect(shape(await refusal(createTask(client, 'vault.scan')), 'vault.scan')).toEqual(unknown);
    // Seen, and not a task: only then is it said that it cannot run as one.
    expect((await refusal(createTask(client, 'plain'))).message).toMatch(/plain cannot run as a task/);
    expect(secretRuns).toEqual([]);
    expect((await client.experimental.tasks.listTasks()).tasks).toEqual([]);
  });

  it("gives an expired task's slot back to its owner: the per-caller cap counts only the tasks still kept", async () => {
    let now = Date.parse('2030-01-01T00:00:00Z');
    const store = new MemoryTaskStore({ now: () => now });
    const client = await serve({ tasks: { store, maxTasksPerCaller: 1 } });
    const { task } = await createTask(client, 'echo', { text: 'first' }, 60_000);
    expect(
      (await client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema)).structuredContent,
    ).toEqual({ echoed: 'first' });
    expect((await refusal(createTask(client, 'echo', { text: 'second' }))).message).toMatch(/already holds 1 tasks/);
    now += 60_001;
    expect((await refusal(client.experimental.tasks.getTask(task.taskId))).message).toMatch(
      /no such task for this caller/,
    );
    const { task: next } = await createTask(client, 'echo', { text: 'after expiry' }, 60_000);
    expect(
      (await client.experimental.tasks.getTaskResult(next.taskId, CallToolResultSchema)).structuredContent,
    ).toEqual({ echoed: 'after expiry' });
  });

  it('makes tasks/result wait for a task still working, and answer once it ends', async () => {
    const client = await serve();
    closeGate();
    const waiting = new Promise<void>((resolve) => {
      gate.onWaiting = resolve;
    });
    const { task } = await createTask(client, 'gate.wait');
    await waiting;
    const result = client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    expect((await client.experimental.tasks.getTask(task.taskId)).status).toBe('working');
    gate.open();
    expect(text(await result)).toBe('the gate opened');
    expect((await client.experimental.tasks.getTask(task.taskId)).status).toBe('completed');
  });

  it('aborts the running call on tasks/cancel, and keeps the task cancelled', async () => {
    const client = await serve();
    const started = new Promise<void>((resolve) => {
      running.onRunning = resolve;
    });
    const { task } = await createTask(client, 'wait.cancel');
    await started;
    const aborted = running.aborted.at(-1)!;
    const waiting = client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    const cancelled = await client.experimental.tasks.cancelTask(task.taskId);
    expect(cancelled).toMatchObject({
      taskId: task.taskId,
      status: 'cancelled',
      statusMessage: 'Cancelled by the client (tasks/cancel).',
    });
    await aborted; // the tool's ctx.signal
    const result = await waiting;
    expect(result.isError).toBe(true);
    expect(result._meta?.[ERROR_META_KEY]).toMatchObject({ code: 'aborted' });
    expect((await client.experimental.tasks.getTask(task.taskId)).status).toBe('cancelled');
    const again = await refusal(client.experimental.tasks.cancelTask(task.taskId));
    expect(again.message).toMatch(/already cancelled/);
  });

  it('aborts the running calls of a connection when it closes', async () => {
    const client = await serve();
    const started = new Promise<void>((resolve) => {
      running.onRunning = resolve;
    });
    await createTask(client, 'wait.cancel');
    await started;
    const aborted = running.aborted.at(-1)!;
    await client.close();
    await aborted;
  });

  it('shows a task to the connection that created it only, even with a shared store', async () => {
    const store = new MemoryTaskStore();
    const ann = await serve({ tasks: { store } });
    const bob = await serve({ tasks: { store } });
    const { task } = await createTask(ann, 'echo', { text: "ann's" });
    await ann.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    for (const attempt of [
      bob.experimental.tasks.getTask(task.taskId),
      bob.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema),
      bob.experimental.tasks.cancelTask(task.taskId),
    ]) {
      const error = await refusal(attempt);
      expect(error.code).toBe(ErrorCode.InvalidParams);
      expect(error.message).toMatch(/no such task for this caller/);
    }
    expect((await bob.experimental.tasks.listTasks()).tasks).toEqual([]);
    expect((await ann.experimental.tasks.getTask(task.taskId)).status).toBe('completed');
  });

  it("answers a store's failure without its details: no host, no port, and no task created", async () => {
    class Unreachable extends MemoryTaskStore {
      override async get(): Promise<undefined> {
        throw new Error('connect ECONNREFUSED 10.0.0.20:6379');
      }
    }
    const broken = new Unreachable();
    const client = await serve({ tasks: { store: broken } });
    const { task } = await createTask(client, 'echo', { text: 'kept' });
    const read = await refusal(client.experimental.tasks.getTask(task.taskId));
    expect(read.code).toBe(ErrorCode.InternalError);
    expect(read.message).toMatch(/the task store could not be reached/);
    expect(read.message).not.toMatch(/10\.0\.0\.20|6379|ECONNREFUSED/);

    class Down extends MemoryTaskStore {
      override async create(): Promise<undefined> {
        throw new Error('connect ECONNREFUSED 10.0.0.20:6379');
      }
    }
    const ran = running.aborted.length;
    const refused = await refusal(
      connect(
        createMcpServer(registry, {
          name: 'down',
          version: '1.0.0',
          listChangedIntervalMs: 0,
          tasks: { store: new Down() },
        }),
      ).then((c) => createTask(c, 'wait.cancel')),
    );
    expect(refused.message).toMatch(/the task store could not be reached/);
    expect(refused.message).not.toMatch(/10\.0\.0\.20/);
    expect(running.aborted.length).toBe(ran);
  });

  it('bounds the ttl a client asks by the server maximum, and uses the default when it asks none', async () => {
    const client = await serve({ tasks: { maxTtlMs: 60_000, defaultTtlMs: 5_000 } });
    expect((await createTask(client, 'echo', { text: 'a' }, 10 ** 9)).task.ttl).toBe(60_000);
    expect((await createTask(client, 'echo', { text: 'b' }, 1_234)).task.ttl).toBe(1_234);
    expect((await createTask(client, 'echo', { text: 'c' })).task.ttl).toBe(5_000);
    expect(() => createMcpServer(registry, { name: 'bad', version: '1.0.0', tasks: { maxTtlMs: -1 } })).toThrow(
      /MCP tasks: maxTtlMs must be a whole number from 1 to 2147483647, got -1/,
    );
  });

  it('aborts a call still running when its task expires, and forgets the task', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      const client = await serve();
      const started = new Promise<void>((resolve) => {
        running.onRunning = resolve;
      });
      const { task } = await createTask(client, 'wait.cancel', {}, 5_000);
      await started;
      const aborted = running.aborted.at(-1)!;
      jest.advanceTimersByTime(5_000);
      await aborted;
      expect((await refusal(client.experimental.tasks.getTask(task.taskId))).message).toMatch(
        /no such task for this caller/,
      );
    } finally {
      jest.useRealTimers();
    }
  });

  it('refuses a task beyond the per-caller cap, creating nothing and running nothing, while another caller still can', async () => {
    const store = new MemoryTaskStore();
    const ann = await serve({ tasks: { store, maxTasksPerCaller: 2 } });
    const bob = await serve({ tasks: { store, maxTasksPerCaller: 2 } });
    await createTask(ann, 'echo', { text: '1' });
    await createTask(ann, 'echo', { text: '2' });
    const ran = running.aborted.length;
    const full = await refusal(createTask(ann, 'wait.cancel'));
    expect(running.aborted.length).toBe(ran); // the handler never ran
    expect(full.code).toBe(ErrorCode.InvalidRequest);
    expect(full.message).toMatch(/already holds 2 tasks, the most it may/);
    expect((await ann.experimental.tasks.listTasks()).tasks).toHaveLength(2);
    expect((await createTask(bob, 'echo', { text: 'bob' })).task.taskId).toMatch(/^[0-9a-f]{32}$/);
  });

  it("works with the SDK's own task stream (callToolStream), which polls tasks/get until the end", async () => {
    const client = await serve({ tasks: { pollIntervalMs: 1 } });
    await client.listTools();
    const kinds: string[] = [];
    let last: unknown;
    for await (const message of client.experimental.tasks.callToolStream({
      name: 'echo',
      arguments: { text: 'streamed' },
    })) {
      kinds.push(message.type);
      if (message.type === 'result') last = message.result;
    }
    expect(kinds[0]).toBe('taskCreated');
    expect(kinds.at(-1)).toBe('result');
    expect((last as { structuredContent: unknown }).structuredContent).toEqual({ echoed: 'streamed' });
  });

  it('offers no tasks with tasks: false: no capability, no execution in the listing, and a required tool is an ordinary call', async () => {
    const client = await serve({ tasks: false });
    expect(client.getServerCapabilities()?.tasks).toBeUndefined();
    expect((await client.listTools()).tools.every((t) => t.execution === undefined)).toBe(true);
    expect(text(await client.callTool({ name: 'echo', arguments: { text: 'x' } }))).toBe('{"echoed":"x"}');
  });
});

describe('MCP tasks over Streamable HTTP', () => {
  it('binds a task to the principal: another principal gets "not found", the same one in another session gets the result', async () => {
    const http = await serveHttp(registry, { name: 'tasks', version: '1.0.0', port: 0, auth: replicaAuth });
    const as = async (token: string): Promise<Client> => {
      const client = new Client({ name: 'http-tasks', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(http.url, { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
      );
      open.push(client);
      return client;
    };
    try {
      const ann = await as(TOKENS.ann);
      const bob = await as(TOKENS.bob);
      expect(
        (
          await refusal(
            ann.request({ method: 'tools/call', params: { name: 'gate.wait', arguments: {} } }, CallToolResultSchema),
          )
        ).code,
      ).toBe(ErrorCode.MethodNotFound);
      expect((await refusal(createTask(ann, 'plain'))).code).toBe(ErrorCode.MethodNotFound);
      expect((await ann.callTool({ name: 'echo', arguments: { text: 'ordinary' } })).structuredContent).toEqual({
        echoed: 'ordinary',
      });
      const { task } = await createTask(ann, 'echo', { text: 'over http' });
      expect((await refusal(bob.experimental.tasks.getTask(task.taskId))).message).toMatch(
        /no such task for this caller/,
      );
      expect((await refusal(bob.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema))).message).toMatch(
        /no such task/,
      );
      expect((await bob.experimental.tasks.listTasks()).tasks).toEqual([]);
      const annAgain = await as(TOKENS.ann);
      expect(
        (await annAgain.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema)).structuredContent,
      ).toEqual({ echoed: 'over http' });
    } finally {
      await Promise.all(open.splice(0).map((c) => c.close()));
      await http.close();
    }
  });

  it("runs a task call under the token's own permissions, narrower than the toolset's grant: a tool outside them is not found", async () => {
    const { registry: notes } = await buildRegistry(
      toolset({ name: 'notes', tools: [WriteNote], granted: PermissionSet.none().grant('notes:read', 'notes:write') }),
      taskTools(),
    );
    const http = await serveHttp(notes, {
      name: 'tasks',
      version: '1.0.0',
      port: 0,
      listChangedIntervalMs: 0,
      auth: {
        verify: (token) =>
          token === 'reader-token'
            ? { principal: 'ann', scopes: ['notes:read'] }
            : token === 'writer-token'
              ? { principal: 'bob', scopes: ['notes:write'] }
              : undefined,
      },
    });
    const as = async (token: string): Promise<Client> => {
      const client = new Client({ name: 'http-tasks', version: '1.0.0' });
      open.push(client);
      await client.connect(
        new StreamableHTTPClientTransport(http.url, { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
      );
      return client;
    };
    try {
      const reader = await as('reader-token');
      const refused = await refusal(createTask(reader, 'notes.write'));
      expect(shape(refused, 'notes.write')).toEqual(
        shape(await refusal(createTask(reader, 'notes.nope')), 'notes.nope'),
      );
      expect((refused.data as Record<string, { code: string }>)[ERROR_META_KEY]).toMatchObject({
        code: 'tool_not_found',
      });
      expect(secretRuns).toEqual([]);
      const writer = await as('writer-token');
      const { task } = await createTask(writer, 'notes.write');
      expect((await writer.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema)).content).toEqual([
        { type: 'text', text: 'written' },
      ]);
      expect(secretRuns).toEqual(['notes.write']);
    } finally {
      secretRuns.length = 0;
      await Promise.all(open.splice(0).map((c) => c.close()));
      await http.close();
    }
  });

  it('cancels a running task over HTTP; closing the endpoint aborts its running calls, whose tasks end failed', async () => {
    const store = new MemoryTaskStore();
    const http = await serveHttp(registry, {
      name: 'tasks',
      version: '1.0.0',
      port: 0,
      stateless: true,
      tasks: { store },
    });
    const other = await serveHttp(registry, {
      name: 'tasks',
      version: '1.0.0',
      port: 0,
      stateless: true,
      tasks: { store },
    });
    const client = new Client({ name: 'http-tasks', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(http.url));
    const watcher = new Client({ name: 'http-tasks', version: '1.0.0' });
    await watcher.connect(new StreamableHTTPClientTransport(other.url));
    try {
      let started = new Promise<void>((resolve) => {
        running.onRunning = resolve;
      });
      const { task } = await createTask(client, 'wait.cancel');
      await started;
      const aborted = running.aborted.at(-1)!;
      expect((await client.experimental.tasks.cancelTask(task.taskId)).status).toBe('cancelled');
      await aborted;

      started = new Promise<void>((resolve) => {
        running.onRunning = resolve;
      });
      const { task: second } = await createTask(client, 'wait.cancel');
      await started;
      const secondAborted = running.aborted.at(-1)!;
      await client.close();
      await http.close();
      await secondAborted;
      const ended = await watcher.experimental.tasks.getTaskResult(second.taskId, CallToolResultSchema);
      expect(ended._meta?.[ERROR_META_KEY]).toMatchObject({ code: 'aborted' });
      expect((await watcher.experimental.tasks.getTask(second.taskId)).status).toBe('failed');
    } finally {
      await Promise.all([client.close(), watcher.close()]);
      await Promise.all([http.close(), other.close()]);
    }
  });
});

describe("the README's task snippets", () => {
  it('run: the declared tool as a task, and the client creating it, reading its state and fetching its result', async () => {
    const { registry: scans } = await buildRegistry(
      toolset({ name: 'repo', tools: [ScanRepository], granted: PermissionSet.none() }),
    );
    const client = await connect(
      createMcpServer(scans, { name: 'readme', version: '1.0.0', listChangedIntervalMs: 0 }),
    );
    const { task, state, result } = await scanAsTask(client, 'https://git.example.com/leaky.git');
    expect(task.status).toMatch(/^(working|completed)$/);
    expect(state.taskId).toBe(task.taskId);
    expect(result.structuredContent).toBeUndefined();
    expect(text(result)).toBe('["config/.env: an AWS key"]');
  });
});
