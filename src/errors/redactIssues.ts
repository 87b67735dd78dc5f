import type { ValidationIssue } from '../contracts/ValidationIssue.js';
import { redactAndClip } from './redactSecrets.js';

/** The longest path kept: a path is made of the caller's (or a result's) keys, which can be megabytes long. */
const MAX_PATH = 512;
const MAX_ISSUE_MESSAGE = 2_000;

/**
 * Issues as they may leave the library: frozen copies whose messages (and paths, with `paths`)
 * have passed `redactSecrets`. The paths of input issues are the caller's own keys, shown back to
 * it; those of output issues are a result's keys, which may hold anything.
 */
export function redactIssues(issues: readonly ValidationIssue[], paths = true): readonly ValidationIssue[] {
  return Object.freeze(
    issues.map((i) => {
      const path = String(i.path);
      return Object.freeze({
        path: paths ? redactAndClip(path, MAX_PATH) : path.length > MAX_PATH ? `${path.slice(0, MAX_PATH)}…` : path,
        message: redactAndClip(String(i.message), MAX_ISSUE_MESSAGE),
        constraint: String(i.constraint),
      });
    }),
  );
}
