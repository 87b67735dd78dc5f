import type { InputValidation } from '../contracts/InputValidation.js';
import type { ValidationLimits } from '../schema/ValidationLimits.js';
import { ValidationRun } from '../schema/ValidationRun.js';
import type { Validator } from '../schema/Validator.js';

/**
 * Validates a call's input within `limits`: the value the handler would see, or every issue found. Synchronous unless a
 * DTO constraint is async.
 */
export function runValidator(
  validator: Validator,
  input: unknown,
  limits: ValidationLimits,
): InputValidation | Promise<InputValidation> {
  const run = new ValidationRun(limits);
  let value: unknown;
  try {
    value = validator(input, '', run, 0);
  } catch {
    // What the getter or proxy threw is not repeated: its text is the caller's, not the model's, and may name paths.
    run.report('', 'could not be read (reading them threw); send plain JSON data', 'readable');
  }
  if (run.pending === undefined) return finish(run, value);
  return Promise.all(run.pending).then(() => finish(run, value));
}

function finish(run: ValidationRun, value: unknown): InputValidation {
  return run.issues.length === 0 && run.dropped === 0 ? { ok: true, value } : { ok: false, issues: run.finish() };
}
