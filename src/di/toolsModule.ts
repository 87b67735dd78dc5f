import { ContainerModule } from 'inversify';
import { bindShared } from './bindShared.js';
import { TOOLS_MODULE_OPTIONS } from './tokens.js';
import type { ToolsModuleOptions } from './ToolsModuleOptions.js';

/**
 * A container module with options for every toolset: global interceptors (outermost), default
 * timeout, coercion, input limits and logger. Optional; load it at most once.
 */
export function toolsModule(options: ToolsModuleOptions = {}): ContainerModule {
  const frozen = Object.freeze({ ...options });
  return new ContainerModule((load) => {
    load.bind(TOOLS_MODULE_OPTIONS).toConstantValue(frozen);
    bindShared(load);
  });
}
