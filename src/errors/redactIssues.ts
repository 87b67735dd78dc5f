import type { ValidationIssue } from '../contracts/ValidationIssue.js';
import { redactAndClip } from './redactSecrets.js';

/** The longest path kept: a path is made of the caller's (or a result's) keys, which can be megabytes long. */
const MAX_PATH = 512;
const MAX_ISSUE_MESSAGE = 2_000;

/** Issues as they may leave the library: frozen copies whose paths and messages have passed `redactSecrets`. */
export function redactIssues(issues: readonly ValidationIssue[]): readonly ValidationIssue[] {
  return Object.freeze(
    issues.map((i) =>
      Object.freeze({ path: redactAndClip(String(i.path), MAX_PATH), message: redactAndClip(String(i.message), MAX_ISSUE_MESSAGE), constraint: String(i.constraint) }),
    ),
  );
}
