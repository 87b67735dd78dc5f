import type { ToolDefinition, ToolOutcome } from 'hermes-tools';

export interface ToolCall {
  readonly name: string;
  readonly arguments: unknown;
}

/**
 * Stands in for an LLM, with no network: it reads the catalogue it is shown and the outcomes it
 * gets back, and answers with the next tool call of its script, correcting itself after an error.
 */
export class ScriptedModel {
  private step = 0;

  constructor(
    private readonly script: readonly ((
      catalogue: readonly ToolDefinition[],
      last?: ToolOutcome,
    ) => ToolCall | undefined)[],
  ) {}

  next(catalogue: readonly ToolDefinition[], last?: ToolOutcome): ToolCall | undefined {
    const turn = this.script[this.step++];
    return turn === undefined ? undefined : turn(catalogue, last);
  }
}
