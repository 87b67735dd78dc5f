import { ContainerModule, type ContainerModuleLoadOptions, type Newable } from 'inversify';
import { ToolDefinitionError } from '../errors/ToolDefinitionError.js';
import { PermissionSet } from '../permissions/PermissionSet.js';
import { ownOptions } from '../internal/ownOptions.js';
import { bindShared } from './bindShared.js';
import { ensureInjectable } from './ensureInjectable.js';
import { TOOLSET } from './tokens.js';
import type { ToolsetDescriptor, ToolsetOptions } from './ToolsetOptions.js';

const TOOLSET_KEYS = ['name', 'tools', 'granted', 'guards', 'interceptors', 'scope', 'declarations', 'feed'] as const;

/**
 * A container module holding one toolset: its tool classes, bound unless already bound (singletons,
 * or per call with `scope: 'call'`), their grant and their interceptors. Only the options' own keys
 * are read, and an unknown one is a ToolDefinitionError when the module is loaded.
 *
 * @example
 * await container.load(toolset({ name: 'filesystem', tools: [ReadFile, WriteFile], granted:
 * PermissionSet.none().grant('fs:read') }));
 */
export function toolset(options: ToolsetOptions): ContainerModule {
  return new ContainerModule((load) => loadToolset(load, options));
}

/**
 * What `toolset(options)` binds, for a module whose load must first fetch its tools (an async
 * `ContainerModule`, such as `mcpToolset`'s).
 */
export function loadToolset(load: ContainerModuleLoadOptions, given: ToolsetOptions): void {
  // Own keys only: a polluted Object.prototype.granted must not grant a toolset anything.
  const { options, problem } = ownOptions(given, TOOLSET_KEYS);
  if (problem !== undefined) {
    throw new ToolDefinitionError([
      {
        where: typeof options.name === 'string' ? `toolset "${options.name}"` : 'toolset',
        code: 'invalid_toolset',
        message: problem,
      },
    ]);
  }
  const descriptor: ToolsetDescriptor = Object.freeze({
    name: options.name as string,
    tools: Object.freeze([...(options.tools ?? [])]),
    granted: options.granted ?? PermissionSet.none(),
    interceptors: Object.freeze([...(options.interceptors ?? [])]),
    guards: Object.freeze([...(options.guards ?? [])]),
    scope: options.scope ?? 'singleton',
    declarations: Object.freeze([...(options.declarations ?? [])]),
    ...(options.feed !== undefined && { feed: options.feed }),
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
