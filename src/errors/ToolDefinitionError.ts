import { type InspectOptions, inspect } from 'node:util';
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
  /** Each problem as one line, `${where}: ${message}`. */
  readonly problems: readonly string[];
  /** Each problem as data, in the same order as `problems`. */
  readonly details: readonly DefinitionProblem[];

  /** A string is taken as a problem's whole text (code `unspecified`). */
  constructor(problems: readonly (DefinitionProblem | string)[]) {
    const details = problems.map(
      (p): DefinitionProblem => Object.freeze(typeof p === 'string' ? { where: '', code: 'unspecified', message: p } : { where: p.where, code: p.code, message: p.message }),
    );
    const lines = details.map(formatProblem);
    super(`hermes-tools found ${lines.length} ${lines.length === 1 ? 'problem' : 'problems'} in the tool definitions:\n${lines.map((p) => `- ${p}`).join('\n')}`);
    this.problems = Object.freeze(lines);
    this.details = Object.freeze(details);
  }

  /**
   * What Node shows of it (uncaught, or logged with `console.error`): the stack, whose message lists
   * each problem once, and the code; `problems` and `details` hold the same list as data.
   */
  [inspect.custom](_depth: number, options: InspectOptions): string {
    return `${this.stack ?? `${this.name}: ${this.message}`} ${inspect({ code: this.code, retryable: this.retryable }, options)}`;
  }
}
