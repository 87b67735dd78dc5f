import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import { formatProblem } from './formatProblem.js';
import { ToolError } from './ToolError.js';

/**
 * Tools were declared or wired wrongly. Thrown once, when the registry is built, listing every
 * problem found, each naming the class, method and parameter at fault: as text in `problems`,
 * and as `{ where, code, message }` values in `details`.
 */
export class ToolDefinitionError extends ToolError {
  readonly code = 'invalid_definition' as const;
  readonly retryable = false;
  /** Each problem as one line, `${where}: ${message}`. Not enumerable, as `details`: Node prints the message alone. */
  declare readonly problems: readonly string[];
  /** Each problem as data, in the same order as `problems`. */
  declare readonly details: readonly DefinitionProblem[];

  /** A string is taken as a problem's whole text (code `unspecified`). */
  constructor(problems: readonly (DefinitionProblem | string)[]) {
    const details = problems.map(
      (p): DefinitionProblem =>
        Object.freeze(
          typeof p === 'string'
            ? { where: '', code: 'unspecified', message: p }
            : { where: p.where, code: p.code, message: p.message },
        ),
    );
    const lines = details.map(formatProblem);
    super(
      `hermes-tools found ${lines.length} ${lines.length === 1 ? 'problem' : 'problems'} in the tool definitions:\n${lines.map((p) => `- ${p}`).join('\n')}`,
    );
    // The message lists every problem; enumerable, these would make Node print each three times when it is uncaught.
    Object.defineProperties(this, {
      problems: { value: Object.freeze(lines), enumerable: false, writable: true, configurable: true },
      details: { value: Object.freeze(details), enumerable: false, writable: true, configurable: true },
    });
  }
}
