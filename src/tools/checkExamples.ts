import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import type { InputValidation } from '../contracts/InputValidation.js';
import type { ToolDeclaration } from '../metadata/ToolDeclaration.js';
import { toJsonValue } from '../internal/toJsonValue.js';
import type { ValidationLimits } from '../schema/ValidationLimits.js';
import type { Validator } from '../schema/Validator.js';
import { checkOutput } from './checkOutput.js';

/**
 * Checks each `@Example` against the tool's own validation, and its output (when both are
 * declared) against the declared output, so an example can never teach a model a wrong call.
 * An example whose input only an async constraint can judge is skipped.
 */
export function checkExamples(
  declaration: ToolDeclaration,
  validate: (input: unknown) => InputValidation | Promise<InputValidation>,
  outputValidator: (() => Validator) | undefined,
  limits: ValidationLimits,
  problems: DefinitionProblem[],
): void {
  const { where } = declaration;
  for (const [i, example] of declaration.examples.entries()) {
    const result = validate(example.input);
    if (result instanceof Promise) continue;
    if (!result.ok) {
      problems.push({
        where,
        code: 'invalid_example',
        message: `@Example #${i + 1} ("${example.description}") does not pass the tool's own validation: ${result.issues.map((x) => x.message).join('; ')}`,
      });
    }
    if (outputValidator !== undefined && example.output !== undefined) {
      const json = toJsonValue(example.output);
      const issues = json.ok
        ? checkOutput(outputValidator(), json.value, limits)
        : [{ message: `it is not JSON-serialisable (${json.reason})` }];
      if (issues !== undefined) {
        problems.push({
          where,
          code: 'invalid_example',
          message: `@Example #${i + 1} ("${example.description}") has an output that does not match the declared output: ${issues.map((x) => x.message).join('; ')}`,
        });
      }
    }
  }
}
