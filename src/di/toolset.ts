import { ContainerModule, type ContainerModuleLoadOptions, type Newable } from 'inversify';
import { PermissionSet } from '../permissions/PermissionSet.js';
import { bindShared } from './bindShared.js';
import { ensureInjectable } from './ensureInjectable.js';
import { TOOLSET } from './tokens.js';
import type { ToolsetOptions } from './ToolsetOptions.js';

/**
 * A container module holding one toolset: its tool classes, bound unless already bound (singletons,
 * or per call with `scope: 'call'`), their grant and their interceptors.
 *
 * @example
 * await container.load(toolset({ name: 'filesystem', tools: [ReadFile, WriteFile], granted: PermissionSet.none().grant('fs:read') }));
 */
export function toolset(options: ToolsetOptions): ContainerModule {
  return new ContainerModule((load) => loadToolset(load, options));
}

/**
 * What `toolset(options)` binds, for a module whose load must first fetch its tools (an async
 * `ContainerModule`, such as `mcpToolset`'s).
 */
export function loadToolset(load: ContainerModuleLoadOptions, options: ToolsetOptions): void {
  const descriptor: Required<ToolsetOptions> = Object.freeze({
    name: options.name,
    tools: Object.freeze([...(options.tools ?? [])]),
    granted: options.granted ?? PermissionSet.none(),
    interceptors: Object.freeze([...(options.interceptors ?? [])]),
    guards: Object.freeze([...(options.guards ?? [])]),
    scope: options.scope ?? 'singleton',
    declarations: Object.freeze([...(options.declarations ?? [])]),
  });
  for (const tool of descriptor.tools) {
    const id = tool as Newable<object>;
    if (typeof tool !== 'function') continue;
    ensureInjectable(id);
    if (load.isBound(id)) continue;
    const binding = load.bind(id).toSelf();
    if (descriptor.scope === 'call') binding.inTransientScope();
    else binding.inSingletonScope();
  }
  load.bind(TOOLSET).toConstantValue(descriptor);
  bindShared(load);
}
