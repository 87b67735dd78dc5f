import {
  fromJsonSchema,
  ProtocolError as McpError,
  ProtocolErrorCode as ErrorCode,
  RELATED_TASK_META_KEY,
  type Server,
} from '@modelcontextprotocol/server';
import type { McpRequestExtra } from './McpServerOptions.js';
import { TASK_ID_PARAMS, type TaskIdParams } from './taskIdParams.js';
import type { TaskRunner } from './TaskRunner.js';
import { ERROR_META_KEY } from './toCallToolResult.js';

const NOT_FOUND = 'no such task for this caller: it never existed, has expired, or was created by someone else';
const UNREACHABLE = 'the task store could not be reached; try again later';
const CANCELLED = 'The task was cancelled (tasks/cancel) before it finished; it has no result.';

/**
 * Answers `tasks/get`, `tasks/result`, `tasks/cancel` and `tasks/list` from the runner's store,
 * for the caller's own tasks only: another caller's task is answered as one that does not exist.
 * `tasks/result` waits for a task still working, as the specification asks, and wakes on the
 * store's event when it ends (on whichever replica ran it).
 */
export function serveTasks(
  server: Server,
  runner: TaskRunner,
  ownerOf: (extra: McpRequestExtra) => string,
  unlisted?: (owner: string) => boolean,
): void {
  const { store } = runner;
  const task = { params: TASK_ID_PARAMS };
  const notFound = (): McpError => new McpError(ErrorCode.InvalidParams, NOT_FOUND);
  // A store's own failure (Redis unreachable…) names hosts and ports: the client learns only that it failed.
  const shielded =
    <A extends unknown[], R>(handler: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await handler(...args);
      } catch (error) {
        if (error instanceof McpError) throw error;
        const signal = (args[1] as McpRequestExtra | undefined)?.mcpReq.signal;
        if (signal?.aborted) throw error;
        throw new McpError(ErrorCode.InternalError, UNREACHABLE);
      }
    };

  // SDK 2.4.0 keeps the 2025 task methods as types only: each is registered as a method of its own, with its params'
  // schema.
  server.setRequestHandler(
    'tasks/get',
    task,
    shielded(async (params: TaskIdParams, extra: McpRequestExtra) => {
      const found = await store.get(ownerOf(extra), params.taskId);
      if (found === undefined) throw notFound();
      return { ...found };
    }),
  );

  server.setRequestHandler(
    'tasks/result',
    task,
    shielded(async (params: TaskIdParams, extra: McpRequestExtra) => {
      const owner = ownerOf(extra);
      const { taskId } = params;
      const settled = await store.settled(owner, taskId, extra.mcpReq.signal);
      if (settled === undefined) throw notFound();
      const related = { [RELATED_TASK_META_KEY]: { taskId } };
      if (settled.status === 'cancelled') {
        return {
          content: [{ type: 'text', text: CANCELLED }],
          isError: true,
          _meta: { ...related, [ERROR_META_KEY]: { code: 'aborted', message: CANCELLED, retryable: false } },
        };
      }
      const result = await store.result(owner, taskId);
      if (result === undefined) throw notFound();
      const meta = (result._meta ?? {}) as Record<string, unknown>;
      return { ...result, _meta: { ...meta, ...related } };
    }),
  );

  server.setRequestHandler(
    'tasks/cancel',
    task,
    shielded(async (params: TaskIdParams, extra: McpRequestExtra) => {
      const answer = await store.cancel(ownerOf(extra), params.taskId, 'Cancelled by the client (tasks/cancel).');
      if (answer.ok) return { ...answer.task };
      if (answer.reason === 'final')
        throw new McpError(
          ErrorCode.InvalidParams,
          `the task is already ${answer.status}: only a working task can be cancelled`,
        );
      throw notFound();
    }),
  );

  server.setRequestHandler(
    'tasks/list',
    { params: LIST_PARAMS },
    shielded(async (params: { cursor?: string } | undefined, extra: McpRequestExtra) => {
      const owner = ownerOf(extra);
      // Clients that share one owner would see each other's task ids.
      if (unlisted?.(owner) === true) return { tasks: [] };
      try {
        const page = await store.list(owner, params?.cursor);
        return {
          tasks: page.tasks.map((task) => ({ ...task })),
          ...(page.nextCursor === undefined ? {} : { nextCursor: page.nextCursor }),
        };
      } catch (error) {
        if (error instanceof TypeError) throw new McpError(ErrorCode.InvalidParams, `tasks/list: ${error.message}`);
        throw error;
      }
    }),
  );
}

const LIST_PARAMS = fromJsonSchema<{ cursor?: string } | undefined>({
  type: 'object',
  properties: { cursor: { type: 'string' } },
});
