import type { ContentPart } from './ContentPart.js';

/** One message of a prompt: who says it, and one content part (text, an image, audio, an embedded resource…). */
export interface PromptMessage {
  readonly role: 'user' | 'assistant';
  readonly content: ContentPart;
}

/**
 * What a prompt's method returns: a text (one user message), messages, or messages with a description of this
 * rendering. Make content parts with `Content.text`, `Content.image`, `Content.resource`…
 */
export type PromptReturn =
  | string
  | readonly PromptMessage[]
  | { readonly description?: string; readonly messages: readonly PromptMessage[] };
