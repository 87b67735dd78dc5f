/** What `complete` is asked about: a prompt's argument, or a resource template's variable. */
export type CompletionReference =
  | { readonly type: 'ref/prompt'; readonly name: string }
  | { readonly type: 'ref/resource'; readonly uri: string };

/** What a completion method is given besides the value typed so far: the other arguments already chosen. */
export interface CompletionContext {
  readonly arguments: Readonly<Record<string, string>>;
}

/** What `complete` resolves to: at most 100 values, with whether there are more. */
export interface Completion {
  readonly values: readonly string[];
  readonly total?: number;
  readonly hasMore: boolean;
}
