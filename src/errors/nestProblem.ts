import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';

/**
 * `problem`, found inside `where` (a DTO's inside a parameter, say): its `where` is prefixed, so it reads `${where}:
 * ${problem.where}: …`.
 */
export function nestProblem(where: string, problem: DefinitionProblem): DefinitionProblem {
  return { ...problem, where: problem.where === '' ? where : `${where}: ${problem.where}` };
}
