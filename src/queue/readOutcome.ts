import type { ToolErrorCode } from '../contracts/ToolErrorCode.js';
import type { ToolErrorPayload } from '../contracts/ToolErrorPayload.js';
import type { ValidationIssue } from '../contracts/ValidationIssue.js';

const CODES = new Set<ToolErrorCode>([
  'tool_not_found',
  'invalid_input',
  'permission_denied',
  'approval_denied',
  'not_answered',
  'tool_unavailable',
  'timeout',
  'aborted',
  'execution_failed',
  'invalid_output',
  'invalid_definition',
]);

/** What a worker's outcome says, read as untrusted: a value, or an error payload of known fields and codes. */
export type ReadOutcome =
  | { readonly ok: true; readonly value: unknown; readonly content?: readonly unknown[] }
  | { readonly ok: false; readonly error: ToolErrorPayload };

/**
 * Reads the return value of a finished job (a ToolOutcome, as the worker's `dispatch` gave it). Content parts are
 * passed on unread: the agent's `dispatch` reads them against its own content limits.
 */
export function readOutcome(returned: unknown): ReadOutcome {
  const outcome = (typeof returned === 'object' && returned !== null ? returned : {}) as Record<string, unknown>;
  if (outcome.ok === true) {
    // A ToolResult's parts, as the worker's dispatch fitted them: unread here, checked again by this side's dispatch
    // against its own content limits, as anything from Redis is.
    if (Array.isArray(outcome.content)) return { ok: true, value: outcome.value, content: outcome.content };
    return { ok: true, value: outcome.value ?? null };
  }
  const error = (typeof outcome.error === 'object' && outcome.error !== null ? outcome.error : {}) as Record<
    string,
    unknown
  >;
  if (outcome.ok !== false || typeof error.message !== 'string' || !CODES.has(error.code as ToolErrorCode)) {
    return {
      ok: false,
      error: {
        code: 'execution_failed',
        message:
          'the worker answered with something that is not a tool outcome; check that it runs hermes-tools toolWorker',
        retryable: false,
      },
    };
  }
  const issues = Array.isArray(error.issues) ? (error.issues.filter(isIssue) as ValidationIssue[]) : undefined;
  return {
    ok: false,
    error: {
      code: error.code as ToolErrorCode,
      message: error.message,
      retryable: error.retryable === true,
      ...(issues !== undefined && { issues }),
      ...(typeof error.permission === 'string' && { permission: error.permission }),
      ...(typeof error.reason === 'string' && { reason: error.reason }),
    },
  };
}

function isIssue(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const i = value as Record<string, unknown>;
  return typeof i.path === 'string' && typeof i.message === 'string' && typeof i.constraint === 'string';
}
