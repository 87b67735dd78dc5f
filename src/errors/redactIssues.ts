import type { ValidationIssue } from '../contracts/ValidationIssue.js';
import { redactAndClip } from './redactSecrets.js';
import { ScannedIssue } from './ScannedIssue.js';

/** The longest path kept: a path is made of the caller's (or a result's) keys, which can be megabytes long. */
export const MAX_PATH = 512;
export const MAX_ISSUE_MESSAGE = 2_000;

/**
 * Issues as they may leave the library: frozen copies whose messages (and paths, with `paths`)
 * have passed `redactSecrets`. The paths of input issues are the caller's own keys, shown back to
 * it; those of output issues are a result's keys, which may hold anything. Each field is read
 * once, so an issue with getters cannot show one value to the scan and another to the copy. The validator's own
 * issues (see `ScannedIssue`) were scanned where they repeat the value checked, and are copied without another scan.
 */
export function redactIssues(issues: readonly ValidationIssue[], paths = true): readonly ValidationIssue[] {
  // A loop, not `map` with a closure: an invalid call's issues are copied on every refusal.
  const out: ValidationIssue[] = [];
  for (let n = 0; n < issues.length; n++) {
    const issue = issues[n]!;
    const scanned = ScannedIssue.redacted(issue, paths);
    if (scanned !== undefined) {
      out.push(scanned);
      continue;
    }
    const path = String(issue.path);
    const message = String(issue.message);
    out.push(
      Object.freeze({
        path: paths ? redactAndClip(path, MAX_PATH) : clip(path, MAX_PATH),
        message: redactAndClip(message, MAX_ISSUE_MESSAGE),
        constraint: String(issue.constraint),
      }),
    );
  }
  return Object.freeze(out);
}

/** `text`, or its first `max` characters and `…`. */
export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
