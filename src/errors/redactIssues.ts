import type { ValidationIssue } from '../contracts/ValidationIssue.js';
import { noSecretsIn, redactAndClip } from './redactSecrets.js';

/** The longest path kept: a path is made of the caller's (or a result's) keys, which can be megabytes long. */
const MAX_PATH = 512;
const MAX_ISSUE_MESSAGE = 2_000;
/** Up to this many characters in all, the texts of the issues are first scanned together, once. */
const SCAN_TOGETHER = 16_384;

/**
 * Issues as they may leave the library: frozen copies whose messages (and paths, with `paths`)
 * have passed `redactSecrets`. The paths of input issues are the caller's own keys, shown back to
 * it; those of output issues are a result's keys, which may hold anything.
 */
export function redactIssues(issues: readonly ValidationIssue[], paths = true): readonly ValidationIssue[] {
  const texts: string[] = [];
  let length = 0;
  for (const issue of issues) {
    const message = String(issue.message);
    texts.push(message);
    length += message.length;
    if (paths) {
      const path = String(issue.path);
      texts.push(path);
      length += path.length;
    }
  }
  // The common case, an invalid call whose issues quote nothing secret, costs one scan instead of one per text.
  const clean = length <= SCAN_TOGETHER && noSecretsIn(texts);
  const redact = (text: string, max: number): string => (clean ? clip(text, max) : redactAndClip(text, max));
  return Object.freeze(
    issues.map((i, n) => {
      const path = paths ? texts[2 * n + 1]! : String(i.path);
      return Object.freeze({
        path: paths ? redact(path, MAX_PATH) : clip(path, MAX_PATH),
        message: redact(texts[paths ? 2 * n : n]!, MAX_ISSUE_MESSAGE),
        constraint: String(i.constraint),
      });
    }),
  );
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
