import { ToolExecutionError } from '../errors/ToolExecutionError.js';
import type { ToolErrorPayload } from '../contracts/ToolErrorPayload.js';
import { toToolError } from '../errors/toToolError.js';
import type { ValidationIssue } from '../contracts/ValidationIssue.js';

/**
 * The payload of whatever a call threw, as `dispatch` returns it: never a throw (a subclass's
 * `toPayload` may throw), and only the payload's known fields, each of its declared type, so the
 * outcome is always JSON and carries nothing a subclass added by accident.
 */
export function safePayload(tool: string, thrown: unknown): ToolErrorPayload {
  let payload: ToolErrorPayload;
  try {
    payload = toToolError(tool, thrown).toPayload();
  } catch {
    payload = new ToolExecutionError(tool, 'it threw an error that could not be described', { cause: thrown }).toPayload();
  }
  try {
    return sanitise(payload);
  } catch {
    return sanitise(new ToolExecutionError(tool, 'it threw an error that could not be described', { cause: thrown }).toPayload());
  }
}

function sanitise(payload: ToolErrorPayload): ToolErrorPayload {
  const out: { -readonly [K in keyof ToolErrorPayload]: ToolErrorPayload[K] } = {
    code: (typeof payload.code === 'string' ? payload.code : 'execution_failed') as ToolErrorPayload['code'],
    message: typeof payload.message === 'string' ? payload.message : 'the call failed',
    retryable: payload.retryable === true,
  };
  if (Array.isArray(payload.issues)) out.issues = payload.issues.filter(isIssue).map((i) => ({ path: i.path, message: i.message, constraint: i.constraint }));
  if (typeof payload.permission === 'string') out.permission = payload.permission;
  if (typeof payload.reason === 'string') out.reason = payload.reason;
  return out;
}

function isIssue(value: unknown): value is ValidationIssue {
  if (typeof value !== 'object' || value === null) return false;
  const i = value as Record<string, unknown>;
  return typeof i.path === 'string' && typeof i.message === 'string' && typeof i.constraint === 'string';
}
