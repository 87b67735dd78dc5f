import type { ContainerModuleLoadOptions } from 'inversify';
import { liveToolContext } from '../context/liveToolContext.js';
import { ToolContext } from '../context/ToolContextToken.js';
import { ResourceUpdates } from '../registry/ResourceUpdates.js';
import { ToolRegistry } from '../registry/ToolRegistry.js';
import { buildRegistry } from './buildRegistry.js';

/**
 * Binds what every hermes-tools module needs once per container: the registry, the ToolContext token and the
 * ResourceUpdates.
 */
export function bindShared({ bind, isBound }: ContainerModuleLoadOptions): void {
  if (!isBound(ToolRegistry)) {
    let building = false;
    bind(ToolRegistry)
      .toDynamicValue((context) => {
        // Something the registry builds (an interceptor, a tool) asks for the registry itself:
        // without this, the container recurses until the process runs out of memory.
        if (building) {
          throw new Error(
            'ToolRegistry is injected into something the registry itself builds (an interceptor or a tool): a cycle. Inject a lazy getter instead, e.g. bind a factory () => container.get(ToolRegistry) and call it inside the handler',
          );
        }
        building = true;
        try {
          return buildRegistry(context);
        } finally {
          building = false;
        }
      })
      .inSingletonScope();
  }
  if (!isBound(ToolContext)) bind(ToolContext).toDynamicValue(liveToolContext).inSingletonScope();
  // One per container: what its services announce, its registry's MCP servers tell their subscribers.
  if (!isBound(ResourceUpdates)) bind(ResourceUpdates).toSelf().inSingletonScope();
}
