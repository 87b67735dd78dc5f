import type { CompletionContext } from './Completion.js';
import type { ToolContext } from './ToolContext.js';

/** A completion method of an entry's class, bound to the class's instance for the call's context. */
export type Completer = (value: string, context: CompletionContext, ctx: ToolContext) => Promise<unknown>;

/**
 * What makes a compiled declaration a resource, a resource template or a prompt rather than a tool: read by the
 * registry's entries. Internal.
 */
export interface EntryMeta {
  readonly kind: 'resource' | 'template' | 'prompt';
  /** A resource's URI, or a template's URI template. */
  readonly uri?: string;
  readonly title?: string;
  readonly mimeType?: string;
  /** A template's variables, in order; a prompt's arguments. */
  readonly variables: readonly string[];
  /** Reserved expansions (`{+path}`) may hold `..` and absolute paths. */
  readonly allowTraversal?: boolean;
  /** Completion methods by argument (or variable) name. */
  readonly completers: Readonly<Record<string, Completer>>;
}
