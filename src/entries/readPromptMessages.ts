import type { PromptMessage } from '../contracts/PromptMessage.js';
import type { ResolvedContentLimits } from '../contracts/ResolvedContentLimits.js';
import { readContent } from '../results/readContent.js';

/**
 * A prompt's rendering (in JSON form) as the messages a client gets: `{ description?, messages }`, each message a role
 * (`user` or `assistant`) and one content part checked as a tool result's are (kinds, keys, base64, MIME types), within
 * the content limits. A problem names what is wrong.
 */
export function readPromptMessages(
  value: unknown,
  limits: ResolvedContentLimits,
): { ok: true; description?: string; messages: PromptMessage[] } | { ok: false; problem: string } {
  const shape = 'a prompt returns a text, messages ({ role, content }), or { description?, messages }';
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, problem: shape };
  const own = Object.assign(Object.create(null) as Record<string, unknown>, value);
  const unknown = Object.keys(own).filter((key) => key !== 'description' && key !== 'messages');
  if (unknown.length > 0 || !Array.isArray(own.messages)) return { ok: false, problem: shape };
  if (own.description !== undefined && typeof own.description !== 'string')
    return { ok: false, problem: "a prompt's description is a string" };
  const roles: ('user' | 'assistant')[] = [];
  const parts: unknown[] = [];
  for (const [index, message] of (own.messages as unknown[]).entries()) {
    if (typeof message !== 'object' || message === null)
      return { ok: false, problem: `messages[${index}] is not a message ({ role, content })` };
    const entry = Object.assign(Object.create(null) as Record<string, unknown>, message);
    const extra = Object.keys(entry).filter((key) => key !== 'role' && key !== 'content');
    if (extra.length > 0) return { ok: false, problem: `messages[${index}] has unknown keys: ${extra.join(', ')}` };
    if (entry.role !== 'user' && entry.role !== 'assistant')
      return { ok: false, problem: `messages[${index}].role must be "user" or "assistant"` };
    roles.push(entry.role);
    parts.push(entry.content);
  }
  const read = readContent(parts, limits);
  if (!read.ok)
    return {
      ok: false,
      problem: read.issues
        .map((issue) => `${issue.path.replace(/^content\[(\d+)\]/, 'messages[$1].content')}: ${issue.message}`)
        .join('; '),
    };
  // Text counts as binary does, in UTF-8: a prompt of text alone is bounded as a resource's bodies are.
  const sizes = read.parts.map((part, i) => Math.max(read.bytes[i] ?? 0, textBytes(part)));
  const total = sizes.reduce((sum, size) => sum + size, 0);
  const largest = Math.max(0, ...sizes);
  if (largest > limits.maxPartBytes || total > limits.maxResultBytes)
    return {
      ok: false,
      problem: `the messages carry ${total} bytes (largest part ${largest}); at most ${limits.maxPartBytes} per part (content.maxPartBytes) and ${limits.maxResultBytes} in all (content.maxResultBytes) are allowed`,
    };
  return {
    ok: true,
    ...(own.description === undefined ? {} : { description: own.description as string }),
    messages: read.parts.map((content, i) => ({ role: roles[i]!, content })),
  };
}

/** The UTF-8 size of a part's text: a text part's, or an embedded resource's. */
function textBytes(part: unknown): number {
  const p = part as { text?: unknown; resource?: { text?: unknown } };
  const text = typeof p.text === 'string' ? p.text : typeof p.resource?.text === 'string' ? p.resource.text : undefined;
  return text === undefined ? 0 : Buffer.byteLength(text, 'utf8');
}
