/**
 * Values named in full in an enum's message; past them, a count, so a long enum costs a refusal no more than a short
 * one.
 */
const NAMED = 20;

/** An enum's values for a message, written once when the shape is compiled: the first 20, then how many more. */
export function listAllowed(values: readonly string[]): string {
  if (values.length <= NAMED) return values.join(', ');
  return `${values.slice(0, NAMED).join(', ')} (and ${values.length - NAMED} more)`;
}
