import { OutputValidationError } from '../errors/OutputValidationError.js';

/**
 * The error for a result that cannot cross the boundary as JSON; `declared` says whether the tool declares an output.
 */
export function notJson(tool: string, reason: string, declared: boolean): OutputValidationError {
  return new OutputValidationError(
    tool,
    [{ path: '', message: `the result is not JSON-serialisable (${reason})`, constraint: 'isJson' }],
    declared,
  );
}
