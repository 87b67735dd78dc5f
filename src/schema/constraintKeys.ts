import type { ArgOptions } from '../contracts/ArgOptions.js';

/** The `@Arg` options that constrain a string, a number and an array: each applies to its kind only. */
export const constraintKeys = {
  string: ['minLength', 'maxLength', 'pattern', 'format'],
  number: ['integer', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  array: ['minItems', 'maxItems', 'uniqueItems', 'items'],
} as const satisfies Record<string, readonly (keyof ArgOptions)[]>;
