import { type JSONRPCRequest, type Result, Server, type ServerContext } from '@modelcontextprotocol/server';

type Handler = (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>;

/**
 * The SDK's `Server`, letting a task-augmented `tools/call` (MCP 2025-11-25, `params.task`) answer with its
 * `CreateTaskResult`: SDK 2.4.0 has no tasks runtime and checks every `tools/call` result as a `CallToolResult`.
 * `_wrapHandler` is the hook the SDK documents for subclasses that wrap a handler's result checks; only the
 * task-augmented form skips them, and that form exists only on 2025-era connections.
 */
export class TaskServer extends Server {
  protected override _wrapHandler(method: string, handler: Handler): Handler {
    const checked = super._wrapHandler(method, handler);
    if (method !== 'tools/call') return checked;
    return (request, ctx) =>
      (request.params as { task?: unknown } | undefined)?.task === undefined
        ? checked(request, ctx)
        : handler(request, ctx);
  }
}
