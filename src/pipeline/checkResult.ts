import type { ToolCore } from '../contracts/ToolCore.js';
import { OutputValidationError } from '../errors/OutputValidationError.js';
import { notJson } from './notJson.js';
import { toJsonValue } from '../internal/toJsonValue.js';

/**
 * The output step: the result, when the tool declares no output or the result's JSON form matches it; otherwise an
 * OutputValidationError is thrown.
 */
export function checkResult(core: ToolCore, result: unknown): unknown {
  const checkOutput = core.checkOutput;
  if (checkOutput === undefined) return result;
  const json = toJsonValue(result);
  if (!json.ok) throw notJson(core.definition.name, json.reason, true);
  const issues = checkOutput(json.value);
  if (issues !== undefined) throw new OutputValidationError(core.definition.name, issues);
  return result;
}
