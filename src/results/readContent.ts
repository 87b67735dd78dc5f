import type { ContentPart } from '../contracts/ContentPart.js';
import type { ValidationIssue } from '../contracts/ValidationIssue.js';
import type { ResolvedContentLimits } from '../contracts/ResolvedContentLimits.js';
import { base64Bytes } from './base64Bytes.js';
import { mimeAllowed, mimeShaped } from './mimeAllowed.js';

/** The parts of a result, checked and copied (own keys only), with the decoded size of each binary part. */
export type ReadContent =
  | { readonly ok: true; readonly parts: readonly ContentPart[]; readonly bytes: readonly number[] }
  | { readonly ok: false; readonly issues: readonly ValidationIssue[] };

/** Base64 characters, padding only at the end; a length a multiple of 4 is checked apart (no group to backtrack). */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
/** The longest URI a part may carry. */
const MAX_URI = 8192;
/** The longest name, title or description a link may carry. */
const MAX_LINK_TEXT = 8192;

const KEYS: Readonly<Record<ContentPart['type'], readonly string[]>> = {
  text: ['type', 'text'],
  image: ['type', 'data', 'mimeType'],
  audio: ['type', 'data', 'mimeType'],
  resource_link: ['type', 'uri', 'name', 'title', 'description', 'mimeType', 'size'],
  resource: ['type', 'resource'],
};

/**
 * Reads a result's parts as the kernels will send them: each a known kind with exactly its own keys, binary data valid
 * base64 of an allowed MIME type, URIs with a scheme, at most `maxParts` of them. Sizes are returned, not judged: the
 * dispatcher moves a part over its size to the result store.
 */
