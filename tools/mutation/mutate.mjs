// `npm run mutate [-- <folder>… <stryker options>]`: runs StrykerJS with tools/mutation/stryker.config.mjs over
// the chosen folders (permissions, pipeline, internal, schema with schema/dto, errors, registry; all of them by default) in
// one run, which writes reports/mutation/<name>/index.html and mutation.json (<name>: `all`, or the folders chosen
// joined by `+`) and a log of each mutant's run (mutant-runs.ndjson), then prints the score per folder, counting
// the mutants listed in equivalent-mutants.json as equivalent (neither killed nor survived). Exits 1 when a folder
// scores under THRESHOLD, when a survivor is neither killed nor listed, or when Stryker itself fails.
// `npm run mutate -- [<folder>…] --report-only` prints the summary of the last report without running Stryker.
// The mutants listed as equivalent are not run (listedEquivalentsRunner.mjs) unless `--check-equivalents` is given.
// Then the hand-planted bugs of tools/mutation/planted run too (planted.mjs); `--planted` runs only those, and
// `--no-planted` leaves them out. A planted bug that survives, or whose patch no longer applies, fails the run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { allowListFile, clip, equivalentIndex, originalText, readAllowList } from './equivalents.mjs';
import { runPlanted } from './planted.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const THRESHOLD = 90;
const FOLDERS = ['permissions', 'errors', 'registry', 'pipeline', 'internal', 'schema'];

const args = process.argv.slice(2);
const chosen = FOLDERS.filter((folder) => args.includes(folder));
const folders = chosen.length > 0 ? chosen : FOLDERS;
const name = folders.length === FOLDERS.length ? 'all' : folders.join('+');
const reportDir = join(root, 'reports', 'mutation', name);
const OWN = ['--report-only', '--check-equivalents', '--planted', '--no-planted'];
const strykerArgs = args.filter((arg) => !FOLDERS.includes(arg) && !OWN.includes(arg));
if (args.includes('--planted')) process.exit(runPlanted() ? 0 : 1);
if (!args.includes('--report-only')) {
  const stryker = join(root, 'node_modules', '@stryker-mutator', 'core', 'bin', 'stryker.js');
  const started = Date.now();
  const runLog = join(reportDir, 'mutant-runs.ndjson');
  rmSync(runLog, { force: true });
  mkdirSync(reportDir, { recursive: true });
  console.log(`\n=== Mutating ${folders.map((folder) => `src/${folder}`).join(', ')} ===`);
  // One Stryker run for all the folders: one sandbox, one build and one initial test run (a minute or more each).
  const run = spawnSync(process.execPath, [stryker, 'run', join(here, 'stryker.config.mjs'), ...strykerArgs], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      // Paths, not bare words: the tests run with this environment, and the library redacts any environment value
      // of 6 characters or more from the messages it writes, so MUTATION_FOLDERS=schema would turn every "schema"
      // in a message into "[redacted]" and fail the tests that check messages word for word.
      MUTATION_FOLDERS: folders.map((folder) => `src/${folder}`).join(','),
      MUTATION_REPORT: relative(root, reportDir),
      MUTATION_RUN_LOG: runLog,
      ...(args.includes('--check-equivalents') ? { MUTATION_CHECK_EQUIVALENTS: '1' } : {}),
      // The sources before instrumentation, for tests that read source text (test/unit/regexSafety).
      MUTATION_SOURCE_ROOT: root,
    },
  });
  console.log(`\nStryker finished in ${((Date.now() - started) / 60_000).toFixed(1)} min (exit ${run.status}).`);
  if (run.status !== 0) process.exit(run.status ?? 1);
}

const report = join(reportDir, 'mutation.json');
if (!existsSync(report)) {
  console.error(`No report at ${relative(root, report)}: run \`npm run mutate${chosen.length > 0 ? ` -- ${chosen.join(' ')}` : ''}\` first.`);
  process.exit(1);
}
const files = JSON.parse(readFileSync(report, 'utf8')).files;
const allowList = readAllowList();
const used = new Set();

function equivalentEntry(file, mutant, original) {
  const index = equivalentIndex(allowList, file, mutant, original);
  if (index !== -1) used.add(index);
  return index;
}

