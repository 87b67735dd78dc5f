import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
for (const mode of [{ pin: '2026-07-28' }, 'legacy'] as const) {
  const c = new Client({ name: 'p', version: '1' }, { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode } });
  c.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: {} }));
  await c.connect(new StreamableHTTPClientTransport(new URL('http://127.0.0.1:3977/mcp')));
  console.log(JSON.stringify(mode), JSON.stringify((await c.callTool({ name: 'push', arguments: {} })).content));
  await c.close();
}
