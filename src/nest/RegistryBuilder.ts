import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, ModuleRef } from '@nestjs/core';
import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import { assembleRegistry } from '../di/buildRegistry.js';
import type { ToolsetDescriptor } from '../di/ToolsetOptions.js';
import { refreshSecrets } from '../errors/redactSecrets.js';
import type { PermissionSet } from '../permissions/PermissionSet.js';
import { ToolRegistry } from '../registry/ToolRegistry.js';
import { DeferredToolRegistry } from './DeferredToolRegistry.js';
import { FeatureToolset } from './FeatureToolset.js';
import { hasToolDecorator } from './hasToolDecorator.js';
import { mcpOptionProblems } from './mcpOptionProblems.js';
import { ownCopy } from '../internal/ownOptions.js';
import { referencedClasses } from './referencedClasses.js';
import type { HermesToolsModuleOptions } from './HermesToolsModuleOptions.js';
import { resolveFromNest } from './resolveFromNest.js';
import { toDescriptor } from './toDescriptor.js';
import { HERMES_TOOLS_OPTIONS, MCP_FROM_FACTORY } from './tokens.js';

/**
 * Builds the registry once every Nest provider is constructed (so no class is taken half-made),
 * and fails the app's startup with one ToolDefinitionError listing every wiring mistake. In three
 * steps, as Nest's own explorers do: collect every class the declarations reference, resolve each
 * from Nest, then assemble the registry once.
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
    const moduleOptions = ownCopy(rest);
    const mcpFromFactory = (this.options as { [MCP_FROM_FACTORY]?: boolean })[MCP_FROM_FACTORY] === true;
    const problems: DefinitionProblem[] = mcpOptionProblems(mcp, mcpFromFactory);
    const providers = this.discovery.getProviders();
    const owners = new Map<Function, ModuleRef>();
    const toolsets: ToolsetDescriptor[] = [];
    const features = [
      ...rootToolsets.map((set) => new FeatureToolset(toDescriptor(set, problems), this.moduleRef)),
      ...providers
        .map((wrapper) => wrapper.instance as unknown)
        .filter((instance) => instance instanceof FeatureToolset),
    ];
    for (const feature of features) {
      toolsets.push(feature.descriptor);
      problems.push(...feature.problems);
      for (const tool of feature.descriptor.tools) {
        if (typeof tool === 'function' && !owners.has(tool)) owners.set(tool, feature.moduleRef);
      }
    }
    const resolved = new Map<Function, object | Error>();
    if (discover !== undefined && discover !== false) {
      toolsets.push(this.#discover(discover === true ? {} : discover, owners, resolved));
    }

    const provided = new Set<unknown>(providers.map((wrapper) => wrapper.token));
    for (const type of referencedClasses(moduleOptions, toolsets)) {
      if (resolved.has(type)) continue;
      // A class Nest cannot make is kept as the Error it gave: the build reports it where the class is used.
      const instance = resolveFromNest(owners.get(type) ?? this.moduleRef, type, provided.has(type));
      resolved.set(type, await instance.then((made) => made, toError));
    }
    const lookup = (type: Function): object => {
      const found =
        resolved.get(type) ?? new Error(`${type.name} was not resolved before the build: a hermes-tools bug`);
      if (found instanceof Error) throw found;
      return found;
    };
    this.registry.resolveTo(assembleRegistry(moduleOptions, toolsets, { service: lookup, tool: lookup }, problems));
  }

  /** The providers with `@Tool` that no toolset names, as one toolset. */
  #discover(
    options: { readonly name?: string; readonly granted?: PermissionSet },
    owners: Map<Function, ModuleRef>,
    resolved: Map<Function, object | Error>,
  ): ToolsetDescriptor {
    const tools: Function[] = [];
    for (const wrapper of this.discovery.getProviders()) {
      const type = wrapper.metatype;
      if (
        typeof type !== 'function' ||
        wrapper.inject ||
        !hasToolDecorator(type) ||
        owners.has(type) ||
        tools.includes(type)
      )
        continue;
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
    return toDescriptor(
      { name: options.name ?? 'discovered', tools, ...(options.granted !== undefined && { granted: options.granted }) },
      [],
    );
  }
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
