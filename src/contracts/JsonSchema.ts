/** A JSON Schema (draft 2020-12) object, as shown to models and accepted for `output` and `type`. */
export interface JsonSchema {
  readonly [keyword: string]: unknown;
}
