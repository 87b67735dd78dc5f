import type { ExampleOptions } from './ExampleOptions.js';
import type { JsonSchema } from './JsonSchema.js';
import type { ToolHints } from './ToolHints.js';

/** Everything a kernel or provider needs to show a tool to a model. Deeply frozen. */
export interface ToolDefinition extends ToolHints {
  readonly name: string;
  readonly description: string;
  /** What a model reads: the description, a deprecation notice and the worked examples, as text. */
  readonly modelDescription: string;
  readonly toolset: string;
  /** JSON Schema of the arguments: an object with `properties`, `required` and `additionalProperties: false`. */
  readonly inputSchema: JsonSchema;
  readonly outputSchema?: JsonSchema;
  /** Always present in a definition: `[]` when the tool declares none. */
  readonly tags: readonly string[];
  readonly permissions: readonly string[];
  /**
   * Present when every call waits for a person's approval (`toolsModule({ approvals })`), with the reason shown to
   * them.
   */
  readonly approval?: { readonly reason?: string };
  readonly examples: readonly ExampleOptions[];
  /** The arguments MCP clients copy into HTTP headers (`@Arg({ header })`): argument name → header name. */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * The `$defs` the declared input schemas carry (`@Arg` JSON Schema types). Their references are resolved in place in
   * `inputSchema`; a listing that keeps JSON Schema 2020-12 keywords as written (MCP's) shows them at its root.
   */
  readonly inputDefs?: Readonly<Record<string, JsonSchema>>;
}
