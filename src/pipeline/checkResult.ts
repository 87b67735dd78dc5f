import type { ToolCore } from '../contracts/ToolCore.js';
import { OutputValidationError } from '../errors/OutputValidationError.js';
import { toJsonValue } from '../internal/toJsonValue.js';
import { isToolResult } from '../results/ToolResult.js';
import { notJson } from './notJson.js';

/**
 * The output step: the result, when the tool declares no output or the result's JSON form matches it; otherwise an
 * OutputValidationError is thrown. Of a ToolResult, the structured `value` is what the output declares, and it must be
 * there; its content parts are checked when the result leaves (`dispatch`).
 */
export function checkResult(core: ToolCore, result: unknown): unknown {
  const checkOutput = core.checkOutput;
  if (checkOutput === undefined) return result;
  const rich = isToolResult(result);
  const structured = rich ? result.value : result;
  if (rich && structured === undefined) {
    throw new OutputValidationError(core.definition.name, [
      {
        path: '',
        message:
          'the ToolResult has no value, and the tool declares an output: give new ToolResult({ value, content })',
        constraint: 'required',
      },
    ]);
  }
  const json = toJsonValue(structured);
  if (!json.ok) throw notJson(core.definition.name, json.reason, true);
  const issues = checkOutput(json.value);
  if (issues !== undefined) throw new OutputValidationError(core.definition.name, issues);
  return result;
}
