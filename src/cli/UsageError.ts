/** A mistake on the command line or in the module given: one line for the user, exit code 2. */
export class UsageError extends Error {}
