/** Bounds on what one call's arguments may hold, so hostile input fails with an issue, never a crash. */
export interface ValidationLimits {
  /** Deepest nesting of objects and arrays. Default 64. */
  readonly maxDepth: number;
  /** Longest string, in UTF-16 code units, where the declaration sets no `maxLength`. Default 500,000. */
  readonly maxStringLength: number;
  /** Most items in one array, where the declaration sets no `maxItems`. Default 10,000. */
  readonly maxArrayLength: number;
  /** Most keys in one object. Default 1,000. */
  readonly maxProperties: number;
  /** Most issues reported for one value; the rest are counted in a last issue. Default 100. */
  readonly maxIssues: number;
  /**
   * Largest whole value: the characters of every string and key plus 8 per key and per value
   * (each object, array, string, number, boolean and null), summed over everything checked in one
   * validation; a JSON text that coercion parses counts as its text too.
   * Default 1,000,000: twice the longest string, far more than a model writes in one call, and
   * small enough that one validation of hostile input blocks the event loop for milliseconds, not seconds.
   */
  readonly maxTotalSize: number;
}

export const defaultValidationLimits: ValidationLimits = Object.freeze({
  maxDepth: 64,
  maxStringLength: 500_000,
  maxArrayLength: 10_000,
  maxProperties: 1_000,
  maxIssues: 100,
  maxTotalSize: 1_000_000,
});
