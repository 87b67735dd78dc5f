/** A worked call, rendered into the description the model reads and checked against the tool's validation. */
export interface ExampleOptions {
  readonly description: string;
  readonly input: Readonly<Record<string, unknown>>;
  readonly output?: unknown;
}
