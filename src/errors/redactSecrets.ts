/** The longest reason (a guard's, an approver's) kept in an error: it is read by a model. */
export const MAX_REASON = 2_000;

/** The longest message kept in an error: a tool's error text can be anything, and it is read by a model. */
export const MAX_MESSAGE = 16_000;
/**
 * Environment variables whose values are not secret and turn up in ordinary text (paths, locale,
 * terminal), so redacting them would only garble messages. Everything else is treated as secret.
 */
const HARMLESS = new Set([
  'PATH',
  'SHELL',
  'USER',
  'LOGNAME',
  'HOME',
  'PWD',
  'OLDPWD',
  'INIT_CWD',
  'TMPDIR',
  'TMP',
  'TEMP',
  'LANG',
  'LANGUAGE',
  'TERM',
  'TERM_PROGRAM',
  'TERM_PROGRAM_VERSION',
  'COLORTERM',
  'TZ',
  'NODE_ENV',
  'HOSTNAME',
  'EDITOR',
  'VISUAL',
  'PAGER',
  'SHLVL',
  '_',
  'NODE',
  'npm_execpath',
  'npm_node_execpath',
  'npm_command',
]);
const HARMLESS_PREFIXES = ['LC_', 'npm_package_', 'npm_lifecycle_', 'npm_config_'];
/** npm passes its configuration as `npm_config_*`; the entries that hold credentials stay secret. */
const NPM_CREDENTIAL = /auth|token|pass|cred|secret|key/i;

/** Values shorter than this are not redacted: they would match ordinary words and numbers. */
export const MIN_SECRET_LENGTH = 6;
/** How long a snapshot of the environment is trusted before it is read again. */
const SNAPSHOT_MS = 1_000;

/** The environment's secrets as read once: a new object each time they are read again. */
export interface SecretsSnapshot {
  readonly pattern: RegExp | undefined;
  readonly multiline: boolean;
  /**
   * Whether some secret holds whitespace, `(` or `;`: the characters the validator's wording puts right beside a part
   * that repeats the value checked (see `ScannedIssue`), so only then could a secret begin in our wording and end in
   * the caller's part.
   */
  readonly crossesWording: boolean;
}

type Snapshot = SecretsSnapshot;

