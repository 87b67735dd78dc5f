// What the MCP task tests ask of a client: a task-augmented tools/call, a refusal caught as the
// McpError it is, and a result's text.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CreateTaskResultSchema, McpError } from '@modelcontextprotocol/sdk/types.js';

/** `tools/call` as a task (`params.task`), with a ttl when given. */
export function createTask(client: Client, name: string, args: Record<string, unknown> = {}, ttl?: number) {
  return client.request({ method: 'tools/call', params: { name, arguments: args } }, CreateTaskResultSchema, {
    task: ttl === undefined ? {} : { ttl },
  });
}

/** The McpError a request was refused with (fails the test if it was not). */
export async function refusal(promise: Promise<unknown>): Promise<McpError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(McpError);
    return error as McpError;
  }
  throw new Error('expected the request to be refused');
}

/** The text of a tools/call result. */
export function text(result: unknown): string {
  return ((result as { content?: { text?: string }[] }).content ?? []).map((c) => c.text ?? '').join('');
}
