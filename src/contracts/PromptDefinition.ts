/** One argument of a prompt, as MCP lists it. */
export interface PromptArgument {
  readonly name: string;
  readonly description?: string;
  readonly required: boolean;
}

/** A prompt as the registry lists it: a template of messages a person picks, with its arguments. */
export interface PromptDefinition {
  readonly name: string;
  readonly title?: string;
  readonly description: string;
  readonly toolset: string;
  /** The permissions a caller needs to see and get it. */
  readonly permissions: readonly string[];
  readonly arguments: readonly PromptArgument[];
}
