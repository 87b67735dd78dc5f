import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';

/** A definition problem as one line: `${where}: ${message}`, or the message alone when `where` is empty. */
export function formatProblem(problem: DefinitionProblem): string {
  return problem.where === '' ? problem.message : `${problem.where}: ${problem.message}`;
}
