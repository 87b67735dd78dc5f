// `node tools/mutation/survivorsSoFar.mjs [<name>]`: while `npm run mutate` runs, the mutants that have survived so
// far, printed as the summary at the end prints them (`file:line Survived mutator: original → replacement`), so that
// work on them can start before a run of an hour ends. <name> is the report folder (`all`, or e.g.
// `registry+schema`). It reads the run's log (mutant-runs.ndjson: a mutant whose run no test failed) and
// describes each mutant by instrumenting its source file again with Stryker's own instrumenter, offset by the
// first mutant id found in that file in the sandbox (Stryker numbers mutants file by file). A run in which a file
// failed to load (Stryker's RuntimeError, not a survivor) is told by the files after the first taking no time.
// Mutants listed as equivalent are not run, so they never show here.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Instrumenter } from '@stryker-mutator/instrumenter';
import { clip, originalText } from './equivalents.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const name = process.argv[2] ?? 'all';
const log = path.join(root, 'reports', 'mutation', name, 'mutant-runs.ndjson');
const temp = path.join(root, '.stryker-tmp');
const sandboxes = existsSync(temp) ? readdirSync(temp).filter((dir) => dir.startsWith('sandbox')) : [];
if (!existsSync(log) || sandboxes.length === 0) {
  console.error(`No run in progress with a log at ${path.relative(root, log)} and a sandbox in .stryker-tmp/.`);
  process.exit(1);
}
const sandbox = path.join(temp, sandboxes.sort((a, b) => statSync(path.join(temp, b)).mtimeMs - statSync(path.join(temp, a)).mtimeMs)[0]);

const quiet = { debug() {}, info() {}, warn() {}, error() {}, trace() {}, isDebugEnabled: () => false, isTraceEnabled: () => false };
// The parts Stryker's own DI gives the instrumenter, which the package does not export.
const inside = (part) => import(new URL(`./${part}/index.js`, import.meta.resolve('@stryker-mutator/instrumenter')).href);
const { createParser } = await inside('parsers');
const { print } = await inside('printers');
const { transform } = await inside('transformers');
const instrumenter = new Instrumenter(quiet, createParser, print, transform);

const runs = readFileSync(log, 'utf8')
  .trim()
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line))
  .filter((run) => !run.killer && !(run.files.length > 1 && run.files.slice(1).every(([, ms]) => ms < 20)));
const byFile = new Map();
for (const run of runs) {
  const file = run.source.replace(/^build\//, '').replace(/\.js$/, '.ts');
  if (!byFile.has(file)) byFile.set(file, []);
  byFile.get(file).push(Number(run.mutant));
}
for (const [file, ids] of [...byFile].sort(([a], [b]) => a.localeCompare(b))) {
  const instrumented = readFileSync(path.join(sandbox, file), 'utf8');
  const first = Math.min(...[...instrumented.matchAll(/stryMutAct_9fa48\("(\d+)"\)/g)].map((match) => Number(match[1])));
  const source = readFileSync(path.join(root, file), 'utf8');
  const { mutants } = await instrumenter.instrument([{ name: path.join(root, file), content: source, mutate: true }], { plugins: null, excludedMutations: [], ignorers: [], noHeader: true });
  for (const id of ids.sort((a, b) => a - b)) {
    const mutant = mutants[id - first];
    const { start, end } = mutant.location;
    const location = { start: { line: start.line + 1, column: start.column + 1 }, end: { line: end.line + 1, column: end.column + 1 } };
    console.log(`  ${file}:${location.start.line} Survived ${mutant.mutatorName}: ${originalText(source, location)} → ${clip(mutant.replacement)}`);
  }
}
