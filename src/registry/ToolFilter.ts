/** Selects tools by toolset and tag. Both given: a tool must match both. A list matches any of its entries. */
export interface ToolFilter {
  readonly toolsets?: readonly string[];
  readonly tags?: readonly string[];
}
