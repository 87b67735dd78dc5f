import type { ContentLimits } from '../contracts/ContentLimits.js';
import type { JsonSchema } from '../contracts/JsonSchema.js';
import type { ToolHints } from '../contracts/ToolHints.js';

/**
 * What `@Tool` declares. `name` and `description` are required; everything else is optional. The description may be
 * left to the method's JSDoc comment when the registry has the type manifest (`hermes-tools typegen`).
 */
export interface ToolOptions extends ToolHints {
  /** What the model calls: `^[A-Za-z_][A-Za-z0-9_.-]{0,63}$`, unique across the registry. */
  readonly name: string;
  /** One or two sentences telling the model what the tool does and when to use it. */
  readonly description?: string;
  /**
   * Characters of serialised JSON the tool's result may take in an outcome; past it the result is cut (`toolsModule({
   * results })`). Overrides `results.maxChars`.
   */
  readonly maxResultChars?: number;
  /** What this tool's content parts may be (a `ToolResult`'s images, audio, …); each key given overrides the module's. */
  readonly content?: ContentLimits;
  /** Time limit for one call, in milliseconds. Overrides `toolsModule({ timeoutMs })`. */
  readonly timeoutMs?: number;
  /** The result's declaration, checked on every call: a class-validator DTO or a JSON Schema. */
  readonly output?: Function | JsonSchema;
}
