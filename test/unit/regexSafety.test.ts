// Every regex the library itself runs on a value must be linear: redos-detector checks each one.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { isSafePattern } from 'redos-detector';
import { NUMERIC } from '../../src/schema/coerce.js';
import { formatPatterns } from '../../src/schema/stringFormats.js';

// A mutation run (tools/mutation/mutate.mjs) runs this in Stryker's sandbox, whose sources are instrumented with every
// mutant's regex side by side: the scan reads the project's own sources there (MUTATION_SOURCE_ROOT).
const SCHEMA_DIR = path.resolve(process.env.MUTATION_SOURCE_ROOT ?? '.', 'src/schema');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : full.endsWith('.ts') ? [full] : [];
  });
}

/**
 * Regex literals in TypeScript source: a `/` after an operator, a bracket, a comma or a keyword, up to the closing `/`.
 */
function regexLiterals(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found: string[] = [];
  const literal =
    /(?:^|[=(,:!&|?;{}[]|\breturn)\s*\/((?:\\.|\[(?:\\.|[^\]\\\n])*\]|[^/\\\n[*])(?:\\.|\[(?:\\.|[^\]\\\n])*\]|[^/\\\n[])*)\/[dgimsuyv]*/gm;
  for (const match of code.matchAll(literal)) found.push(match[1]!);
  return found;
}

describe('the regexes of src/schema', () => {
  const literals: [string, string][] = sourceFiles(SCHEMA_DIR).flatMap((file) =>
    regexLiterals(readFileSync(file, 'utf8')).map((source): [string, string] => [
      path.relative(SCHEMA_DIR, file),
      source,
    ]),
  );
  const exported: [string, string][] = [
    ['coerce NUMERIC', NUMERIC.source],
    ...Object.entries(formatPatterns).map(([name, re]): [string, string] => [`formatPatterns.${name}`, re.source]),
  ];

  it('are found: the scan sees the exported ones', () => {
    const scanned = new Set(literals.map(([, source]) => source));
    for (const [, source] of exported) expect(scanned).toContain(source);
  });

  it.each([...exported, ...literals])('%s: %s is safe', (_where, source) => {
    const result = isSafePattern(source, { unicode: true, maxSteps: 5000 });
    expect({ source, safe: result.safe, error: result.error }).toEqual({ source, safe: true, error: null });
  });
});
