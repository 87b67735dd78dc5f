import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import type { JsonSchema } from '../contracts/JsonSchema.js';
import { nestProblem } from '../errors/nestProblem.js';
import { dtoTreeProblems } from '../schema/dtoTreeProblems.js';
import { jsonSchemaToShape } from '../schema/jsonSchemaToShape.js';
import type { Shape } from '../schema/Shape.js';

/** The Shape of a tool's declared `output` (a DTO class or a JSON Schema), or undefined when it declares none. */
export function readOutput(output: unknown, where: string, problems: DefinitionProblem[]): Shape | undefined {
  if (output === undefined) return undefined;
  if (typeof output === 'function') {
    problems.push(...dtoTreeProblems(output).map((p) => nestProblem(`${where} output`, p)));
    return { kind: 'dto', dto: output as abstract new () => object };
  }
  if (typeof output === 'object' && output !== null)
    return jsonSchemaToShape(output as JsonSchema, `${where} output`, problems);
  problems.push({ where, code: 'invalid_output', message: 'output must be a DTO class or a JSON Schema object' });
  return undefined;
}
