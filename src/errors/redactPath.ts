import { currentSecrets, MIN_SECRET_LENGTH, redactSecrets, type SecretsSnapshot } from './redactSecrets.js';

/** Paths remembered at most, and the longest one remembered: enough for the parameters of the tools in use. */
const MAX_REMEMBERED = 256;
const MAX_REMEMBERED_LENGTH = 256;

let clean = new Set<string>();
let cleanBy: SecretsSnapshot | undefined;

/**
 * `redactSecrets` for an issue's path, remembering the paths found to hold no secret: most are a tool's own parameter
 * names, met again in every refusal, where a scan would cost more than the rest of the issue. Forgotten when the
 * environment is read again; a caller sending ever new keys only makes every path scanned, as without it.
 */
export function redactPath(path: string): string {
  if (path.length < MIN_SECRET_LENGTH && !path.includes('://')) return path;
  const secrets = currentSecrets();
  if (secrets !== cleanBy) {
    clean = new Set();
    cleanBy = secrets;
  }
  if (clean.has(path)) return path;
  const redacted = redactSecrets(path);
  if (redacted === path && path.length <= MAX_REMEMBERED_LENGTH) {
    if (clean.size >= MAX_REMEMBERED) clean.clear();
    clean.add(path);
  }
  return redacted;
}
