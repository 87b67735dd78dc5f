import { ownValue } from '../internal/ownValue.js';
import type { McpServerOptions } from './McpServerOptions.js';

/** The keys of {@link McpServerOptions}. */
export const SERVER_OPTION_KEYS: readonly (keyof McpServerOptions)[] = [
  'name',
  'version',
  'instructions',
  'pageSize',
  'listChangedIntervalMs',
  'listTtlMs',
  'requestStateKey',
  'spentApprovals',
  'caller',
  'tasks',
];

/**
 * The server's options as their own keys give them, each present: a polluted Object.prototype
 * names no caller hook, no task store and no instructions. `where` names the options in errors.
 */
export function ownServerOptions(options: McpServerOptions, where: string): McpServerOptions {
  if (typeof options !== 'object' || options === null)
    throw new TypeError(`${where}: options must be an object with name and version`);
  const caller = ownValue(options, 'caller');
  if (caller !== undefined && typeof caller !== 'function')
    throw new TypeError(`${where}: caller must be a function (extra) => caller`);
  return {
    name: ownValue(options, 'name') as string,
    version: ownValue(options, 'version') as string,
    instructions: ownValue(options, 'instructions'),
    pageSize: ownValue(options, 'pageSize'),
    listChangedIntervalMs: ownValue(options, 'listChangedIntervalMs'),
    listTtlMs: ownValue(options, 'listTtlMs'),
    requestStateKey: ownValue(options, 'requestStateKey'),
    spentApprovals: ownValue(options, 'spentApprovals'),
    caller,
    tasks: ownValue(options, 'tasks'),
  };
}

/** Refuses a key that is not one of {@link McpServerOptions}: a misspelt option would otherwise be ignored. */
export function rejectUnknownServerOptions(options: object, where: string, also: readonly string[] = []): void {
  for (const key of Object.keys(options)) {
    if (!(SERVER_OPTION_KEYS as readonly string[]).includes(key) && !also.includes(key)) {
      throw new TypeError(
        `${where}: unknown option "${key.slice(0, 80)}"; the options are ${[...SERVER_OPTION_KEYS, ...also].join(', ')}`,
      );
    }
  }
}
