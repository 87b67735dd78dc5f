import type { ResolvedContentLimits } from '../contracts/ResolvedContentLimits.js';
import type { ResourceContents } from '../contracts/ResourceContents.js';
import { readContent } from '../results/readContent.js';

/**
 * A resource read's bodies (in JSON form) as the contents a client gets: each text or base64 blob with exactly its own
 * keys, its `uri` defaulting to the URI read and its `mimeType` to the resource's, within the content limits (bodies,
 * bytes per body and in all, MIME types of blobs). A problem names what is wrong.
 */
export function readResourceContents(
  value: unknown,
  uri: string,
  mimeType: string | undefined,
  limits: ResolvedContentLimits,
): { ok: true; contents: ResourceContents[] } | { ok: false; problem: string } {
  if (!Array.isArray(value))
    return { ok: false, problem: 'a resource returns text, bytes, or bodies ({ text } or { blob, mimeType })' };
  const parts: unknown[] = [];
  for (const body of value) {
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return { ok: false, problem: 'each body of a resource is { text } or { blob, mimeType }' };
    const own = Object.assign(Object.create(null) as Record<string, unknown>, body);
    const unknown = Object.keys(own).filter((key) => !['text', 'blob', 'mimeType', 'uri'].includes(key));
    if (unknown.length > 0)
      return { ok: false, problem: `a body of a resource has unknown keys: ${unknown.slice(0, 5).join(', ')}` };
    const type = own.mimeType ?? mimeType;
    parts.push({
      type: 'resource',
      resource: {
        uri: own.uri ?? uri,
        ...(type === undefined ? {} : { mimeType: type }),
        ...(own.text === undefined ? {} : { text: own.text }),
        ...(own.blob === undefined ? {} : { blob: own.blob }),
      },
    });
  }
  const read = readContent(parts, limits);
  if (!read.ok)
    return {
      ok: false,
      problem: read.issues.map((issue) => `${issue.path.replace('content', 'contents')}: ${issue.message}`).join('; '),
    };
  let total = 0;
  for (let i = 0; i < read.parts.length; i++) {
    const size = sizeOf(read.parts[i]!, read.bytes[i]!);
    if (size > limits.maxPartBytes)
      return {
        ok: false,
        problem: `contents[${i}] is ${size} bytes; at most ${limits.maxPartBytes} are allowed (content.maxPartBytes)`,
      };
    total += size;
  }
  if (total > limits.maxResultBytes)
    return {
      ok: false,
      problem: `the contents are ${total} bytes in all; at most ${limits.maxResultBytes} are allowed (content.maxResultBytes)`,
    };
  return {
    ok: true,
    contents: read.parts.map((part) => (part as { resource: ResourceContents }).resource),
  };
}

/** A body's size in bytes: its decoded blob, or its text in UTF-8. */
function sizeOf(part: unknown, bytes: number): number {
  const text = (part as { resource: { text?: string } }).resource.text;
  return text === undefined ? bytes : Buffer.byteLength(text, 'utf8');
}
