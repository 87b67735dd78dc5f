import type { InputRequiredResult } from '@modelcontextprotocol/server';
import type { ToolOutcome } from '../contracts/ToolOutcome.js';

/** How a 2026 round ends: with the call's outcome, or with the `input_required` result that asks the person. */
export type RoundEnd = { readonly outcome: ToolOutcome } | { readonly ask: InputRequiredResult };

/**
 * One 2026-07-28 call that runs across rounds: its handler runs once, and when it asks a question the round's request
 * is answered with `input_required` while the handler waits, in this process, for the retry that carries the answer.
 * So nothing the handler did before a question is done again. `carry` is what the endpoint keeps with the call (the
 * relays its progress and log lines go through, switched to each round's request).
 */
export class AskingCall<Carry = unknown> {
  readonly #outcome: Promise<{ readonly outcome: ToolOutcome }>;
  /** A question that stopped the call while no round listened (its earlier question ended unanswered): kept for the next. */
  #stop: InputRequiredResult | undefined;
  #listener: ((end: RoundEnd) => void) | undefined;
  #questions = 0;
  #waiting = false;

  constructor(
    /** The tool's name. */
    readonly tool: string,
    outcome: Promise<ToolOutcome>,
    readonly carry: Carry,
  ) {
    this.#outcome = outcome.then((settled) => ({ outcome: settled }));
  }

  /** The key of the call's next question (`q1`, `q2`…), and how many it has asked. */
  nextKey(): { key: string; count: number } {
    this.#questions += 1;
    return { key: `q${this.#questions}`, count: this.#questions };
  }

  /** Whether a question of this call waits for its answer now (one at a time). */
  get waiting(): boolean {
    return this.#waiting;
  }

  /** A question of the call is being put: until it ends, the call asks no other. */
  asking(): void {
    this.#waiting = true;
  }

  /** The call stopped at a question: the round that listens ends with `ask` (or the next one, if none listens). */
  stopped(ask: InputRequiredResult): void {
    const listener = this.#listener;
    this.#listener = undefined;
    if (listener === undefined) this.#stop = ask;
    else listener({ ask });
  }

  /** The question was answered (or given up): the handler goes on. */
  resumed(): void {
    this.#waiting = false;
  }

  /** How the current round ends: the call's outcome, or its next question. */
  next(): Promise<RoundEnd> {
    const stop = this.#stop;
    if (stop !== undefined) {
      this.#stop = undefined;
      return Promise.resolve({ ask: stop });
    }
    return new Promise<RoundEnd>((resolve, reject) => {
      this.#listener = resolve;
      this.#outcome.then((end) => {
        if (this.#listener === resolve) this.#listener = undefined;
        resolve(end);
      }, reject);
    });
  }
}
