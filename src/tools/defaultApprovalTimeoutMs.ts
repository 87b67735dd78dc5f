/** How long a person has to answer, by default. */
export const DEFAULT_APPROVAL_TIMEOUT_MS = 5 * 60_000;
