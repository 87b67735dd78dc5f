import type { McpToolsetEvent } from 'hermes-tools/mcp';

/** An mcpToolset's events (`onEvent`), and a promise of the next one of a type: tests wait on these, not on a clock. */
export function toolsetEvents() {
  const waiting: { type: McpToolsetEvent['type']; resolve: (e: McpToolsetEvent) => void }[] = [];
  return {
    onEvent(event: McpToolsetEvent) {
      for (const w of waiting.splice(0)) {
        if (w.type === event.type) w.resolve(event);
        else waiting.push(w);
      }
    },
    next<T extends McpToolsetEvent['type']>(type: T): Promise<Extract<McpToolsetEvent, { type: T }>> {
      return new Promise((resolve) => waiting.push({ type, resolve: resolve as (e: McpToolsetEvent) => void }));
    },
  };
}
