import { ToolError } from './ToolError.js';

/** No tool by that name is visible here. The message names the closest ones that are. */
export class ToolNotFoundError extends ToolError {
  readonly code = 'tool_not_found' as const;
  readonly retryable = true;
  protected static override readonly captureStack = false;

  constructor(
    readonly tool: string,
    readonly suggestions: readonly string[],
  ) {
    super(
      `There is no tool named "${printable(tool)}". ` +
        (suggestions.length > 0
          ? `Did you mean ${suggestions.map((s) => `"${s}"`).join(' or ')}? Call one of the listed tools by its exact name.`
          : 'Call one of the listed tools by its exact name.'),
    );
  }
}

function printable(name: string): string {
  const clipped = name.length > 80 ? `${name.slice(0, 80)}…` : name;
  return JSON.stringify(clipped).slice(1, -1);
}
