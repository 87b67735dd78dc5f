import {
  CLIENT_CAPABILITIES_META_KEY,
  MissingRequiredClientCapabilityError,
  ProtocolError,
  ProtocolErrorCode,
  type Server,
} from '@modelcontextprotocol/server';
import type { TaskRecord } from '../contracts/TaskStore.js';
import type { McpRequestExtra } from './McpServerOptions.js';
import { TASK_ID_PARAMS, type TaskIdParams } from './taskIdParams.js';
import type { TaskRunner } from './TaskRunner.js';

/** The 2026-07-28 tasks extension's identifier, as capabilities name it. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

const NOT_FOUND = 'no such task for this caller: it never existed, has expired, or was created by someone else';
const UNREACHABLE = 'the task store could not be reached; try again later';

/** Whether the request declares the tasks extension in its own client capabilities (2026-07-28). */
export function declaresTasks(server: Server, extra: McpRequestExtra): boolean {
  // The request's own envelope first: over stdio one server serves the whole connection, and the SDK fills in its
  // client capabilities per request over HTTP only.
  const envelope = extra.mcpReq.envelope as Record<string, unknown> | undefined;
  const declared = (envelope?.[CLIENT_CAPABILITIES_META_KEY] ?? server.getClientCapabilities()) as
    | { extensions?: Record<string, unknown> }
    | undefined;
  const extensions = declared?.extensions;
  return typeof extensions === 'object' && extensions !== null && Object.hasOwn(extensions, TASKS_EXTENSION);
}

/** The error for a request that needs the tasks extension from a client whose request does not declare it. */
export function tasksRequired(message: string): MissingRequiredClientCapabilityError {
  return new MissingRequiredClientCapabilityError(
    { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
    message,
  );
}

/**
 * A task as the extension shows it: the 2025 `ttl`/`pollInterval` are `ttlMs`/`pollIntervalMs`. `failed` is for
 * JSON-RPC errors only, and a call of ours never ends in one: a tool's error result is a `completed` task whose result
 * has `isError`, as the extension asks.
 */
export function extensionTask(task: TaskRecord): Record<string, unknown> {
  return {
    taskId: task.taskId,
    status: task.status === 'failed' ? 'completed' : task.status,
    createdAt: task.createdAt,
    lastUpdatedAt: task.lastUpdatedAt,
    ttlMs: task.ttl,
    ...(task.pollInterval === undefined ? {} : { pollIntervalMs: task.pollInterval }),
    ...(task.statusMessage === undefined ? {} : { statusMessage: task.statusMessage }),
  };
}

/**
 * Answers the extension's `tasks/get`, `tasks/update` and `tasks/cancel` on a 2026-07-28 server, from the same store
 * as the 2025 methods, for the caller's own tasks only: another caller's task is answered as one that does not exist.
 * There is no `tasks/list` and no `tasks/result`: `tasks/get` carries a final task's result. Each method needs the
 * extension declared in the request's client capabilities (`-32021` otherwise).
 */
export function serveTaskExtension(
  server: Server,
  runner: TaskRunner,
  ownerOf: (extra: McpRequestExtra) => string,
): void {
  const { store } = runner;
  const notFound = (): ProtocolError => new ProtocolError(ProtocolErrorCode.InvalidParams, NOT_FOUND);
  const handled =
    <P>(method: string, handler: (params: P, extra: McpRequestExtra) => Promise<Record<string, unknown>>) =>
    async (params: P, extra: McpRequestExtra): Promise<Record<string, unknown>> => {
      if (!declaresTasks(server, extra))
        throw tasksRequired(`${method} needs the ${TASKS_EXTENSION} extension in the request's client capabilities`);
      try {
        return await handler(params, extra);
      } catch (error) {
        if (error instanceof ProtocolError || extra.mcpReq.signal.aborted) throw error;
        // Converted: a store's own failure (Redis unreachable…) names hosts and ports; the client learns that it
        // failed, the operator hears why.
        server.onerror?.(error instanceof Error ? error : new Error(String(error)));
        throw new ProtocolError(ProtocolErrorCode.InternalError, UNREACHABLE);
      }
    };

  server.setRequestHandler(
    'tasks/get',
    { params: TASK_ID_PARAMS },
    handled('tasks/get', async (params: TaskIdParams, extra) => {
      const owner = ownerOf(extra);
      const found = await store.get(owner, params.taskId);
      if (found === undefined) throw notFound();
      const task = extensionTask(found);
      if (found.status !== 'completed' && found.status !== 'failed') return task;
      const result = await store.result(owner, params.taskId);
      if (result === undefined) throw notFound();
      // The call's result as the 2026 revision sends one: `resultType` is part of it.
      return { ...task, result: { ...result, resultType: 'complete' } };
    }),
  );

  // This server never asks for input inside a task (an approval in a task comes from the module's approver), so no
  // key is ever outstanding: the responses (which the SDK hands over as `extra.mcpReq.inputResponses`, not in the
  // params) are acknowledged and ignored, as the extension says of unknown keys.
  server.setRequestHandler(
    'tasks/update',
    { params: TASK_ID_PARAMS },
    handled('tasks/update', async (params: TaskIdParams, extra) => {
      if ((await store.get(ownerOf(extra), params.taskId)) === undefined) throw notFound();
      return {};
    }),
  );

  // Cooperative, as the extension says: a task already final is acknowledged and stays as it ended.
  server.setRequestHandler(
    'tasks/cancel',
    { params: TASK_ID_PARAMS },
    handled('tasks/cancel', async (params: TaskIdParams, extra) => {
      const answer = await store.cancel(ownerOf(extra), params.taskId, 'Cancelled by the client (tasks/cancel).');
      if (!answer.ok && answer.reason === 'not_found') throw notFound();
      return {};
    }),
  );
}
