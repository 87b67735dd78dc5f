import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, ModuleRef } from '@nestjs/core';
import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import { assembleRegistry, type InstanceResolver } from '../di/buildRegistry.js';
import type { ToolsetOptions } from '../di/ToolsetOptions.js';
import { refreshSecrets } from '../errors/redactSecrets.js';
import { ToolDefinitionError } from '../errors/ToolDefinitionError.js';
import type { PermissionSet } from '../permissions/PermissionSet.js';
import { ToolRegistry } from '../registry/ToolRegistry.js';
import { DeferredToolRegistry } from './DeferredToolRegistry.js';
import { FeatureToolset } from './FeatureToolset.js';
import { hasToolDecorator } from './hasToolDecorator.js';
import { mcpOptionProblems } from './mcpOptionProblems.js';
import { ownOptions } from './ownOptions.js';
import type { HermesToolsModuleOptions } from './HermesToolsModuleOptions.js';
import { resolveFromNest } from './resolveFromNest.js';
import { toDescriptor } from './toDescriptor.js';
import { HERMES_TOOLS_OPTIONS, MCP_FROM_FACTORY } from './tokens.js';

/** Asked for a class not resolved yet: the build is run again once it is. */
const PENDING = Symbol('pending');

/**
 * Builds the registry once every Nest provider is constructed (so no class is taken half-made),
 * and fails the app's startup with one ToolDefinitionError listing every wiring mistake.
 * @internal
 */
@Injectable()
export class RegistryBuilder implements OnModuleInit {
  constructor(
    @Inject(HERMES_TOOLS_OPTIONS) private readonly options: HermesToolsModuleOptions,
    @Inject(ToolRegistry) private readonly registry: DeferredToolRegistry,
    private readonly moduleRef: ModuleRef,
    private readonly discovery: DiscoveryService,
  ) {}

  async onModuleInit(): Promise<void> {
    refreshSecrets();
    // this.options holds own keys only (see ownOptions), and so does what is passed on.
    const { toolsets: rootToolsets = [], discover, imports: _imports, mcp, ...rest } = this.options;
    const moduleOptions = ownOptions(rest);
    const problems: DefinitionProblem[] = mcpOptionProblems(mcp, (this.options as { [MCP_FROM_FACTORY]?: boolean })[MCP_FROM_FACTORY] === true);
    const owners = new Map<Function, ModuleRef>();
    const toolsets: Required<ToolsetOptions>[] = [];
    const features = [
      ...rootToolsets.map((set) => new FeatureToolset(toDescriptor(set, problems), this.moduleRef)),
      ...this.discovery
        .getProviders()
        .map((wrapper) => wrapper.instance as unknown)
        .filter((instance): instance is FeatureToolset => instance instanceof FeatureToolset),
    ];
    for (const feature of features) {
      toolsets.push(feature.descriptor);
      problems.push(...feature.problems);
      for (const tool of feature.descriptor.tools) if (typeof tool === 'function' && !owners.has(tool)) owners.set(tool, feature.moduleRef);
    }
    const resolved = new Map<Function, object | Error>();
    if (discover !== undefined && discover !== false) toolsets.push(this.#discover(discover === true ? {} : discover, owners, resolved));

    const pending = new Set<Function>();
    const lookup = (type: Function): object => {
      const found = resolved.get(type);
      if (found === undefined) {
        pending.add(type);
        throw PENDING;
      }
      if (found instanceof Error) throw found;
      return found;
    };
    const resolver: InstanceResolver = { service: lookup, tool: lookup };
    // A class is known to be wanted only once the build asks for it (a guard named by @UseGuards, say):
    // resolve what was asked for, and build again, until nothing new is asked.
    for (;;) {
      pending.clear();
      try {
        const registry = assembleRegistry(moduleOptions, toolsets, resolver, [...problems]);
        this.registry.resolveTo(registry);
        return;
      } catch (error) {
        if (pending.size === 0) throw error;
        if (!(error instanceof ToolDefinitionError)) throw error;
      }
      for (const type of pending) {
        try {
          resolved.set(type, await resolveFromNest(owners.get(type) ?? this.moduleRef, type));
        } catch (error) {
          resolved.set(type, error instanceof Error ? error : new Error(String(error)));
        }
      }
    }
  }

  /** The providers with `@Tool` that no toolset names, as one toolset. */
  #discover(
    options: { readonly name?: string; readonly granted?: PermissionSet },
    owners: Map<Function, ModuleRef>,
    resolved: Map<Function, object | Error>,
  ): Required<ToolsetOptions> {
    const tools: Function[] = [];
    for (const wrapper of this.discovery.getProviders()) {
      const type = wrapper.metatype;
      if (typeof type !== 'function' || wrapper.inject || !hasToolDecorator(type) || owners.has(type) || tools.includes(type)) continue;
      tools.push(type);
      resolved.set(
        type,
        wrapper.isDependencyTreeStatic()
          ? (wrapper.instance as object)
          : new Error(
              `${type.name} is a request- or transient-scoped Nest provider (or depends on one); hermes-tools resolves each class once, when the app starts: make it a singleton`,
            ),
      );
    }
    return toDescriptor({ name: options.name ?? 'discovered', tools, ...(options.granted !== undefined && { granted: options.granted }) }, []);
  }
}
