import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CancelTaskRequestSchema,
  ErrorCode,
  GetTaskPayloadRequestSchema,
  GetTaskRequestSchema,
  ListTasksRequestSchema,
  McpError,
  RELATED_TASK_META_KEY,
} from '@modelcontextprotocol/sdk/types.js';
import type { McpRequestExtra } from './McpServerOptions.js';
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
  const notFound = (): McpError => new McpError(ErrorCode.InvalidParams, NOT_FOUND);
  // A store's own failure (Redis unreachable…) names hosts and ports: the client learns only that it failed.
  const shielded =
    <A extends unknown[], R>(handler: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await handler(...args);
      } catch (error) {
        if (error instanceof McpError) throw error;
        const signal = (args[1] as McpRequestExtra | undefined)?.signal;
        if (signal?.aborted) throw error;
        throw new McpError(ErrorCode.InternalError, UNREACHABLE);
      }
    };

  server.setRequestHandler(
    GetTaskRequestSchema,
    shielded(async (request, extra) => {
      const task = await store.get(ownerOf(extra), request.params.taskId);
      if (task === undefined) throw notFound();
      return { ...task };
    }),
  );

  server.setRequestHandler(
    GetTaskPayloadRequestSchema,
    shielded(async (request, extra) => {
      const owner = ownerOf(extra);
      const { taskId } = request.params;
      const task = await store.settled(owner, taskId, extra.signal);
      if (task === undefined) throw notFound();
      const related = { [RELATED_TASK_META_KEY]: { taskId } };
      if (task.status === 'cancelled') {
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
    CancelTaskRequestSchema,
    shielded(async (request, extra) => {
      const answer = await store.cancel(
        ownerOf(extra),
        request.params.taskId,
        'Cancelled by the client (tasks/cancel).',
      );
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
    ListTasksRequestSchema,
    shielded(async (request, extra) => {
      const owner = ownerOf(extra);
      // Clients that share one owner would see each other's task ids.
      if (unlisted?.(owner) === true) return { tasks: [] };
      try {
        const page = await store.list(owner, request.params?.cursor);
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
