import type { PromptOptions } from '../metadata/EntryOptions.js';
import { markEntry } from './markEntry.js';

/**
 * Marks a prompt: a template of messages a person picks. Its arguments are the method's `@Arg`s (strings), validated
 * before it runs; it returns a text (one user message) or messages whose content parts are made with `Content`.
 *
 * @example
 * @Prompt({ name: 'review', description: 'Reviews a diff in the team’s style.' })
 * review(@Arg('diff') diff: string) { return `Review this diff:\n${diff}`; }
 */
export function Prompt(options: PromptOptions): ClassDecorator & MethodDecorator {
  return markEntry({ kind: 'prompt', options });
}
