import { ToolError } from './ToolError.js';

/**
 * Tools were declared or wired wrongly. Thrown once, when the registry is built, listing every
 * problem found, each naming the class, method and parameter at fault.
 */
export class ToolDefinitionError extends ToolError {
  readonly code = 'invalid_definition' as const;
  readonly retryable = false;

  constructor(readonly problems: readonly string[]) {
    super(
      `hermes-tools found ${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} in the tool definitions:\n` +
        problems.map((p) => `- ${p}`).join('\n'),
    );
  }
}
