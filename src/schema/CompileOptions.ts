/** How a Shape is compiled into a Validator. */
export interface CompileOptions {
  /** Accept `"42"` for a number, `"true"` for a boolean and JSON text for an array or object. */
  readonly coerce: boolean;
}
