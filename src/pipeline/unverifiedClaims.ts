/** What a call carried that its kernel could not verify (see `AuditRecord.unverified`). */
export type UnverifiedClaim = 'approval' | 'caller' | 'permissions';

const claims = new WeakMap<AbortSignal, UnverifiedClaim[]>();

/**
 * Marks the call made with `signal` (a signal made for that one call) as carrying unverified
 * claims: its audit record lists them. The list is read when the record is sent, so a claim added
 * while the call runs (an approval answered from the job) is recorded too.
 * @internal
 */
export function markUnverified(signal: AbortSignal, list: UnverifiedClaim[]): void {
  claims.set(signal, list);
}

/**
 * The unverified claims marked for the call made with `signal`, if any.
 * @internal
 */
export function unverifiedClaims(signal: AbortSignal | undefined): readonly UnverifiedClaim[] | undefined {
  return signal === undefined ? undefined : claims.get(signal);
}
