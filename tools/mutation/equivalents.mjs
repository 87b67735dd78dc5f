// The allow-list of equivalent mutants (equivalent-mutants.json) and how a mutant is matched against it: by file,
// mutator, the mutated source text and its replacement (whitespace collapsed, clipped to 100 characters), and the
// line when the entry names one. Shared by mutate.mjs (the summary) and listedEquivalentsRunner.mjs (the run).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const allowListFile = join(fileURLToPath(new URL('.', import.meta.url)), 'equivalent-mutants.json');

/** The allow-list's entries. */
export function readAllowList() {
  return JSON.parse(readFileSync(allowListFile, 'utf8'));
}

/** Whitespace collapsed and clipped, as the allow-list quotes code. */
export function clip(text) {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  return collapsed.length > 100 ? `${collapsed.slice(0, 100)}…` : collapsed;
}

/** The source text a mutant replaces, clipped; `location` as the report gives it (lines and columns from 1). */
export function originalText(source, location) {
  const lines = source.split('\n');
  const { start, end } = location;
  const text =
    start.line === end.line
      ? lines[start.line - 1].slice(start.column - 1, end.column - 1)
      : [lines[start.line - 1].slice(start.column - 1), ...lines.slice(start.line, end.line - 1), lines[end.line - 1].slice(0, end.column - 1)].join('\n');
  return clip(text);
}

/**
 * The index of the allow-list entry for a mutant of `file` (relative to the project, as `src/…`), or -1.
 * `mutant` holds `mutatorName`, `replacement` and `location` (from 1), as the report gives them.
 */
export function equivalentIndex(allowList, file, mutant, original) {
  return allowList.findIndex(
    (entry) =>
      entry.file === file &&
      entry.mutator === mutant.mutatorName &&
      entry.original === original &&
      entry.replacement === clip(mutant.replacement ?? '') &&
      (entry.line === undefined || entry.line === mutant.location.start.line),
  );
}
