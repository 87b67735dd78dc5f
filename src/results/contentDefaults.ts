/** The MIME types content parts may have when no `content.mimeTypes` is given. */
export const DEFAULT_CONTENT_MIME_TYPES: readonly string[] = Object.freeze([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'audio/*',
  'text/plain',
  'text/markdown',
  'text/csv',
  'application/json',
  'application/pdf',
]);

/** The content limits every tool has unless `toolsModule({ content })` or `@Tool({ content })` says otherwise. */
export const DEFAULT_CONTENT_LIMITS = Object.freeze({
  maxParts: 20,
  maxPartBytes: 5 * 1024 * 1024,
  maxResultBytes: 10 * 1024 * 1024,
  mimeTypes: DEFAULT_CONTENT_MIME_TYPES,
});
