import { type DynamicModule, Module, type Provider, type Type } from '@nestjs/common';
import { DiscoveryModule, ModuleRef } from '@nestjs/core';
import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import { ToolRegistry } from '../registry/ToolRegistry.js';
import { DeferredToolRegistry } from './DeferredToolRegistry.js';
import { FeatureToolset } from './FeatureToolset.js';
import type { HermesToolsAsyncOptions } from './HermesToolsAsyncOptions.js';
import type { HermesToolsModuleOptions } from './HermesToolsModuleOptions.js';
import { mcpController } from './mcpController.js';
import type { NestToolsetOptions } from './NestToolsetOptions.js';
import { ownCopy } from '../internal/ownOptions.js';
import { RegistryBuilder } from './RegistryBuilder.js';
import { toDescriptor } from './toDescriptor.js';
import { HERMES_TOOLS_OPTIONS, MCP_FROM_FACTORY } from './tokens.js';

let features = 0;

/**
 * hermes-tools in a Nest app. `forRoot` (once, in the root module) makes `ToolRegistry` a global
 * provider, built when the app initialises from every toolset: the root's, each `forFeature`'s, and
 * with `discover` every provider with `@Tool`. Tool, guard, interceptor, approver and audit sink
 * classes come from Nest's container, so they inject any Nest provider; wiring mistakes fail
 * `app.init()` with one ToolDefinitionError.
 *
 * @example
 * HermesToolsModule.forRoot({ toolsets: [{ name: 'users', tools: [FindUser] }], timeoutMs: 5_000 })
 */
@Module({})
// biome-ignore lint/complexity/noStaticOnlyClass: a Nest module is a class; forRoot and forFeature are Nest's idiom.
export class HermesToolsModule {
  /** The registry with these options; import it once, in the root module. */
  static forRoot(given: HermesToolsModuleOptions = {}): DynamicModule {
    const options = rootOptions(given);
    return rootModule(
      options.imports ?? [],
      { provide: HERMES_TOOLS_OPTIONS, useValue: options },
      options.mcp === undefined ? [] : [mcpController(options.mcp)],
    );
  }

  /** The registry with options made by a factory that injects Nest providers (a ConfigService, say). */
  static forRootAsync(given: HermesToolsAsyncOptions): DynamicModule {
    const options = ownCopy(given);
    const factory = options.useFactory as (
      ...args: unknown[]
    ) => HermesToolsModuleOptions | Promise<HermesToolsModuleOptions>;
    const mcp = options.mcp === undefined ? undefined : ownCopy(options.mcp);
    return rootModule(
      options.imports ?? [],
      {
        provide: HERMES_TOOLS_OPTIONS,
        useFactory: async (...args: unknown[]) => {
          const made = ownCopy(await factory(...args));
          // An mcp the factory returns comes too late to mount a route: reported when the registry is built.
          return rootOptions({ ...made, mcp, ...(made.mcp !== undefined && { [MCP_FROM_FACTORY]: true }) });
        },
        inject: [...(options.inject ?? [])],
      },
      mcp === undefined ? [] : [mcpController(mcp)],
    );
  }

  /**
   * A feature module's own toolset, in the one registry. Its tools are the providers some module
   * declares (the feature module's, usually), or constructed by Nest with what `imports` exports.
   */
  static forFeature(given: NestToolsetOptions): DynamicModule {
    const options = ownCopy(given);
    const problems: DefinitionProblem[] = [];
    const descriptor = toDescriptor(options, problems);
    features += 1;
    return {
      module: HermesToolsModule,
      imports: [...(options.imports ?? [])],
      providers: [
        {
          provide: Symbol(`hermes-tools:toolset:${features}:${String(options.name)}`),
          useFactory: (moduleRef: ModuleRef) => new FeatureToolset(descriptor, moduleRef, problems),
          inject: [ModuleRef],
        },
      ],
    };
  }
}

/** The root options as own keys only, `mcp` and `discover` included (see ownOptions). */
function rootOptions(given: HermesToolsModuleOptions): HermesToolsModuleOptions {
  const options = ownCopy(given);
  const { mcp, discover } = options;
  return ownCopy({
    ...options,
    ...(mcp !== undefined && { mcp: ownCopy(mcp) }),
    ...(typeof discover === 'object' && discover !== null && { discover: ownCopy(discover) }),
  });
}

/** The global module that provides the registry, with a provider of its options. */
function rootModule(
  imports: NonNullable<HermesToolsModuleOptions['imports']>,
  options: Provider,
  controllers: Function[] = [],
): DynamicModule {
  return {
    module: HermesToolsModule,
    global: true,
    imports: [DiscoveryModule, ...imports],
    providers: [options, { provide: ToolRegistry, useFactory: () => new DeferredToolRegistry() }, RegistryBuilder],
    controllers: controllers as Type[],
    exports: [ToolRegistry],
  };
}
