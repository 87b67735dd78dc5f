import type { JsonSchema } from '../contracts/JsonSchema.js';

/** What `@Tool` declares. `name` and `description` are required; everything else is optional. */
export interface ToolOptions {
  /** What the model calls: `^[A-Za-z_][A-Za-z0-9_.-]{0,63}$`, unique across the registry. */
  readonly name: string;
  /** One or two sentences telling the model what the tool does and when to use it. */
  readonly description: string;
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
  /** Anything else: carried into the definition, never interpreted. */
  readonly metadata?: Readonly<Record<string, unknown>>;
  /** Time limit for one call, in milliseconds. Overrides `toolsModule({ timeoutMs })`. */
  readonly timeoutMs?: number;
  /** The result's declaration, checked on every call: a class-validator DTO or a JSON Schema. */
  readonly output?: Function | JsonSchema;
}
