import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1Stdio } from '@modelcontextprotocol/sdk/client/stdio.js';

const params = { command: process.execPath, args: ['build/stdioServer.js'], env: getDefaultEnvironment(), stderr: 'inherit' as const };
for (const mode of [{ pin: '2026-07-28' }, 'auto', 'legacy'] as const) {
  const c = new Client({ name: 'v2', version: '1' }, { versionNegotiation: { mode } });
  await c.connect(new StdioClientTransport(params));
  const r = await c.callTool({ name: 'greet', arguments: {} });
  console.log(`[v2 ${JSON.stringify(mode)}] era=${c.getProtocolEra()} tools=${(await c.listTools()).tools.length} call=${JSON.stringify(r.content)}`);
  await c.close();
}
const v1 = new V1Client({ name: 'v1', version: '1' });
await v1.connect(new V1Stdio(params));
console.log(`[v1 stdio] tools=${(await v1.listTools()).tools.length} call=${JSON.stringify((await v1.callTool({ name: 'greet', arguments: {} })).content)}`);
await v1.close();
