/**
 * hermes-tools/nest: hermes-tools in a NestJS app, with `@nestjs/common` and `@nestjs/core`
 * (optional peer dependencies loaded only by this entry point).
 *
 * @module hermes-tools/nest
 */
export { HermesToolsModule } from './HermesToolsModule.js';
export type { HermesToolsModuleOptions } from './HermesToolsModuleOptions.js';
export type { HermesToolsAsyncOptions } from './HermesToolsAsyncOptions.js';
export type { NestToolsetOptions } from './NestToolsetOptions.js';
export type { McpEndpointOptions } from './McpEndpointOptions.js';
export type { McpCallerIdentity } from './McpCallerIdentity.js';
