import { ToolError } from './ToolError.js';

/** No prompt this caller may get has that name. */
export class PromptNotFoundError extends ToolError {
  readonly code = 'prompt_not_found' as const;
  readonly retryable = false;
  protected static override readonly captureStack = false;

  constructor(readonly prompt: string) {
    const shown = prompt.length > 80 ? `${prompt.slice(0, 80)}…` : prompt;
    super(`There is no prompt named ${JSON.stringify(shown)}. Get one of the prompts prompts/list gives, by its name.`);
  }
}
