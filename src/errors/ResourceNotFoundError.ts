import { ToolError } from './ToolError.js';

/** No resource this caller may read has that URI: none matches it, or the caller may not see the one that does. */
export class ResourceNotFoundError extends ToolError {
  readonly code = 'resource_not_found' as const;
  readonly retryable = false;
  protected static override readonly captureStack = false;

  /**
   * @param uri The URI (or, for a completion, the URI template) asked for.
   * @param next What to do instead, when it is not to read a listed URI.
   */
  constructor(
    readonly uri: string,
    next = 'Read one of the URIs resources/list gives, or one that a template of resources/templates/list matches.',
  ) {
    const shown = uri.length > 200 ? `${uri.slice(0, 200)}…` : uri;
    super(`There is no resource at ${JSON.stringify(shown)}. ${next}`);
  }
}
