import type { ServiceIdentifier } from 'inversify';
import type { ToolsetDescriptor } from './ToolsetOptions.js';
import type { ToolsModuleOptions } from './ToolsModuleOptions.js';

/** Multi-bound: one per `toolset(...)` loaded. */
export const TOOLSET: ServiceIdentifier<ToolsetDescriptor> = Symbol.for('hermes-tools:toolset');
/** Bound by `toolsModule(...)`; optional. */
export const TOOLS_MODULE_OPTIONS: ServiceIdentifier<ToolsModuleOptions> = Symbol.for(
  'hermes-tools:tools-module-options',
);
