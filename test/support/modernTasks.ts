// A 2026-07-28 client of the tasks extension, as an app builds one: the SDK v2 Client pinned to the revision, and the
// official requester of the extension (@modelcontextprotocol/ext-tasks) on top of it. SDK 2.4.0 rejects a
// `resultType: "task"` answer, so the requester sends tools/call and tasks/* through a raw dispatch of its host's:
// here, a plain POST with the revision's headers.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { modernHeaders } from './modernRawCall.js';
import { createTaskSessionFromClient, type TaskEnabledSession } from '@modelcontextprotocol/ext-tasks/client';

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
const VERSION = '2026-07-28';

export interface ModernTaskClient {
  /** The SDK's client: discover, list, ordinary calls, and `tasks/*` requests with a result schema. */
  readonly client: Client;
  /** The extension's requester: calls that may become tasks, and control of a task by id. */
  readonly session: TaskEnabledSession;
  close(): Promise<void>;
}

/** One JSON-RPC request as the revision sends it over Streamable HTTP; resolves with the response message. */
export async function postModern(
  url: URL,
  token: string,
  request: { id: number | string; method: string; params?: Record<string, unknown> },
): Promise<Record<string, unknown>> {
  const params = request.params ?? {};
  const name =
    request.method === 'tools/call' ? params.name : request.method.startsWith('tasks/') ? params.taskId : undefined;
  const response = await fetch(url, {
    method: 'POST',
    headers: modernHeaders(token, request.method, typeof name === 'string' ? name : undefined),
    body: JSON.stringify({ jsonrpc: '2.0', ...request }),
  });
  const body = await response.text();
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream'))
    return JSON.parse(body) as Record<string, unknown>;
  // An answer that streamed (progress first): the response is the event that carries the request's id.
  for (const line of body.split('\n')) {
    if (!line.startsWith('data:')) continue;
    const message = JSON.parse(line.slice(5)) as Record<string, unknown>;
    if (message.id === request.id) return message;
  }
  throw new Error(`no response to ${request.method} in the event stream`);
}

/** A client of `url` for the bearer `token`, declaring the tasks extension unless `tasks` is false. */
export async function modernTaskClient(url: URL, token: string, tasks = true): Promise<ModernTaskClient> {
  const clientInfo = { name: 'modern-task-client', version: '1.0.0' };
  const capabilities: Record<string, Record<string, Record<string, never>>> = tasks
    ? { extensions: { [TASKS_EXTENSION]: {} } }
    : {};
  const client = new Client(clientInfo, { capabilities, versionNegotiation: { mode: { pin: VERSION } } });
  await client.connect(
    new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
  );
  let next = 1;
  const session = createTaskSessionFromClient(client, {
    endpointId: url.href,
    // No tool declarations: the 2026 revision lists no task support (the server decides per request), and the
    // requester's own tools/list would parse the SDK transport's objects, made in another realm under jest.
    tools: { currentTool: () => undefined },
    rawDispatch: async (request) => {
      const message = await postModern(url, token, {
        ...(request as { method: string; params?: Record<string, unknown> }),
        id: `raw-${next++}`,
      });
      return (
        message.error === undefined
          ? { kind: 'result', result: message.result }
          : { kind: 'error', error: message.error }
      ) as never;
    },
    v2RequestFraming: { protocolVersion: VERSION, clientInfo, clientCapabilities: capabilities },
  });
  return {
    client,
    session,
    close: async () => {
      await session.close();
      await client.close();
    },
  };
}
