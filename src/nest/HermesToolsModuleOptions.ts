import type { DynamicModule, ForwardReference, Type } from '@nestjs/common';
import type { ToolsModuleOptions } from '../di/ToolsModuleOptions.js';
import type { PermissionSet } from '../permissions/PermissionSet.js';
import type { McpEndpointOptions } from './McpEndpointOptions.js';
import type { NestToolsetOptions } from './NestToolsetOptions.js';

/** What `HermesToolsModule.forRoot` takes: the options of `toolsModule()`, the app's toolsets and discovery. */
export interface HermesToolsModuleOptions extends ToolsModuleOptions {
  /** Toolsets of the root module; their classes are taken from Nest's container, or constructed by Nest. */
  readonly toolsets?: readonly NestToolsetOptions[];
  /**
   * Find every provider of the app with `@Tool` on the class or its methods, and put the ones no
   * toolset names in one toolset (`name` default `discovered`, `granted` default none).
   */
  readonly discover?: boolean | { readonly name?: string; readonly granted?: PermissionSet };
  /** Modules whose exported providers the classes Nest constructs for hermes-tools may inject. */
  readonly imports?: readonly (Type<unknown> | DynamicModule | Promise<DynamicModule> | ForwardReference)[];
  /**
   * Serve the registry over MCP on the app's own HTTP server (Express adapter); with `forRootAsync`, give it to
   * `forRootAsync` itself.
   */
  readonly mcp?: McpEndpointOptions;
}
