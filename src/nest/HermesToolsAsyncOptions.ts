import type { DynamicModule, ForwardReference, InjectionToken, OptionalFactoryDependency, Type } from '@nestjs/common';
import type { HermesToolsModuleOptions } from './HermesToolsModuleOptions.js';
import type { McpEndpointOptions } from './McpEndpointOptions.js';

/** What `HermesToolsModule.forRootAsync` takes: a factory of the options, with Nest providers injected. */
export interface HermesToolsAsyncOptions {
  /** Modules whose exported providers `inject` names, and the classes Nest constructs may inject. */
  readonly imports?: readonly (Type<unknown> | DynamicModule | Promise<DynamicModule> | ForwardReference)[];
  /** The providers passed to `useFactory`, in order. */
  readonly inject?: readonly (InjectionToken | OptionalFactoryDependency)[];
  /** Returns the options (`imports` and `mcp` in them are not used: give them here). */
  readonly useFactory: (...args: never[]) => HermesToolsModuleOptions | Promise<HermesToolsModuleOptions>;
  /**
   * Serve the registry over MCP on the app's own HTTP server, as `forRoot({ mcp })`. Given here, not
   * by the factory: its route and guards are fixed when the module is declared, before any factory runs.
   */
  readonly mcp?: McpEndpointOptions;
}
