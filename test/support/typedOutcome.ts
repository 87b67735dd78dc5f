import type { ToolOutcome } from 'hermes-tools';

const CODES = new Set([
  'tool_not_found',
  'invalid_input',
  'permission_denied',
  'approval_denied',
  'tool_unavailable',
  'timeout',
  'aborted',
  'execution_failed',
  'invalid_output',
]);

/**
 * Why `value` is not a well-formed ToolOutcome (undefined when it is): ok or not, JSON all the way,
 * a known code and a message when it failed, and nothing of a stack trace or a file path.
 */
export function outcomeProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return `not an object: ${String(value)}`;
  const o = value as ToolOutcome;
  if (typeof o.tool !== 'string' || typeof o.callId !== 'string') return 'no tool or callId';
  let text: string;
  try {
    text = JSON.stringify(o);
  } catch (error) {
    return `not JSON: ${(error as Error).message}`;
  }
  if (/\n\s+at |file:\/\/|\/work\/|node_modules|\.[cm]?js:\d+/.test(text))
    return `leaks a stack or a path: ${text.slice(0, 300)}`;
  if (o.ok === true) return 'value' in o ? undefined : 'ok without value';
  if (o.ok !== false) return 'ok is not a boolean';
  if (!CODES.has(o.error.code)) return `unknown code ${String(o.error.code)}`;
  if (typeof o.error.message !== 'string' || o.error.message === '') return 'no message';
  if (typeof o.error.retryable !== 'boolean') return 'no retryable';
  if ('stack' in o.error || 'cause' in o.error) return 'a stack or cause in the payload';
  return undefined;
}
