import type { CallOptions } from '../contracts/CallOptions.js';
import type { ResultStore } from '../contracts/ResultStore.js';
import type { ToolCore } from '../contracts/ToolCore.js';
import { cutJson } from './cutJson.js';
import { resultOwnerOf } from './resultOwner.js';

/** A result cut to its budget, and where the whole of it was kept. */
export interface CutResult {
  readonly value: unknown;
  readonly truncated: { id: string | undefined; shownChars: number; totalChars: number };
}

/**
 * A result over its budget: kept whole in `store` for its caller, and cut, with a note saying how to read the rest.
 * A store that fails is logged, and the note says the rest could not be kept.
 */
export async function cutToBudget(
  store: ResultStore,
  core: ToolCore,
  text: string,
  value: unknown,
  budget: number,
  options: CallOptions,
): Promise<CutResult> {
  const caller = core.identity === undefined ? options.caller : core.identity.caller;
  const restricted = (core.identity === undefined ? options.permissions : core.identity.permissions) !== undefined;
  let id: string | undefined;
  try {
    const owner = resultOwnerOf(caller);
    const { name: tool, permissions: toolPermissions } = core.definition;
    id = await store.save({ text, tool, toolPermissions, owner, restricted });
  } catch (error) {
    core.logger.error('hermes-tools: a cut result could not be kept in the result store', {
      tool: core.definition.name,
      error: error instanceof Error ? error.message : String(error),
    });
  }
  const how =
    id === undefined ? 'the rest could not be kept' : `read the whole result with results.read({"id":"${id}"})`;
  const cut = cutJson(value, budget, (left) => `[… cut to fit: ${left}; ${text.length} characters in all; ${how}]`);
  const shownChars = (JSON.stringify(cut.value) ?? '').length;
  return { value: cut.value, truncated: { id, shownChars, totalChars: text.length } };
}
