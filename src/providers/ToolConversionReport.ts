/** What a provider conversion did to one tool, so a user learns it at startup, not from a provider's 400. */
export interface ToolConversionReport {
  /** The tool's name in the registry. */
  readonly tool: string;
  /** Its name as the provider sees it (the same unless the provider forbids a character or the length). */
  readonly providerName: string;
  /** Each change made to fit the provider's rules, in words. Empty when the tool went through as is. */
  readonly changes: readonly string[];
}
