// `npm run mutate -- --planted` (or `node tools/mutation/planted.mjs [<slug>…]`): the hand-planted bugs of
// tools/mutation/planted/*.patch, each a realistic semantic bug that Stryker's operator flips do not make (a check
// skipped, a key taken from the wrong field). Each patch starts with a header that names its tests:
//
//   Planted: <the bug, in a line>
//   Tests: test/a.test.ts, test/b.test.ts
//
// then a `git diff` of the source change. For each, a scratch copy of the project gets the patch, is built (build/ and
// dist/, as `npm test` builds them) and runs the named tests: at least one must fail, or the bug survived. The copy
// links this checkout's node_modules and is removed afterwards. Exits 1 when a bug survives or a patch no longer applies
// (the code it plants into changed: rewrite the patch against the new code).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const folder = join(here, 'planted');
const COPIED = ['src', 'test', 'samples', 'bench', 'package.json', 'tsconfig.json', 'tsconfig.build.json', 'jest.config.js'];

/** The header of a planted patch: what it plants and which tests must catch it. */
export function readPlanted(file) {
  const text = readFileSync(file, 'utf8');
  const description = /^Planted: (.+)$/m.exec(text)?.[1];
  const tests = /^Tests: (.+)$/m.exec(text)?.[1]
    ?.split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  if (description === undefined || tests === undefined || tests.length === 0 || !text.includes('\ndiff --git ')) {
    throw new Error(`${file}: a planted patch starts with "Planted: …" and "Tests: …" lines, then a git diff`);
  }
  return { description, tests };
}

// A planted bug can leave a test hanging (a server never closed): the run is cut after this long, and counts as killed.
const TIMEOUT_MS = 10 * 60_000;

function run(command, args, cwd) {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    timeout: TIMEOUT_MS,
    killSignal: 'SIGKILL',
    env: { ...process.env, NODE_OPTIONS: '--experimental-vm-modules' },
  });
  return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

/** Plants one bug in a scratch copy and runs its tests: `killed`, `survived`, or `stale` (the patch does not apply). */
export function tryPlanted(file) {
  const { description, tests } = readPlanted(file);
  const scratch = mkdtempSync(join(tmpdir(), 'hermes-planted-'));
  try {
    for (const entry of COPIED) cpSync(join(root, entry), join(scratch, entry), { recursive: true });
    symlinkSync(join(root, 'node_modules'), join(scratch, 'node_modules'), 'dir');
    const applied = run('git', ['apply', '--unsafe-paths', file], scratch);
    if (!applied.ok) return { description, status: 'stale', detail: applied.output.trim() };
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    for (const config of ['tsconfig.json', 'tsconfig.build.json']) {
      const built = run(process.execPath, [tsc, '-p', config], scratch);
      // A bug that does not even compile is caught by `npm test`'s type check: killed, but say so.
      if (!built.ok) return { description, status: 'killed', detail: `${config} does not compile` };
    }
    const jest = join(root, 'node_modules', 'jest', 'bin', 'jest.js');
    const compiled = tests.map((t) => join('build', t.replace(/\.ts$/, '.js')));
    // --forceExit: only whether a test fails matters here, and a planted bug may leave a handle open.
    const tested = run(process.execPath, [jest, '--ci', '--forceExit', ...compiled], scratch);
    const failed = /^FAIL /m.test(tested.output) || !tested.ok;
    const firstFailure = /● (.+)/.exec(tested.output)?.[1] ?? '';
    return { description, status: failed ? 'killed' : 'survived', detail: failed ? firstFailure : 'every test passed' };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Runs every planted bug (or those named) and prints one line each; true when every one was killed. */
export function runPlanted(only = []) {
  const files = readdirSync(folder)
    .filter((f) => f.endsWith('.patch'))
    .filter((f) => only.length === 0 || only.includes(f.replace(/\.patch$/, '')))
    .sort();
  console.log(`\n=== ${files.length} planted bugs (tools/mutation/planted) ===`);
  let allKilled = true;
  for (const f of files) {
    const started = Date.now();
    const { description, status, detail } = tryPlanted(join(folder, f));
    if (status !== 'killed') allKilled = false;
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    console.log(`${status.padEnd(9)}${f.replace(/\.patch$/, '')} (${seconds} s): ${description}`);
    if (detail !== '') console.log(`         ${detail.split('\n')[0]}`);
  }
  return allKilled;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exit(runPlanted(process.argv.slice(2)) ? 0 : 1);
}
