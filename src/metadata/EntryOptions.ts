import type { ContentLimits } from '../contracts/ContentLimits.js';

/** What `@Resource` declares: a fixed URI, its name and what it holds. */
export interface ResourceOptions {
  /** The URI clients read: a scheme and the rest, `docs://handbook`, `file:///srv/report.pdf`… */
  readonly uri: string;
  /** Unique among the registry's resources and templates: `^[A-Za-z_][A-Za-z0-9_.-]{0,63}$`. */
  readonly name: string;
  readonly title?: string;
  readonly description: string;
  /** The MIME type of what it reads; the default of each body it returns. */
  readonly mimeType?: string;
  /** Time limit for one read, in milliseconds. Overrides `toolsModule({ timeoutMs })`. */
  readonly timeoutMs?: number;
  /** What its bodies may be (bytes per body, bodies per read, MIME types of binary ones); over the module's. */
  readonly content?: ContentLimits;
}

/** What `@ResourceTemplate` declares: a URI template whose variables are the method's `@Arg`s. */
export interface ResourceTemplateOptions extends Omit<ResourceOptions, 'uri'> {
  /** RFC 6570 levels 1 and 2: `{id}`, `{+path}` (may hold `/`), `{#section}`. */
  readonly uriTemplate: string;
  /**
   * Let a reserved expansion (`{+path}`) hold `.` and `..` segments, an absolute path and backslashes. Default false:
   * such a URI matches nothing, so a `{+path}` cannot climb out of where the template points.
   */
  readonly allowTraversal?: boolean;
}

/** What `@Prompt` declares: a name and what the prompt is for; its arguments are the method's `@Arg`s. */
export interface PromptOptions {
  /** Unique among the registry's prompts: `^[A-Za-z_][A-Za-z0-9_.-]{0,63}$`. */
  readonly name: string;
  readonly title?: string;
  readonly description: string;
  /** Time limit for one get, in milliseconds. Overrides `toolsModule({ timeoutMs })`. */
  readonly timeoutMs?: number;
  /** What its messages' content parts may be; over the module's. */
  readonly content?: ContentLimits;
}

/** What one of the entry decorators recorded on a method. */
export type EntryMark =
  | { readonly kind: 'resource'; readonly options: ResourceOptions }
  | { readonly kind: 'template'; readonly options: ResourceTemplateOptions }
  | { readonly kind: 'prompt'; readonly options: PromptOptions };
