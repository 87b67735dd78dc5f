import { Server, type McpRequestContext } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

serveStdio((ctx: McpRequestContext) => {
  const server = new Server({ name: 'stdio-both', version: '1' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', async () => ({ tools: [{ name: 'greet', inputSchema: { type: 'object' } }] }));
  server.setRequestHandler('tools/call', async () => ({ content: [{ type: 'text', text: `hi from ${ctx.era}` }] }));
  return server;
}, { onerror: (e) => console.error('[stdio server]', e.message) });
