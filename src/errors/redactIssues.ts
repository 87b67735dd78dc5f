import { redactSecrets } from './redactSecrets.js';
import type { ValidationIssue } from '../contracts/ValidationIssue.js';

/** Issues as they may leave the library: frozen copies whose messages have passed `redactSecrets`. */
export function redactIssues(issues: readonly ValidationIssue[]): readonly ValidationIssue[] {
  return Object.freeze(issues.map((i) => Object.freeze({ path: clip(String(i.path)), message: redactSecrets(String(i.message)), constraint: String(i.constraint) })));
}

/** A path is made of the caller's keys, which can be megabytes long. */
function clip(path: string): string {
  return path.length > 512 ? `${path.slice(0, 512)}…` : path;
}
