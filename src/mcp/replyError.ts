import type { ServerResponse } from 'node:http';

/** Answers with a JSON-RPC error and no id, as the SDK's Streamable HTTP transport does. @internal */
export function replyError(res: ServerResponse, status: number, message: string, code = -32000): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
