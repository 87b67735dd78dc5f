/**
 * What a result's content parts may be: `toolsModule({ content })` for every tool, `@Tool({ content })` for one (each
 * key it gives wins). Checked when the call returns, before anything leaves: a part of a MIME type not allowed, or
 * more parts than allowed, fails the call with an OutputValidationError; a binary part over its size goes to the result
 * store and is replaced by a note saying how to read it (refused when result budgets are off).
 */
export interface ContentLimits {
  /** Parts one result may hold. Default 20. */
  readonly maxParts?: number;
  /**
   * Decoded bytes one binary part (image, audio, an embedded blob) may take in a result. Default 5 MiB (5,242,880), the
   * largest image most model APIs accept.
   */
  readonly maxPartBytes?: number;
  /**
   * Decoded bytes all the binary parts of one result may take together, sent and kept; past it the call fails. Default
   * 10 MiB (10,485,760).
   */
  readonly maxResultBytes?: number;
  /**
   * The MIME types binary parts and embedded resources may have: exact (`image/png`) or a family (`audio/*`). Default
   * {@link DEFAULT_CONTENT_MIME_TYPES}. Not in it by default: `image/svg+xml` and `text/html`, which can carry script
   * into whatever renders them; allow them per tool when the client is known to treat them safely.
   */
  readonly mimeTypes?: readonly string[];
}
