import type { ToolOutcome } from '../contracts/ToolOutcome.js';

/** What a provider's `dispatch` gives back: the message to append to the conversation, and the outcome. */
export interface ProviderToolResult<TMessage> {
  readonly message: TMessage;
  readonly outcome: ToolOutcome;
  /**
   * What of the result this provider could not carry (an audio part to Anthropic, an image to Chat Completions), one
   * line each, saying what was sent instead: a text note naming the part. Absent when everything was carried.
   */
  readonly notes?: readonly string[];
}
