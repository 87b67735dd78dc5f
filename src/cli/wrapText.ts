/** A word, where a group in brackets (`[--host <address>]`, `<command line or url>`) counts as one. */
const WORD = /(?:\[[^\]]*\]|<[^>]*>|[^\s[<]+|[[<])+/g;

/**
 * `text` cut into lines of at most `width` characters between words (a word longer than a line is left whole),
 * the first line starting with `first` and the others with `rest`.
 */
export function wrapText(text: string, width: number, first = '', rest = first): string[] {
  const lines: string[] = [];
  let line = first;
  let empty = true;
  for (const [word] of text.matchAll(WORD)) {
    if (!empty && line.length + 1 + word.length > width) {
      lines.push(line);
      line = rest;
      empty = true;
    }
    line += empty ? word : ` ${word}`;
    empty = false;
  }
  lines.push(line);
  return lines;
}
