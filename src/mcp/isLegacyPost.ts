import type { IncomingMessage } from 'node:http';
import { classifyInboundRequest } from '@modelcontextprotocol/server';

/**
 * Whether the SDK would serve a POST whose parsed JSON body is `body` as a 2025-era request: what
 * `isLegacyRequest(await toWebRequest(req, body), body)` answers, without the web `Request` that pair builds (its headers,
 * and the body serialised again), which took more of a stateless call than anything else of ours. Given a parsed body,
 * the SDK classifies from the method, the body and three headers only; a header sent twice reads as a web `Headers`
 * joins it.
 * @internal
 */
export function isLegacyPost(req: IncomingMessage, body: unknown): boolean {
  const { headers } = req;
  return (
    classifyInboundRequest({
      httpMethod: 'POST',
      protocolVersionHeader: single(headers['mcp-protocol-version']),
      mcpMethodHeader: single(headers['mcp-method']),
      mcpNameHeader: single(headers['mcp-name']),
      body,
    }).kind === 'legacy'
  );
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}
