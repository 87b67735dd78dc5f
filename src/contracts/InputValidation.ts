import type { ValidationIssue } from './ValidationIssue.js';

/** The result of `validateInput`: the value the handler would see, or every issue found. */
export type InputValidation =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly issues: readonly ValidationIssue[] };
