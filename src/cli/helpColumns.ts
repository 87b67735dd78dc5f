import { wrapText } from './wrapText.js';

/** The width help is wrapped to: what a terminal shows without a line of its own wrapping. */
export const HELP_WIDTH = 80;
/** A name longer than this gets a line of its own, its description starting on the next. */
const MAX_NAME = 28;

/**
 * Rows of help (a command or an option, then what it does) in two columns: the names indented by two, the
 * descriptions aligned after the longest name and wrapped within HELP_WIDTH, so no description runs into a name.
 */
export function helpColumns(rows: readonly (readonly [name: string, description: string])[]): string[] {
  const widest = Math.max(0, ...rows.map(([name]) => name.length).filter((length) => length <= MAX_NAME));
  const column = ' '.repeat(2 + widest + 2);
  const lines: string[] = [];
  for (const [name, description] of rows) {
    if (name.length > widest) lines.push(`  ${name}`);
    const first = name.length > widest ? column : `  ${name.padEnd(widest)}  `;
    lines.push(...wrapText(description, HELP_WIDTH, first, column));
  }
  return lines;
}
