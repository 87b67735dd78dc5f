import type { ContainerModuleLoadOptions } from 'inversify';
import { ToolContext } from '../context/ToolContext.js';
import { ToolRegistry } from '../registry/ToolRegistry.js';
import { buildRegistry } from './buildRegistry.js';
import { currentContext } from './callContextSlot.js';

/** Binds what every hermes-tools module needs once per container: the registry and the ToolContext token. */
export function bindShared({ bind, isBound }: ContainerModuleLoadOptions): void {
  if (!isBound(ToolRegistry)) {
    bind(ToolRegistry)
      .toDynamicValue((context) => buildRegistry(context))
      .inSingletonScope();
  }
  if (!isBound(ToolContext)) {
    bind(ToolContext)
      .toDynamicValue(() => {
        const ctx = currentContext();
        if (ctx === undefined) {
          throw new Error("ToolContext can only be injected into a call-scoped tool (toolset({ scope: 'call' })) or its dependencies; a singleton gets it as a @Ctx() parameter");
        }
        return ctx;
      })
      .inTransientScope();
  }
}