const rows = new Map();
const unlisted = [];
const pad = (text, width) => String(text).padEnd(width);
for (const [file, { source, mutants }] of Object.entries(files)) {
  const folder = dirname(file).replace(/^src\//, '');
  const row = rows.get(folder) ?? { killed: 0, timeout: 0, survived: 0, noCoverage: 0, equivalent: 0, errors: 0 };
  rows.set(folder, row);
  for (const mutant of mutants) {
    const original = originalText(source, mutant.location);
    switch (mutant.status) {
      case 'Killed':
        row.killed++;
        break;
      case 'Timeout':
        row.timeout++;
        break;
      case 'Survived':
      case 'NoCoverage':
        if (equivalentEntry(file, mutant, original) !== -1) row.equivalent++;
        else {
          row[mutant.status === 'Survived' ? 'survived' : 'noCoverage']++;
          unlisted.push({ file, line: mutant.location.start.line, mutator: mutant.mutatorName, original, replacement: clip(mutant.replacement ?? ''), status: mutant.status });
        }
        break;
      default:
        row.errors++;
    }
  }
}

const score = (r) => {
  const counted = r.killed + r.timeout + r.survived + r.noCoverage;
  return counted === 0 ? 100 : (100 * (r.killed + r.timeout)) / counted;
};
const total = { killed: 0, timeout: 0, survived: 0, noCoverage: 0, equivalent: 0, errors: 0 };
console.log('\nMutation score per folder (killed + timed out) / (all − equivalent − errors):\n');
console.log(`${pad('folder', 22)}${pad('score', 9)}${pad('killed', 8)}${pad('timeout', 9)}${pad('survived', 10)}${pad('no cov', 8)}${pad('equiv', 7)}errors`);
let failing = false;
for (const [folder, r] of [...rows].sort(([a], [b]) => a.localeCompare(b))) {
  for (const key of Object.keys(total)) total[key] += r[key];
  const s = score(r);
  if (s < THRESHOLD) failing = true;
  console.log(`${pad(folder, 22)}${pad(`${s.toFixed(2)}%`, 9)}${pad(r.killed, 8)}${pad(r.timeout, 9)}${pad(r.survived, 10)}${pad(r.noCoverage, 8)}${pad(r.equivalent, 7)}${r.errors}`);
}
console.log(
  `${pad('all', 22)}${pad(`${score(total).toFixed(2)}%`, 9)}${pad(total.killed, 8)}${pad(total.timeout, 9)}${pad(total.survived, 10)}${pad(total.noCoverage, 8)}${pad(total.equivalent, 7)}${total.errors}`,
);

if (unlisted.length > 0) {
  console.log(`\n${unlisted.length} surviving mutants neither killed nor listed as equivalent in ${relative(root, allowListFile)}:`);
  for (const m of unlisted) console.log(`  ${m.file}:${m.line} ${m.status} ${m.mutator}: ${m.original} → ${m.replacement}`);
}
const stale = allowList.filter((_, i) => !used.has(i) && Object.hasOwn(files, allowList[i].file));
if (stale.length > 0) {
  console.log(`\n${stale.length} entries of ${relative(root, allowListFile)} match no surviving mutant any more (killed, or the code changed): remove them.`);
  for (const e of stale) console.log(`  ${e.file} ${e.mutator}: ${e.original} → ${e.replacement}`);
}
const runLog = join(reportDir, 'mutant-runs.ndjson');
if (existsSync(runLog)) {
  // Where the time went: each line is one mutant's jest run (see testSequencer.cjs), the test files it loaded and
  // which one failed first, if any.
  const runs = readFileSync(runLog, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line));
  const sum = (list, f) => list.reduce((total, run) => total + f(run), 0);
  for (const [label, list] of [['killed', runs.filter((r) => r.killer)], ['not killed by a failing test', runs.filter((r) => !r.killer)]]) {
    if (list.length === 0) continue;
    console.log(
      `${list.length} runs ${label}: ${(sum(list, (r) => r.ms) / 60_000).toFixed(1)} runner-minutes, ${(sum(list, (r) => r.ms) / list.length / 1000).toFixed(2)} s and ${(sum(list, (r) => r.files.length) / list.length).toFixed(1)} test files a run.`,
    );
  }
}
console.log(`\nReport: ${relative(root, join(reportDir, 'index.html'))} (HTML, with mutation.json beside it; mutant-runs.ndjson logs each mutant's run).`);
if (failing) console.log(`\nA folder scores under ${THRESHOLD}%.`);
const plantedKilled = args.includes('--no-planted') || args.includes('--report-only') || runPlanted();
process.exit(failing || unlisted.length > 0 || !plantedKilled ? 1 : 0);
