import type { ToolOutcome } from '../contracts/ToolOutcome.js';

const texts = new WeakMap<ToolOutcome, string>();

/** Remembers the JSON text `dispatch` made of an outcome's value on the way, so that a kernel does not make it again. */
export function keepOutcomeText(outcome: ToolOutcome, text: string): ToolOutcome {
  texts.set(outcome, text);
  return outcome;
}

/** The JSON text of a successful outcome's value, when `dispatch` made it (objects and arrays within their budget). */
export function outcomeText(outcome: ToolOutcome): string | undefined {
  return texts.get(outcome);
}
