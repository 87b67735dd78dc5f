import { redactAndClip } from './redactSecrets.js';
import { ToolError } from './ToolError.js';
import { ToolExecutionError } from './ToolExecutionError.js';

const MAX_DETAIL = 500;

/**
 * The one place an unknown throw becomes a ToolError: a ToolError passes through unchanged, and
 * anything else (an Error, a string, undefined) becomes a ToolExecutionError keeping it as `cause`.
 */
export function toToolError(tool: string, thrown: unknown): ToolError {
  if (thrown instanceof ToolError) return thrown;
  return new ToolExecutionError(tool, describeThrown(thrown), { cause: thrown });
}

function describeThrown(thrown: unknown): string {
  let detail: string;
  try {
    if (thrown instanceof Error) detail = String(thrown.message) || String(thrown.name) || 'an error without a message';
    else if (typeof thrown === 'string') detail = thrown || 'an empty string was thrown';
    else if (thrown === undefined || thrown === null) detail = `it threw ${String(thrown)}`;
    else detail = `it threw a value of type ${typeof thrown}`;
  } catch {
    // Converted: a thrown value whose message cannot be read is described as such.
    detail = 'it threw a value that could not be described';
  }
  // Bounded before the scan, so its cost is bounded; redacted before the final cut, so no secret is cut in half.
  return redactAndClip(withoutLocations(detail.slice(0, MAX_DETAIL * 4)).trim(), MAX_DETAIL);
}

/**
 * Drops stack frames and file locations a message may carry (`    at f (/app/x.js:1:2)`,
 * `boom at file:///app/x.js:3`): they tell a model nothing and tell an attacker the host's layout.
 */
export function withoutLocations(text: string): string {
  const lines: string[] = [];
  for (const line of text.split('\n')) {
    if (/^\s*at\s/.test(line) && line.length > 3) continue;
    const kept: string[] = [];
    for (const token of line.split(' ')) {
      if (isLocation(token)) {
        if (kept.length > 0 && kept[kept.length - 1] === 'at') kept.pop();
        continue;
      }
      kept.push(token);
    }
    lines.push(kept.join(' '));
  }
  return lines.join('\n');
}

function isLocation(token: string): boolean {
  const t = token.startsWith('(') ? token.slice(1) : token;
  return (
    t.startsWith('file://') || t.startsWith('node:') || (t.startsWith('/') && t.length > 1) || /^[A-Za-z]:\\/.test(t)
  );
}
