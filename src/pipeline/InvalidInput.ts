import type { ValidationIssue } from '../contracts/ValidationIssue.js';

/** What `CallPipeline.attempt` resolves to when the input is invalid: the issues, with no Error made. */
export class InvalidInput {
  constructor(readonly issues: readonly ValidationIssue[]) {}
}
