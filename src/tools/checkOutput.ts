import type { ValidationIssue } from '../contracts/ValidationIssue.js';
import type { ValidationLimits } from '../schema/ValidationLimits.js';
import { ValidationRun } from '../schema/ValidationRun.js';
import type { Validator } from '../schema/Validator.js';

/** Issues with a result already in its JSON form (see `toJsonValue`), or undefined when it matches. */
export function checkOutput(
  validator: Validator,
  json: unknown,
  limits: ValidationLimits,
): readonly ValidationIssue[] | undefined {
  // A result may hold anything (a secret, a user's data): its messages describe the mismatch without quoting it.
  const run = new ValidationRun(limits, { quoteValues: false });
  validator(json, '', run, 0);
  return run.issues.length === 0
    ? undefined
    : run.finish().map((i) => ({ ...i, message: i.message.replace(/^the arguments/, 'the result') }));
}
