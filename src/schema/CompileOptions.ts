/** How a Shape is compiled into a Validator. */
export interface CompileOptions {
  /** Accept `"42"` for a number, `"true"` for a boolean and JSON text for an array or object. */
  readonly coerce: boolean;
  /**
   * Whether closed objects may be validated by generated code (see `generateObjectValidator`).
   * Default true; false keeps every check a closure, as on hosts that forbid generated code.
   */
  readonly generate?: boolean;
}
