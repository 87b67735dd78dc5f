/** How long a person has to answer, by default. */
export const defaultApprovalTimeoutMs = 5 * 60_000;
