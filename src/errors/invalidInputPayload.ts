import type { ToolErrorPayload } from '../contracts/ToolErrorPayload.js';
import type { ValidationIssue } from '../contracts/ValidationIssue.js';
import { MAX_MESSAGE } from './MAX_MESSAGE.js';

/**
 * The message of an invalid call, from issues already redacted (see `redactIssues`): every issue,
 * and what to do. Made of those messages and the tool's name only, so it is not scanned again.
 */
export function invalidInputMessage(tool: string, issues: readonly ValidationIssue[]): string {
  let text = `Invalid arguments for ${tool} (${issues.length} ${issues.length === 1 ? 'problem' : 'problems'}):`;
  for (const issue of issues) {
    text += `\n- ${issue.message}`;
    if (text.length > MAX_MESSAGE) return `${text.slice(0, MAX_MESSAGE)}…`;
  }
  text += '\nFix every problem listed and call again.';
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text;
}

/** The payload of an invalid call, from issues already redacted: built without an Error, as `dispatch` returns it. */
export function invalidInputPayload(tool: string, issues: readonly ValidationIssue[]): ToolErrorPayload {
  return { code: 'invalid_input', message: invalidInputMessage(tool, issues), retryable: true, issues };
}
