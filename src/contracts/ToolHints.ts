import type { TaskSupport } from './TaskSupport.js';

/** The descriptive fields a tool declares in `@Tool` and shows in its definition, declared once for both. */
export interface ToolHints {
  /** Free-form routing tags, conventionally a domain (`filesystem`, `network`). */
  readonly tags?: readonly string[];
  /** Semantic version of the tool's contract (`1.2.0`), not of its implementation. */
  readonly version?: string;
  /** A sentence saying why it is deprecated and what to use instead. `true` is refused: it tells a model nothing. */
  readonly deprecated?: string;
  /** Calling twice is the same as calling once. */
  readonly idempotent?: boolean;
  /** The tool does not change its environment (MCP `readOnlyHint`). */
  readonly readOnly?: boolean;
  /** The tool may destroy or overwrite data (MCP `destructiveHint`). */
  readonly destructive?: boolean;
  /** The tool talks to an open world, such as the internet (MCP `openWorldHint`). */
  readonly openWorld?: boolean;
  /**
   * Whether an MCP client may (`optional`) or must (`required`) call the tool as a task: the
   * server answers at once with a task id and the client fetches the result later. Absent means
   * `forbidden`, an ordinary call. Other kernels call the tool as usual.
   */
  readonly task?: TaskSupport;
  /** Anything else: carried into the definition, never interpreted. */
  readonly metadata?: Readonly<Record<string, unknown>>;
}
