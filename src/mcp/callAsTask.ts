import { ProtocolError as McpError, ProtocolErrorCode as ErrorCode } from '@modelcontextprotocol/server';
import type { CallOptions } from '../contracts/CallOptions.js';
import type { TaskRecord } from '../contracts/TaskStore.js';
import type { ToolOutcome } from '../contracts/ToolOutcome.js';
import { ToolUnavailableError } from '../errors/ToolUnavailableError.js';
import type { Dispatcher } from '../registry/Dispatcher.js';
import type { TaskRunner } from './TaskRunner.js';
import { ERROR_META_KEY, toCallToolResult } from './toCallToolResult.js';

/** One task-augmented `tools/call`. */
export interface TaskCall {
  readonly name: string;
  readonly args: unknown;
  readonly owner: string;
  readonly requestedTtl: unknown;
  readonly structured: boolean;
  /** The call's options: caller, permissions, trace, progress. Its signal and approval are the task's. */
  readonly options: CallOptions;
  /** Hears a task whose end the store could not record (the task then expires unfinished). */
  readonly onError: (error: unknown) => void;
  /** The revision the request speaks: what a full caller is told to do differs. */
  readonly era: 'legacy' | 'modern';
}

/**
 * Runs a call as a task. The call goes through the registry's pipeline as any other; the task is
 * created once availability, guards and validation have passed, so a refused call creates no task,
 * stores nothing and counts against no limit: it resolves at once with the refusal's outcome (the
 * server answers it as a JSON-RPC error in the 2025 era, as an ordinary error result in the 2026 one).
 * Resolves with the new task while the call goes on; its outcome becomes the task's result. Rejects
 * with a JSON-RPC error when the caller holds too many tasks or the store cannot be reached.
 */
export async function callAsTask(
  registry: Pick<Dispatcher, 'dispatch'>,
  runner: TaskRunner,
  call: TaskCall,
): Promise<{ readonly task: TaskRecord } | { readonly refused: ToolOutcome }> {
  const controller = new AbortController();
  let started: { task: TaskRecord; track: (finished: Promise<void>) => void } | undefined;
  let refusal: McpError | undefined;
  let decided!: () => void;
  const decision = new Promise<void>((resolve) => {
    decided = resolve;
  });
  const onAccepted = async (): Promise<void> => {
    try {
      started = await runner.start(call.owner, call.requestedTtl, controller);
      if (started === undefined) {
        refusal = new McpError(
          ErrorCode.InvalidRequest,
          `this caller already holds ${runner.maxPerCaller} tasks, the most it may (or the server is full); ${
            call.era === 'legacy'
              ? 'fetch their results with tasks/result'
              : 'poll tasks/get until they end, call without declaring the tasks extension to run this call at once'
          }, cancel them with tasks/cancel, or wait until they expire`,
        );
      }
    } catch (error) {
      // Converted to this refusal: a store's own failure names hosts and ports, which the client must not learn; the
      // operator hears it through onError.
      call.onError(error);
      refusal = new McpError(ErrorCode.InternalError, 'the task store could not be reached; call again later');
    }
    decided();
    // No task, no call: the pipeline ends here, before approval and the handler.
    if (started === undefined) throw new ToolUnavailableError(call.name, 'no task could be created for this call');
  };
  const outcome = registry.dispatch(call.name, call.args, {
    ...call.options,
    signal: controller.signal,
    approve: undefined,
    onAccepted,
  });
  // The task exists once onAccepted has returned, before the handler runs; a refusal settles the outcome without it.
  await Promise.race([outcome, decision]);
  const running = started;
  if (running === undefined) {
    if (refusal !== undefined) throw refusal;
    return { refused: await outcome };
  }
  running.track(
    outcome
      .then(async (settled) => {
        const result = toCallToolResult(settled, call.structured) as Readonly<Record<string, unknown>>;
        await runner.store.finish(running.task.taskId, settled.ok ? 'completed' : 'failed', result);
      })
      .catch(call.onError),
  );
  return { task: running.task };
}

/** A refused call's outcome as the JSON-RPC error of its task-augmented request. */
export function refusalOf(outcome: ToolOutcome): McpError {
  if (outcome.ok) return new McpError(ErrorCode.InternalError, 'the call ended before its task was created');
  const code =
    outcome.error.code === 'invalid_input' || outcome.error.code === 'tool_not_found'
      ? ErrorCode.InvalidParams
      : ErrorCode.InvalidRequest;
  return new McpError(code, outcome.error.message, { [ERROR_META_KEY]: { ...outcome.error } });
}
