/** One thing wrong with a value: where (`path`, dotted, `""` for the whole value), what, and which constraint. */
export interface ValidationIssue {
  readonly path: string;
  readonly message: string;
  readonly constraint: string;
}
