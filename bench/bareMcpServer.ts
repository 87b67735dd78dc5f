// The bare SDK v2 McpServer that the MCP cases compare ours with (in memory and over HTTP): the reference tool with
// the same work per call as ours, a permission check and two pass-through async middlewares around it.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { readBody } from './fixtures.js';

const input = z.strictObject({
  path: z.string().min(1),
  maxBytes: z.number().int().min(1).default(1_000_000),
  encoding: z.enum(['utf8', 'latin1']).optional(),
});

export function bareMcpServer(): McpServer {
  const server = new McpServer({ name: 'peer', version: '1.0.0' });
  const granted = new Set(['fs:read']);
  const middleware = (next: () => Promise<number>) => async () => next();
  server.registerTool('ref.read', { description: 'Reads a file.', inputSchema: input }, async (a) => {
    if (!granted.has('fs:read')) throw new Error('denied');
    const text = String(await middleware(middleware(() => readBody(a.path, a.maxBytes)))());
    return { content: [{ type: 'text', text }] };
  });
  return server;
}
