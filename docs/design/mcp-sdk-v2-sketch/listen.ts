import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as V1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1T } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
const url = new URL('http://127.0.0.1:3977/mcp');
const c = new Client({ name: 'listener', version: '1' }, {
  versionNegotiation: { mode: { pin: '2026-07-28' } },
  listChanged: { tools: { onChanged: (err, tools) => console.log('[v2 modern] onChanged', err?.message, tools?.map((t) => t.name)) } },
});
c.setNotificationHandler('notifications/tools/list_changed', () => console.log('[v2 modern] raw list_changed notification'));
await c.connect(new StreamableHTTPClientTransport(url));
const v1 = new V1({ name: 'v1', version: '1' });
v1.setNotificationHandler(ToolListChangedNotificationSchema, () => console.log('[v1 legacy] list_changed'));
await v1.connect(new V1T(url));
await new Promise((r) => setTimeout(r, 500));
console.log('touch ->', JSON.stringify((await c.callTool({ name: 'touch', arguments: {} })).content));
await new Promise((r) => setTimeout(r, 1500));
await c.close(); await v1.close();
