/** The longest reason (a guard's, an approver's) kept in an error: it is read by a model. */
export const MAX_REASON = 2_000;
