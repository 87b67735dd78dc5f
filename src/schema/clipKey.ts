import { redactAndClip } from '../errors/redactSecrets.js';

const MAX_SHOWN = 64;

/**
 * A key as an issue shows it: at most 64 characters, so one huge key cannot make a huge outcome.
 * A long key is redacted before it is cut, so a result's key cannot show the beginning of a secret.
 */
export function clipKey(key: string): string {
  return key.length <= MAX_SHOWN ? key : redactAndClip(key, MAX_SHOWN);
}
