import { type JSONRPCRequest, type Result, Server, type ServerContext } from '@modelcontextprotocol/server';

type Handler = (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>;

/**
 * The SDK's `Server`, letting a `tools/call` answer with a task instead of its result: a 2025-11-25 `CreateTaskResult`
 * (`{ task }`, for a task-augmented call) or a 2026-07-28 one (`resultType: 'task'`, the tasks extension). SDK 2.4.0
 * has no tasks runtime and checks every `tools/call` result as a `CallToolResult`. `_wrapHandler` is the hook the SDK
 * documents for subclasses that wrap a handler's result checks: the request still goes through the SDK's own checks
 * (its schema, `requestState`), and only a result marked by {@link asCreatedTask} skips the result check.
 */
export class TaskServer extends Server {
  protected override _wrapHandler(method: string, handler: Handler): Handler {
    if (method !== 'tools/call') return super._wrapHandler(method, handler);
    // The task a request made, kept by its request object: the SDK passes that object through unchanged, while the
    // context it hands the handler may be a copy.
    const created = new WeakMap<JSONRPCRequest, Result>();
    const checked = super._wrapHandler(method, async (request, ctx) => {
      const result = await handler(request, ctx);
      if (!CREATED.has(result)) return result;
      created.set(request, result);
      return PLACEHOLDER;
    });
    return async (request, ctx) => {
      const result = await checked(request, ctx);
      const task = created.get(request);
      if (task === undefined) return result;
      created.delete(request);
      return task;
    };
  }
}

/** Marks a `tools/call` handler's result as the task it made, for {@link TaskServer} to send as it is. */
export function asCreatedTask<T extends Result>(result: T): T {
  CREATED.add(result);
  return result;
}

const CREATED = new WeakSet<object>();

/** What the SDK's result check sees in place of a task: a valid, empty `CallToolResult`. */
const PLACEHOLDER: Result = Object.freeze({ content: [] }) as Result;
