import type { ToolErrorPayload } from '../contracts/ToolErrorPayload.js';
import type { ValidationIssue } from '../contracts/ValidationIssue.js';
import { MAX_MESSAGE, redactAndClip, redactName, SCAN_PAST, secretsSpanLines } from './redactSecrets.js';

/**
 * The message of an invalid call, from issues already redacted (see `redactIssues`): every issue,
 * and what to do, cut to MAX_MESSAGE characters. The issues are joined by line breaks, so the whole
 * is scanned again only when some secret holds one (two redacted issues could rebuild it); the
 * tool's name is scanned, since a `ToolValidationError` a tool throws may name anything.
 */
export function invalidInputMessage(tool: string, issues: readonly ValidationIssue[]): string {
  return invalidInputText(redactName(tool), issues, secretsSpanLines());
}

/**
 * `invalidInputMessage` for a tool's name already redacted (see `redactName`), the whole scanned
 * again only with `scan` (when `secretsSpanLines()` was true of the environment the issues were redacted by).
 */
export function invalidInputText(name: string, issues: readonly ValidationIssue[], scan: boolean): string {
  let text = `Invalid arguments for ${name} (${issues.length} ${issues.length === 1 ? 'problem' : 'problems'}):`;
  for (const issue of issues) {
    text += `\n- ${issue.message}`;
    // Not at MAX_MESSAGE: a secret that spans lines may begin before it and end in the next issue, and must be whole
    // when scanned.
    if (text.length > MAX_MESSAGE + SCAN_PAST) break;
  }
  text += '\nFix every problem listed and call again.';
  if (scan) return redactAndClip(text, MAX_MESSAGE);
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text;
}

/**
 * The payload of an invalid call, from issues already redacted: built without an Error, as `dispatch` returns it.
 * The message is made now, not by a getter on first read, which costs more to make than the message
 * (bench/NOTES.md, hot path).
 */
export function invalidInputPayload(tool: string, issues: readonly ValidationIssue[]): ToolErrorPayload {
  return { code: 'invalid_input', message: invalidInputMessage(tool, issues), retryable: true, issues };
}
