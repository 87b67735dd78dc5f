/**
 * The availability check of a tool that requires nothing. The pipeline recognises it by identity
 * and leaves the availability step out of such a tool's calls.
 */
export const alwaysAvailable = (): string | undefined => undefined;
