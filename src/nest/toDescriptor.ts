import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import type { ToolsetDescriptor } from '../di/ToolsetOptions.js';
import { PermissionSet } from '../permissions/PermissionSet.js';
import type { NestToolsetOptions } from './NestToolsetOptions.js';
import { ownCopy } from '../internal/ownOptions.js';

/** A toolset as the registry build reads it, from its own keys only; a `scope` given anyway is reported. */
export function toDescriptor(given: NestToolsetOptions, problems: DefinitionProblem[]): ToolsetDescriptor {
  const options = ownCopy(given);
  if ((options as { scope?: unknown }).scope !== undefined && (options as { scope?: unknown }).scope !== 'singleton')
    problems.push({
      where: `toolset "${options.name}"`,
      code: 'invalid_toolset',
      message:
        'scope is not supported in a Nest app: tools are singleton Nest providers; take per-call state from the tool context',
    });
  return Object.freeze({
    name: options.name,
    tools: Object.freeze([...(options.tools ?? [])]),
    granted: options.granted ?? PermissionSet.none(),
    interceptors: Object.freeze([...(options.interceptors ?? [])]),
    guards: Object.freeze([...(options.guards ?? [])]),
    declarations: Object.freeze([]),
    scope: 'singleton' as const,
  });
}
