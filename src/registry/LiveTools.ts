import type { RegisteredTool } from '../tools/RegisteredTool.js';

/**
 * The tools of one toolset that may change while its registry runs (a remote MCP server's, refreshed when the server
 * says its list changed). Each tool is immutable; only which tools there are changes, all at once. The registry and
 * its views read the current set on every lookup; a caller's view keeps the tools it was made with.
 */
export class LiveTools {
  #tools: ReadonlyMap<string, RegisteredTool> = new Map();

  constructor(readonly toolset: string) {
    Object.freeze(this);
  }

  find(name: string): RegisteredTool | undefined {
    return this.#tools.get(name);
  }

  all(): IterableIterator<RegisteredTool> {
    return this.#tools.values();
  }

  /** Puts `tools` in place of the current ones. */
  replace(tools: ReadonlyMap<string, RegisteredTool>): void {
    this.#tools = tools;
  }
}
