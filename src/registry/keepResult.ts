import type { CallOptions } from '../contracts/CallOptions.js';
import type { ResultStore } from '../contracts/ResultStore.js';
import type { ToolCore } from '../contracts/ToolCore.js';
import { resultOwnerOf } from './resultOwner.js';

/**
 * Keeps `text` (a whole result, or a part too large to send) in `store` for the caller that made it, under the same
 * ownership rules as every kept result: resolves with its id, or undefined when the store failed (logged).
 */
export async function keepResult(
  store: ResultStore,
  core: ToolCore,
  text: string,
  options: CallOptions,
): Promise<string | undefined> {
  const caller = core.identity === undefined ? options.caller : core.identity.caller;
  const restricted = (core.identity === undefined ? options.permissions : core.identity.permissions) !== undefined;
  try {
    const owner = resultOwnerOf(caller);
    const { name: tool, permissions: toolPermissions } = core.definition;
    return await store.save({ text, tool, toolPermissions, owner, restricted });
  } catch (error) {
    core.logger.error('hermes-tools: a cut result could not be kept in the result store', {
      tool: core.definition.name,
      error: error instanceof Error ? error.message : String(error),
    });
    return undefined;
  }
}
