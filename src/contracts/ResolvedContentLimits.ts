/** A tool's content limits, every one decided: its own `@Tool({ content })` over the module's over the defaults. */
export interface ResolvedContentLimits {
  readonly maxParts: number;
  readonly maxPartBytes: number;
  readonly maxResultBytes: number;
  readonly mimeTypes: readonly string[];
}
