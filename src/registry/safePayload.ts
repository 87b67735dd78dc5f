import { MAX_MESSAGE, MAX_REASON, redactAndClip } from '../errors/redactSecrets.js';
import { redactIssues } from '../errors/redactIssues.js';
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
    // Even the library's own errors: their fields were made safe when they were made, but a tool may change them before
    // throwing.
    payload = toToolError(tool, thrown).toPayload();
  } catch {
    payload = new ToolExecutionError(tool, 'it threw an error that could not be described', {
      cause: thrown,
    }).toPayload();
  }
  try {
    return sanitise(payload);
  } catch {
    return sanitise(
      new ToolExecutionError(tool, 'it threw an error that could not be described', { cause: thrown }).toPayload(),
    );
  }
}

/** Every text field passes the redaction rule here too: a subclass's own `toPayload` may put anything in them. */
function sanitise(payload: ToolErrorPayload): ToolErrorPayload {
  const out: { -readonly [K in keyof ToolErrorPayload]: ToolErrorPayload[K] } = {
    code: (typeof payload.code === 'string' && CODE.test(payload.code)
      ? payload.code
      : 'execution_failed') as ToolErrorPayload['code'],
    message: typeof payload.message === 'string' ? redactAndClip(payload.message, MAX_MESSAGE) : 'the call failed',
    retryable: payload.retryable === true,
  };
  if (Array.isArray(payload.issues)) out.issues = redactIssues(payload.issues.slice(0, MAX_ISSUES).filter(isIssue));
  if (typeof payload.permission === 'string') out.permission = redactAndClip(payload.permission, MAX_REASON);
  if (typeof payload.reason === 'string') out.reason = redactAndClip(payload.reason, MAX_REASON);
  return out;
}

const CODE = /^[a-z][a-z_]{0,39}$/;
const MAX_ISSUES = 1_000;

function isIssue(value: unknown): value is ValidationIssue {
  if (typeof value !== 'object' || value === null) return false;
  const i = value as Record<string, unknown>;
  return typeof i.path === 'string' && typeof i.message === 'string' && typeof i.constraint === 'string';
}
