// The tools/list a server sends follows which tools are shown, not how many.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Requires, Tool, toolset, toolsModule } from 'hermes-tools';
import { createMcpServer } from 'hermes-tools/mcp';
import { buildRegistry } from './support/buildRegistry.js';

/** Which of the two backends is reachable now. */
let backend: 'primary' | 'replica' = 'primary';

@Tool({ name: 'search.primary', description: 'Searches the primary index.' })
@Requires({ check: () => backend === 'primary', description: 'the primary index' })
class SearchPrimary {
  execute(): string {
    return 'primary';
  }
}

@Tool({ name: 'search.replica', description: 'Searches the replica index.' })
@Requires({ check: () => backend === 'replica', description: 'the replica index' })
class SearchReplica {
  execute(): string {
    return 'replica';
  }
}

@Tool({ name: 'status', description: 'Says the service is up.' })
class Status {
  execute(): string {
    return 'up';
  }
}

describe('tools/list', () => {
  it("shows the tool that took another's place, though the number of tools is the same", async () => {
    const { registry } = await buildRegistry(
      toolsModule({ results: false }),
      toolset({ name: 'search', tools: [SearchPrimary, SearchReplica, Status] }),
    );
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const server = createMcpServer(registry, { name: 'listing', version: '1.0.0', listChangedIntervalMs: 0 });
    const client = new Client({ name: 'lister', version: '1.0.0' });
    try {
      await server.connect(serverSide);
      await client.connect(clientSide);
      backend = 'primary';
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['search.primary', 'status']);
      backend = 'replica';
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['search.replica', 'status']);
    } finally {
      backend = 'primary';
      await client.close();
      await server.close();
    }
  });
});
