// One 2026-07-28 request sent by hand over Streamable HTTP, with the headers the revision requires: for what the
// SDK's client would never send (a forged requestState, a header that disagrees with the body).

/** The `_meta` envelope of a 2026 request from a client that declares form elicitation. */
export const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'raw-client', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
};

/** One 2026-07-28 `tools/call` sent by hand, with the headers the revision requires; its JSON-RPC answer. */
export async function rawCall(
  url: URL,
  token: string,
  params: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<{
  status: number;
  body: { result?: Record<string, unknown>; error?: { code: number; message: string; data?: unknown } };
}> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      ...modernHeaders(token, 'tools/call', String(params.name)),
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { ...params, _meta: ENVELOPE } }),
  });
  const text = await response.text();
  // A JSON answer, or an event stream whose last data line is the answer.
  const json = response.headers.get('content-type')?.includes('text/event-stream')
    ? (text
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .at(-1)
        ?.slice(6) ?? '{}')
    : text;
  return { status: response.status, body: JSON.parse(json) };
}

/** The headers of a 2026-07-28 POST over Streamable HTTP: the bearer token, the revision, the method and its name. */
export function modernHeaders(token: string, method: string, name?: string): Record<string, string> {
  return {
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': method,
    ...(name === undefined ? {} : { 'mcp-name': name }),
  };
}
