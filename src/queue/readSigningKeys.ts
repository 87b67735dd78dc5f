import { Buffer } from 'node:buffer';

/** The shortest key accepted, in bytes: HMAC-SHA256's own output length. */
export const MIN_KEY_BYTES = 32;

/** The most keys a list may hold: a worker tries each on every job. */
const MAX_KEYS = 8;

/** The keys of a `signingKey` option, first the one that signs; or what is wrong with it. */
export type ReadKeys =
  | { readonly ok: true; readonly keys: readonly Buffer[] }
  | { readonly ok: false; readonly reason: string };

/**
 * Reads a `signingKey` option: undefined (no signing), one key, or a non-empty list of keys.
 * @internal
 */
export function readSigningKeys(given: unknown): ReadKeys {
  if (given === undefined) return { ok: true, keys: [] };
  const listed: readonly unknown[] = Array.isArray(given) ? given : [given];
  if (listed.length === 0 || listed.length > MAX_KEYS)
    return { ok: false, reason: `signingKey must be a key or a list of 1 to ${MAX_KEYS} keys` };
  const keys: Buffer[] = [];
  for (const key of listed) {
    const bytes =
      typeof key === 'string' ? Buffer.from(key, 'utf8') : key instanceof Uint8Array ? Buffer.from(key) : undefined;
    if (bytes === undefined || bytes.length < MIN_KEY_BYTES)
      return {
        ok: false,
        reason: `each signingKey must be a string or Uint8Array of at least ${MIN_KEY_BYTES} bytes, e.g. randomBytes(32).toString('base64')`,
      };
    keys.push(bytes);
  }
  return { ok: true, keys };
}
