import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as V1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1T } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
const url = new URL('http://127.0.0.1:3977/mcp');
const c = new Client({ name: 'canceller', version: '1' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
await c.connect(new StreamableHTTPClientTransport(url));
const v1 = new V1({ name: 'v1', version: '1' });
await v1.connect(new V1T(url));
for (const [name, call] of [
  ['v2 modern', (signal: AbortSignal) => c.callTool({ name: 'slow', arguments: {} }, { signal })],
  ['v1 legacy', (signal: AbortSignal) => v1.callTool({ name: 'slow', arguments: {} }, undefined, { signal })],
] as const) {
  const ac = new AbortController();
  setTimeout(() => ac.abort(new Error('user cancelled')), 300);
  try { await call(ac.signal); console.log(name, 'completed?!'); } catch (e) { console.log(name, 'rejected:', (e as Error).message); }
}
await new Promise((r) => setTimeout(r, 500));
await c.close(); await v1.close();
