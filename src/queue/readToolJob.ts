import type { PermissionGrant } from '../contracts/PermissionGrant.js';
import { PermissionSet } from '../permissions/PermissionSet.js';
import type { ToolJob } from './ToolJob.js';

const KEYS = new Set(['v', 'tool', 'input', 'callId', 'caller', 'permissions', 'trace', 'approval', 'signed']);
const TRACE_KEYS = new Set(['traceparent', 'tracestate', 'baggage']);

/** A job read on the worker: the call to make, or why the job is not one. */
export type ReadJob =
  | { readonly ok: true; readonly job: ToolJob; readonly permissions: PermissionGrant | undefined }
  | { readonly ok: false; readonly reason: string };

/**
 * Reads a job's data as untrusted: a worker trusts Redis no more than the agent trusts the model.
 * Unknown keys, a wrong type or a malformed permission refuse the job; the input is left to the
 * tool's own validation, which runs again on the worker.
 */
export function readToolJob(data: unknown): ReadJob {
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return { ok: false, reason: 'its data is not an object' };
  const job = data as Record<string, unknown>;
  const unknown = Object.keys(job).filter((key) => !KEYS.has(key));
  if (unknown.length > 0) return { ok: false, reason: `its data has unknown keys (${unknown.slice(0, 5).join(', ')})` };
  if (job.v !== 1)
    return {
      ok: false,
      reason: `its format version ${JSON.stringify(job.v)} is not one this worker reads (1); update the worker`,
    };
  if (typeof job.tool !== 'string' || job.tool.length > 200) return { ok: false, reason: 'its tool is not a name' };
  if (typeof job.callId !== 'string' || job.callId.length > 200)
    return { ok: false, reason: 'its callId is not a string of at most 200 characters' };
  if (!('input' in job) || !('caller' in job)) return { ok: false, reason: 'it has no input or no caller' };
  const trace = job.trace;
  if (trace !== null && !isTrace(trace))
    return { ok: false, reason: 'its trace is not a W3C trace context (traceparent, tracestate, baggage as strings)' };
  const approval = job.approval as { by?: unknown } | null;
  if (approval !== null && !(typeof approval === 'object' && (typeof approval.by === 'string' || approval.by === null)))
    return { ok: false, reason: 'its approval is not { by }' };
  if ('signed' in job && !isSigned(job.signed)) return { ok: false, reason: 'its signed is not { at, mac }' };
  const listed = job.permissions;
  let permissions: PermissionGrant | undefined;
  if (listed !== null) {
    if (!Array.isArray(listed) || !listed.every((p) => typeof p === 'string'))
      return { ok: false, reason: 'its permissions are not a list of strings' };
    try {
      permissions =
        listed.length === 1 && listed[0] === '*' ? PermissionSet.all() : new PermissionSet(listed as string[]);
    } catch (error) {
      // A permission PermissionSet refuses becomes this refusal of the job, with PermissionSet's reason.
      return {
        ok: false,
        reason: `its permissions are malformed (${error instanceof Error ? error.message : String(error)})`,
      };
    }
  }
  return { ok: true, job: job as unknown as ToolJob, permissions };
}

function isSigned(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { at, mac } = value as Record<string, unknown>;
  return (
    Object.keys(value).length === 2 &&
    Object.hasOwn(value, 'at') &&
    Object.hasOwn(value, 'mac') &&
    Number.isSafeInteger(at) &&
    typeof mac === 'string' &&
    mac.length <= 100
  );
}

function isTrace(value: unknown): value is Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(value).every(
    ([key, text]) => TRACE_KEYS.has(key) && typeof text === 'string' && text.length <= 8192,
  );
}
