import type { ToolOutcome } from '../contracts/ToolOutcome.js';

/** What a provider's `dispatch` gives back: the message to append to the conversation, and the outcome. */
export interface ProviderToolResult<TMessage> {
  readonly message: TMessage;
  readonly outcome: ToolOutcome;
}