export function readContent(given: readonly unknown[], limits: ResolvedContentLimits): ReadContent {
  const issues: ValidationIssue[] = [];
  if (given.length > limits.maxParts) {
    return {
      ok: false,
      issues: [
        {
          path: 'content',
          message: `the result has ${given.length} content parts; at most ${limits.maxParts} are allowed (content.maxParts)`,
          constraint: 'maxParts',
        },
      ],
    };
  }
  const parts: ContentPart[] = [];
  const bytes: number[] = [];
  const readOne = (part: unknown, index: number): undefined => {
    const path = `content[${index}]`;
    const issue = (message: string, constraint: string): undefined => {
      issues.push({ path, message, constraint });
      return undefined;
    };
    if (typeof part !== 'object' || part === null || !Object.hasOwn(part, 'type') || Array.isArray(part)) {
      issue('a content part must be an object with a type; make parts with Content.text, Content.image, …', 'type');
      return;
    }
    // Each property read once, into a copy on no prototype: what is checked is what is sent (a getter cannot answer one
    // value to the check and another to the copy).
    const own = Object.assign(Object.create(null) as Record<string, unknown>, part);
    const type = own.type;
    const keys = typeof type === 'string' && Object.hasOwn(KEYS, type) ? KEYS[type as ContentPart['type']] : undefined;
    if (keys === undefined) {
      issue(
        `unknown content part type ${JSON.stringify(String(type).slice(0, 40))}; known: text, image, audio, resource_link, resource`,
        'type',
      );
      return;
    }
    const extra = Object.keys(own).filter((key) => !keys.includes(key));
    if (extra.length > 0) {
      issue(`a ${type} part has unknown keys: ${extra.slice(0, 5).join(', ')}`, 'unknownKeys');
      return;
    }
    const mime = (value: unknown, required: boolean): boolean => {
      if (value === undefined && !required) return true;
      if (typeof value !== 'string' || !mimeAllowed(value, limits.mimeTypes)) {
        issue(
          `a ${type} part's MIME type ${JSON.stringify(String(value).slice(0, 80))} is not allowed here; allowed: ${limits.mimeTypes.join(', ')} (content.mimeTypes)`,
          'mimeType',
        );
        return false;
      }
      return true;
    };
    const data = (value: unknown, key: string): number | undefined => {
      if (typeof value !== 'string' || value.length % 4 !== 0 || !BASE64.test(value)) {
        issue(
          `a ${type} part's ${key} must be base64; give bytes to Content.${type === 'resource' ? 'resource' : type}`,
          'base64',
        );
        return undefined;
      }
      return base64Bytes(value);
    };
    const uri = (value: unknown): boolean => {
      if (typeof value === 'string' && value.length <= MAX_URI && SCHEME.test(value)) return true;
      issue(`a ${type} part needs a uri with a scheme (file:, https:, …), at most ${MAX_URI} characters`, 'uri');
      return false;
    };
    switch (type) {
      case 'text':
        if (typeof own.text !== 'string') return issue('a text part needs text, a string', 'text');
        parts.push({ type, text: own.text });
        bytes.push(0);
        return;
      case 'image':
      case 'audio': {
        if (!mime(own.mimeType, true)) return;
        const size = data(own.data, 'data');
        if (size === undefined) return;
        parts.push({ type, data: own.data as string, mimeType: own.mimeType as string });
        bytes.push(size);
        return;
      }
      case 'resource_link': {
        if (!uri(own.uri)) return;
        if (typeof own.name !== 'string' || own.name.length > MAX_LINK_TEXT)
          return issue(`a resource_link part needs a name, a string of at most ${MAX_LINK_TEXT} characters`, 'name');
        for (const key of ['title', 'description', 'mimeType'] as const)
          if (own[key] !== undefined && !(typeof own[key] === 'string' && (own[key] as string).length <= MAX_LINK_TEXT))
            return issue(`a resource_link part's ${key} must be a string of at most ${MAX_LINK_TEXT} characters`, key);
        if (own.mimeType !== undefined && !mimeShaped(own.mimeType as string))
          return issue("a resource_link part's mimeType must be a MIME type (type/subtype)", 'mimeType');
        if (own.size !== undefined && !(Number.isSafeInteger(own.size) && (own.size as number) >= 0))
          return issue("a resource_link part's size must be a whole number of bytes", 'size');
        parts.push({ ...own } as unknown as ContentPart);
        bytes.push(0);
        return;
      }
      case 'resource': {
        const given = own.resource;
        if (typeof given !== 'object' || given === null || Array.isArray(given))
          return issue(
            'a resource part needs resource: { uri, mimeType?, text } or { uri, mimeType?, blob }',
            'resource',
          );
        const inner = Object.assign(Object.create(null) as Record<string, unknown>, given);
        const extraInner = Object.keys(inner).filter((key) => !['uri', 'mimeType', 'text', 'blob'].includes(key));
        if (extraInner.length > 0)
          return issue(
            `a resource part's resource has unknown keys: ${extraInner.slice(0, 5).join(', ')}`,
            'unknownKeys',
          );
        if (!uri(inner.uri) || !mime(inner.mimeType, false)) return;
        const base = {
          uri: inner.uri as string,
          ...(inner.mimeType === undefined ? {} : { mimeType: inner.mimeType as string }),
        };
        if (typeof inner.text === 'string' && inner.blob === undefined) {
          parts.push({ type, resource: { ...base, text: inner.text } });
          bytes.push(0);
          return;
        }
        if (inner.text !== undefined) return issue('a resource part has text or blob, not both', 'resource');
        // Bytes whose type is not said could be anything: a blob names its MIME type, which must be allowed.
        if (inner.mimeType === undefined) return issue("a resource part's blob needs a mimeType", 'mimeType');
        const size = data(inner.blob, 'blob');
        if (size === undefined) return;
        parts.push({ type, resource: { ...base, blob: inner.blob as string } });
        bytes.push(size);
        return;
      }
    }
  };
  for (let index = 0; index < given.length; index++) readOne(given[index], index);
  return issues.length > 0 ? { ok: false, issues } : { ok: true, parts, bytes };
}
