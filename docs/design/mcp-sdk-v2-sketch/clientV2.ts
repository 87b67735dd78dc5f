import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

const url = new URL(process.env.URL ?? 'http://127.0.0.1:3977/mcp');
const modeArg = process.argv[2] ?? 'pin';
const mode = modeArg === 'pin' ? { pin: '2026-07-28' } : (modeArg as 'auto' | 'legacy');

const client = new Client(
  { name: `v2-client-${modeArg}`, version: '2.4.0' },
  { capabilities: process.env.NOELICIT ? {} : { elicitation: { form: {} } }, versionNegotiation: { mode } },
);
if (!process.env.NOELICIT) client.setRequestHandler('elicitation/create', async (req) => {
  console.log(`[v2 ${modeArg}] elicitation asked: ${JSON.stringify(req.params.message)}`);
  return { action: 'accept', content: { approve: true } };
});
client.setNotificationHandler('notifications/tools/list_changed', () => console.log('list changed'));

await client.connect(new StreamableHTTPClientTransport(url));
console.log(`[v2 ${modeArg}] era=${client.getProtocolEra()} version=${client.getNegotiatedProtocolVersion()} discover=${JSON.stringify(client.getDiscoverResult())?.slice(0, 300)}`);
const listed = await client.listTools();
console.log(`[v2 ${modeArg}] tools: ${listed.tools.map((t) => t.name).join(',')} ttlMs=${(listed as { ttlMs?: number }).ttlMs} cacheScope=${(listed as { cacheScope?: string }).cacheScope}`);
const r1 = await client.callTool({ name: 'greet', arguments: { name: 'modern' } }, { onprogress: (p) => console.log(`[v2 ${modeArg}] progress ${JSON.stringify(p)}`) });
console.log(`[v2 ${modeArg}] greet: ${JSON.stringify(r1)}`);
const r2 = await client.callTool({ name: 'guarded', arguments: { name: 'bob' } });
console.log(`[v2 ${modeArg}] guarded: ${JSON.stringify(r2)}`);
await client.close();
