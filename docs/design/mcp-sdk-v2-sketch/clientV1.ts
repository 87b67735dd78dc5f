import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const url = new URL(process.env.URL ?? 'http://127.0.0.1:3977/mcp');
const client = new Client({ name: 'v1-client', version: '1.32.2' }, { capabilities: process.env.NOELICIT ? {} : { elicitation: {} } });
if (!process.env.NOELICIT) client.setRequestHandler(ElicitRequestSchema, async (req) => {
  console.log(`[v1] elicitation asked: ${JSON.stringify(req.params.message)}`);
  return { action: 'accept', content: { approve: true } };
});
const transport = new StreamableHTTPClientTransport(url);
await client.connect(transport);
console.log(`[v1] session=${transport.sessionId} version=${transport.protocolVersion} server=${JSON.stringify(client.getServerVersion())}`);
const listed = await client.listTools();
console.log(`[v1] tools: ${listed.tools.map((t) => t.name).join(',')}`);
const r1 = await client.callTool({ name: 'greet', arguments: { name: 'legacy' } }, undefined, { onprogress: (p) => console.log(`[v1] progress ${JSON.stringify(p)}`) });
console.log(`[v1] greet: ${JSON.stringify(r1)}`);
const r2 = await client.callTool({ name: 'guarded', arguments: { name: 'alice' } });
console.log(`[v1] guarded: ${JSON.stringify(r2)}`);
await transport.terminateSession();
console.log(`[v1] DELETE ok`);
await client.close();
