import type { ToolDeclaration } from '../metadata/ToolDeclaration.js';
import type { ToolsetSettings } from './readToolsetOptions.js';

/**
 * The declaration of one thing a remote server offers (a tool, a resource, a template or a prompt), as the registry
 * compiles a local one: called as `target[method](input, ctx)` (the handler `mcpToolset` binds), under the toolset's
 * permission, available while `requires` holds, with no decorators of its own (the toolset's guards and interceptors
 * apply).
 */
export function remoteDeclaration(
  settings: ToolsetSettings,
  target: Function,
  own: Pick<ToolDeclaration, 'method' | 'where' | 'options' | 'input' | 'headers' | 'entry'> & {
    readonly requires: ToolDeclaration['requires'][number];
  },
): ToolDeclaration {
  const { requires, ...rest } = own;
  return {
    target,
    permissions: [...settings.permissions],
    examples: [],
    classInterceptors: [],
    methodInterceptors: [],
    classGuards: [],
    methodGuards: [],
    approval: undefined,
    requires: [requires],
    params: new Map(),
    paramTypes: undefined,
    arity: 2,
    ...rest,
  };
}
