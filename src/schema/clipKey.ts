const MAX_SHOWN = 64;

/** A key as an issue shows it: at most 64 characters, so one huge key cannot make a huge outcome. */
export function clipKey(key: string): string {
  return key.length <= MAX_SHOWN ? key : `${key.slice(0, MAX_SHOWN)}…`;
}
