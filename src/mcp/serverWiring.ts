import type { ToolRegistry } from '../registry/ToolRegistry.js';
import { InputRounds } from './InputRounds.js';
import { isSpentApprovalStore } from './isSpentApprovalStore.js';
import { AvailabilityWatch } from './AvailabilityWatch.js';
import type { ServerWiring } from './buildServer.js';
import type { McpServerOptions } from './McpServerOptions.js';
import type { TaskRunner } from './TaskRunner.js';
import { ToolListing } from './ToolListing.js';

/**
 * What every server of one endpoint shares, made once: the availability watch, the listing, the approval key and the
 * tasks. `options` are already read as own keys; `where` names them in errors.
 */
export function serverWiring(
  registry: ToolRegistry,
  options: McpServerOptions,
  where: string,
  tasks: TaskRunner | undefined,
  watchIntervalMs: number = options.listChangedIntervalMs ?? 1000,
): ServerWiring {
  if (options.pageSize !== undefined && !(options.pageSize >= 1))
    throw new TypeError(`${where}: pageSize must be a number of at least 1, got ${String(options.pageSize)}`);
  const ttl = options.listTtlMs;
  if (ttl !== undefined && !(Number.isSafeInteger(ttl) && ttl >= 0))
    throw new TypeError(`${where}: listTtlMs must be a whole number of milliseconds, 0 or more, got ${String(ttl)}`);
  const key = options.requestStateKey;
  if (key !== undefined && !(typeof key === 'string' || key instanceof Uint8Array))
    throw new TypeError(`${where}: requestStateKey must be a string or a Uint8Array of at least 32 bytes`);
  const spent = options.spentApprovals;
  if (spent !== undefined && !isSpentApprovalStore(spent))
    throw new TypeError(
      `${where}: spentApprovals must be a SpentApprovalStore (isSpent and spend), such as new RedisSpentApprovals(...)`,
    );
  let approvals: InputRounds;
  try {
    approvals = new InputRounds(key, spent);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw new TypeError(`${where}: requestStateKey must be at least 32 bytes (a random key, shared by every replica)`);
  }
  let entries = false;
  return {
    // Once true, for good: a registry whose entries are all unavailable at first (a remote not yet connected, a
    // requirement not yet met) declares them from the first request that finds one.
    hasEntries: () =>
      (entries ||= registry.resources().length + registry.resourceTemplates().length + registry.prompts().length > 0),
    watch: new AvailabilityWatch(registry, watchIntervalMs),
    listing: new ToolListing(registry, tasks !== undefined),
    approvals,
    ...(tasks === undefined ? {} : { tasks }),
  };
}
