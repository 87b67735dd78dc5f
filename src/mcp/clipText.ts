/** The text, or its first `max` characters and a marker saying it was clipped. */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  // A cut between the halves of a surrogate pair would leave half a character.
  const end = /[\uD800-\uDBFF]/.test(text[max - 1] ?? '') ? max - 1 : max;
  return `${text.slice(0, end)}… [clipped: the remote server sent ${text.length} characters]`;
}
