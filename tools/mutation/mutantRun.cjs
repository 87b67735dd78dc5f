// What the three jest plugins of the mutation run (testSequencer.cjs, testEnvironment.cjs, jest-circus-bail.cjs)
// share about the jest run in progress. Stryker runs jest in band, one mutant's run at a time per worker process,
// so one object per process holds it. Used only by tools/mutation/stryker.config.mjs.
'use strict';
const { createHash } = require('node:crypto');
const path = require('node:path');

/**
 * The run in progress: `failed` once a test has failed while a mutant is active (the mutant is killed, the rest is
 * skipped), the active `mutant` and the compiled `source` file holding it, the names of the `tests` to run (all
 * when undefined), the `killer` test file, and the test `files` run so far with their times, for the run log (`log`,
 * from MUTATION_RUN_LOG).
 */
function runState() {
  return (globalThis.__mutationRun ??= { failed: false, files: [], started: Date.now() });
}

/** The file listing, one per line, each test file that killed a mutant of `source` in this Stryker run. */
function killsFile(root, source) {
  return path.join(root, '.stryker-kills', createHash('sha1').update(path.resolve(root, source)).digest('hex'));
}

module.exports = { killsFile, runState };
