/** Bounds on what one call's arguments may hold, so hostile input fails with an issue, never a crash. */
export interface ValidationLimits {
  /** Deepest nesting of objects and arrays. Default 64. */
  readonly maxDepth: number;
  /** Longest string, in UTF-16 code units, where the declaration sets no `maxLength`. Default 1,000,000. */
  readonly maxStringLength: number;
  /** Most items in one array, where the declaration sets no `maxItems`. Default 100,000. */
  readonly maxArrayLength: number;
  /** Most keys in one object. Default 1,000. */
  readonly maxProperties: number;
  /** Most issues reported for one value; the rest are counted in a last issue. Default 100. */
  readonly maxIssues: number;
}

export const defaultValidationLimits: ValidationLimits = Object.freeze({
  maxDepth: 64,
  maxStringLength: 1_000_000,
  maxArrayLength: 100_000,
  maxProperties: 1_000,
  maxIssues: 100,
});
