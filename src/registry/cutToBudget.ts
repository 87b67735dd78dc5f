import type { CallOptions } from '../contracts/CallOptions.js';
import type { ResultStore } from '../contracts/ResultStore.js';
import type { ToolCore } from '../contracts/ToolCore.js';
import { cutJson } from './cutJson.js';
import { keepResult } from './keepResult.js';

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
  const id = await keepResult(store, core, text, options);
  const how =
    id === undefined ? 'the rest could not be kept' : `read the whole result with results.read({"id":"${id}"})`;
  const cut = cutJson(value, budget, (left) => `[… cut to fit: ${left}; ${text.length} characters in all; ${how}]`);
  const shownChars = (JSON.stringify(cut.value) ?? '').length;
  return { value: cut.value, truncated: { id, shownChars, totalChars: text.length } };
}
