// The era of a POST with a parsed body, as McpHttpHandler decides it (isLegacyPost), against the SDK's own predicate on a
// web Request made from the same Node request: the two must agree on every body and header they are given.
import type { IncomingMessage } from 'node:http';
import { toWebRequest } from '@modelcontextprotocol/node';
import { isLegacyRequest } from '@modelcontextprotocol/server';
import { isLegacyPost } from '../src/mcp/isLegacyPost.js';

const MODERN = '2026-07-28';
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientInfo': { name: 'test', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};
const CALL = { name: 'ref.read', arguments: { path: 'a' } };

const BODIES: Record<string, unknown> = {
  'a 2025 call': { jsonrpc: '2.0', id: 1, method: 'tools/call', params: CALL },
  'a 2026 call': { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { ...CALL, _meta: ENVELOPE } },
  'a 2026 listing': { jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: ENVELOPE } },
  initialize: {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'test', version: '1.0.0' } },
  },
  'a notification': { jsonrpc: '2.0', method: 'notifications/initialized' },
  'a cancellation': { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } },
  'a batch': [
    { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    { jsonrpc: '2.0', id: 2, method: 'tools/call', params: CALL },
  ],
  'an empty batch': [],
  'a response': { jsonrpc: '2.0', id: 3, result: {} },
  'an error response': { jsonrpc: '2.0', id: 3, error: { code: -1, message: 'no' } },
  'not JSON-RPC': { hello: 'world' },
  null: null,
  'a string': 'tools/call',
};

const HEADERS: Record<string, Record<string, string | string[]>> = {
  none: {},
  '2025 version': { 'mcp-protocol-version': '2025-11-25' },
  '2026 version': { 'mcp-protocol-version': MODERN },
  '2026 headers': { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/call', 'mcp-name': 'ref.read' },
  'mismatched headers': { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/list', 'mcp-name': 'other' },
  'padded values': { 'mcp-protocol-version': ` ${MODERN}\t`, 'mcp-method': ' tools/call ' },
  'empty values': { 'mcp-protocol-version': '', 'mcp-method': '', 'mcp-name': '' },
  'repeated values': { 'mcp-protocol-version': [MODERN, MODERN], 'mcp-method': ['tools/call', 'tools/list'] },
};

function nodeRequest(headers: Record<string, string | string[]>): IncomingMessage {
  return {
    method: 'POST',
    url: '/mcp',
    headers: { host: '127.0.0.1:3000', 'content-type': 'application/json', ...headers },
  } as unknown as IncomingMessage;
}

describe('the era of a POST with a parsed body', () => {
  const cases = Object.entries(BODIES).flatMap(([body, value]) =>
    Object.entries(HEADERS).map(([headers, given]) => [body, headers, value, given] as const),
  );

  it.each(cases)('%s with %s headers: as the SDK classifies it', async (_body, _headers, value, given) => {
    const req = nodeRequest(given);
    const sdk = await isLegacyRequest(await toWebRequest(req, value), value);
    expect(isLegacyPost(req, value)).toBe(sdk);
  });

  it('both eras occur among the cases', () => {
    const eras = new Set(cases.map(([, , value, given]) => isLegacyPost(nodeRequest(given), value)));
    expect(eras).toEqual(new Set([true, false]));
  });
});
