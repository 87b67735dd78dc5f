import type { CallOptions } from '../contracts/CallOptions.js';
import type { ToolOutcome } from '../contracts/ToolOutcome.js';

/**
 * The key of an internal call option of `dispatch`: a {@link JsonTextSink}. Not part of the public API:
 * a symbol, so no caller's options can set it by accident.
 */
export const JSON_TEXT: unique symbol = Symbol('hermes-tools JSON text');

/** CallOptions with the internal sink. */
export interface TextSinkOptions extends CallOptions {
  readonly [JSON_TEXT]?: JsonTextSink;
}

/**
 * Where `dispatch` leaves the JSON text it made of an object or array result on the way, for a kernel
 * that sends the result on as text (MCP), so that it is not made twice. The text belongs to the outcome
 * `dispatch` made: a registry that overrides `dispatch` and answers another outcome gets none.
 */
export class JsonTextSink {
  #outcome: ToolOutcome | undefined;
  #text: string | undefined;

  /** Keeps the text of `outcome`, and gives the outcome back. */
  keep(outcome: ToolOutcome, text: string | undefined): ToolOutcome {
    this.#outcome = outcome;
    this.#text = text;
    return outcome;
  }

  /** The text kept for exactly this outcome, if any. */
  textOf(outcome: ToolOutcome): string | undefined {
    return outcome === this.#outcome ? this.#text : undefined;
  }
}
