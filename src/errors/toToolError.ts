import { redactSecrets } from './redactSecrets.js';
import { ToolError } from './ToolError.js';
import { ToolExecutionError } from './ToolExecutionError.js';

const MAX_DETAIL = 500;

/**
 * The one place an unknown throw becomes a ToolError: a ToolError passes through unchanged, and
 * anything else (an Error, a string, undefined) becomes a ToolExecutionError keeping it as `cause`.
 */
export function toToolError(tool: string, thrown: unknown): ToolError {
  if (thrown instanceof ToolError) return thrown;
  return new ToolExecutionError(tool, describeThrown(thrown), { cause: thrown });
}

function describeThrown(thrown: unknown): string {
  let detail: string;
  try {
    if (thrown instanceof Error) detail = thrown.message || thrown.name || 'an error without a message';
    else if (typeof thrown === 'string') detail = thrown || 'an empty string was thrown';
    else if (thrown === undefined || thrown === null) detail = `it threw ${String(thrown)}`;
    else detail = `it threw a value of type ${typeof thrown}`;
  } catch {
    detail = 'it threw a value that could not be described';
  }
  detail = redactSecrets(detail).replace(/\s+at .*\(?(?:\/|[A-Za-z]:\\|file:\/\/)\S*\)?/g, '').trim();
  return detail.length > MAX_DETAIL ? `${detail.slice(0, MAX_DETAIL)}…` : detail;
}