/** What sets an echoed part of an issue's message off from our wording (see `SecretsSnapshot.crossesWording`). */
const BESIDE_ECHO = /[\s(;]/;

let snapshot: Snapshot | undefined;
let expiry: ReturnType<typeof setTimeout> | undefined;

/**
 * Re-reads the environment now. The registry calls it when it is built; otherwise a snapshot is
 * dropped a second after it was taken and read again on the next use, because reading every
 * variable is slow. A timer ends the snapshot, rather than a clock read on every use, which would
 * cost a redaction more than its scan (bench/NOTES.md, hot path).
 */
export function refreshSecrets(): void {
  snapshot = readSecrets();
  clearTimeout(expiry);
  expiry = setTimeout(() => {
    snapshot = undefined;
  }, SNAPSHOT_MS);
  // The timer only ends the snapshot: it must not keep a process alive.
  expiry.unref?.();
}

function readSecrets(): Snapshot {
  const values = new Set<string>();
  for (const [name, value] of Object.entries(process.env)) {
    if (value === undefined || value.length < MIN_SECRET_LENGTH || HARMLESS.has(name)) continue;
    if (
      HARMLESS_PREFIXES.some((prefix) => name.startsWith(prefix)) &&
      !(name.startsWith('npm_config_') && NPM_CREDENTIAL.test(name))
    )
      continue;
    values.add(value);
    // A value with a quote or a backslash appears escaped once a message holds it as JSON, and twice once that JSON is
    // itself held as a string in JSON (a log line's fields, say).
    const escaped = JSON.stringify(value).slice(1, -1);
    if (escaped !== value) {
      values.add(escaped);
      values.add(JSON.stringify(escaped).slice(1, -1));
    }
  }
  // One alternation of literals, longest first so that a value containing another is replaced whole:
  // a single native scan per message, where one search per variable would cost ten times more.
  const alternatives = [...values]
    .sort((a, b) => b.length - a.length)
    .map((v) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const multiline = [...values].some((v) => v.includes('\n'));
  const crossesWording = [...values].some((v) => BESIDE_ECHO.test(v));
  return {
    pattern: alternatives.length === 0 ? undefined : new RegExp(alternatives.join('|'), 'g'),
    multiline,
    crossesWording,
  };
}

function secrets(): Snapshot {
  if (snapshot === undefined) refreshSecrets();
  return snapshot!;
}

/** The secrets `redactSecrets` redacts now: the same object until the environment is read again. */
export function currentSecrets(): SecretsSnapshot {
  return secrets();
}

/**
 * The one redaction rule, applied to every message that leaves the library (a ToolError's message,
 * its issues, CLI output): the value of every environment variable of at least
 * {@link MIN_SECRET_LENGTH} characters, except a short list of harmless ones (PATH, LANG, TERM…),
 * becomes `[redacted]`, whatever the variable is called; so does the password (or the token used
 * as a user name) in any `scheme://user:password@host` URL. Linear in the text's length.
 */
export function redactSecrets(text: string): string {
  if (text.length < MIN_SECRET_LENGTH && !text.includes('://')) return text;
  const pattern = secrets().pattern;
  let out = text;
  if (pattern !== undefined) {
    pattern.lastIndex = 0;
    if (pattern.test(text)) out = text.replace(pattern, '[redacted]');
    pattern.lastIndex = 0;
  }
  return redactUrlCredentials(out);
}

let lastName: string | undefined;
let lastNameRedacted = '';
let lastNameSnapshot: Snapshot | undefined;

/**
 * `redactSecrets` for a tool's name, remembering the last one: a registry names the same few tools
 * in message after message, and the scan is most of the cost of a refusal's message.
 */
export function redactName(name: string): string {
  const current = secrets();
  if (name !== lastName || current !== lastNameSnapshot) {
    lastNameRedacted = redactSecrets(name);
    lastName = name;
    lastNameSnapshot = current;
  }
  return lastNameRedacted;
}

/**
 * Whether some secret holds a line break: only such a value can be rebuilt by joining texts that
 * were each redacted on their own with line breaks between them (the issues of an invalid call).
 */
export function secretsSpanLines(): boolean {
  return secrets().multiline;
}

const SCHEME_CHAR = /[A-Za-z0-9+.-]/;
const AUTHORITY_END = /[\s/?#"'<>()[\]{},;]/;

/**
 * `scheme://user:password@host` → `scheme://user:[redacted]@host`, and `scheme://token@host` →
 * `scheme://[redacted]@host`. A scanner rather than a regex, so hostile text cannot make it backtrack.
 * The last `@` of the authority ends the credentials, so a password that holds `@` is redacted whole.
 */
function redactUrlCredentials(text: string): string {
  let at = text.indexOf('://');
  if (at === -1) return text;
  let out = '';
  let copied = 0;
  while (at !== -1) {
    let schemeStart = at;
    while (schemeStart > 0 && at - schemeStart < 32 && SCHEME_CHAR.test(text[schemeStart - 1]!)) schemeStart--;
    const start = at + 3;
    let end = start;
    let lastAt = -1;
    while (end < text.length && !AUTHORITY_END.test(text[end]!)) {
      if (text[end] === '@') lastAt = end;
      end++;
    }
    if (schemeStart < at && lastAt > start) {
      const colon = text.indexOf(':', start);
      const secretFrom = colon !== -1 && colon < lastAt ? colon + 1 : start;
      out += `${text.slice(copied, secretFrom)}[redacted]`;
      copied = lastAt;
    }
    // From just past this '://', not past its authority: an authority ends at the '/' of a '://' that follows it
    // (`a://b://u:pw@h`), which must be looked at too.
    at = text.indexOf('://', at + 3);
  }
  return out + text.slice(copied);
}

/**
 * How far past its limit `redactAndClip` scans a text: far enough that no secret of ordinary
 * length straddles that cut.
 */
export const SCAN_PAST = 8_192;

/**
 * `text` redacted, then cut to `max` characters. Redacting first matters: cutting first can leave
 * the beginning of a secret that the cut made unrecognisable. The text is first bounded to what
 * the scan may cost, {@link SCAN_PAST} characters past `max`; a text so bounded is marked cut even
 * when what redaction left of it is shorter than `max`.
 */
export function redactAndClip(text: string, max: number): string {
  const bounded = text.length > max + SCAN_PAST;
  const redacted = redactSecrets(bounded ? text.slice(0, max + SCAN_PAST) : text);
  return bounded || redacted.length > max ? `${redacted.slice(0, max)}…` : redacted;
}
