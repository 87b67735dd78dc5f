import 'reflect-metadata';
import { Container } from 'inversify';
import { PermissionSet, ToolRegistry, toolset, toolsModule } from 'hermes-tools';
import { TicketSearch } from './TicketSearch.js';
import types from './tool-types.generated.js';

// Run by tsx (npm run start:tsx): esbuild emits no decorator metadata, so the registry reads each parameter's type
// from the manifest `hermes-tools typegen` wrote (npm run typegen).

const container = new Container();
await container.load(
  toolsModule({ types }),
  toolset({ name: 'tickets', tools: [TicketSearch], granted: PermissionSet.none() }),
);
const registry = container.get(ToolRegistry);

for (const tool of registry.definitions().filter((t) => t.toolset === 'tickets')) {
  console.log(`${tool.name}: ${tool.description}`);
  console.log(JSON.stringify(tool.inputSchema, null, 2));
}
const good = await registry.dispatch('tickets.search', { query: 'refund', priority: 2, filter: { status: 'open' } });
console.log('a valid call:', JSON.stringify(good.ok ? good.value : good.error));
const bad = await registry.dispatch('tickets.search', { query: 'refund', priority: 5, filter: { status: 'pending' } });
console.log('an invalid call:', bad.ok ? 'accepted?' : bad.error.message);
