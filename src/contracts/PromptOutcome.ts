import type { PromptMessage } from './PromptMessage.js';
import type { ToolErrorPayload } from './ToolErrorPayload.js';

/** What `getPrompt` resolves to, never a rejection: the messages, or the error a caller may be shown. */
export type PromptOutcome =
  | {
      readonly ok: true;
      readonly name: string;
      readonly description?: string;
      readonly messages: readonly PromptMessage[];
    }
  | { readonly ok: false; readonly name: string; readonly error: ToolErrorPayload };
