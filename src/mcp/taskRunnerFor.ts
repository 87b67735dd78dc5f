import type { ToolRegistry } from '../registry/ToolRegistry.js';
import type { McpServerOptions } from './McpServerOptions.js';
import { TaskRunner } from './TaskRunner.js';
import { ownValue } from '../internal/ownValue.js';

/**
 * The tasks a server offers: when `options.tasks` is given, or when some tool declares
 * `task: 'optional' | 'required'`; none with `tasks: false`, or when no tool can run as one.
 */
export function taskRunnerFor(registry: ToolRegistry, options: McpServerOptions): TaskRunner | undefined {
  // Own key only: a polluted Object.prototype neither offers tasks nor turns them off.
  const tasks = ownValue(options, 'tasks');
  if (tasks === false) return undefined;
  if (tasks === undefined && !registry.definitions().some((d) => d.task === 'optional' || d.task === 'required'))
    return undefined;
  return new TaskRunner(tasks);
}
