// The jest test sequencer of the mutation run (see testEnvironment.cjs). When Stryker runs a mutant, it names
// the tests that cover it as a test name pattern; jest would still load every test file to skip the rest.
// This keeps only the files that hold a test matching the pattern, read from the list the initial run wrote
// (a file missing from that list is kept), quickest first, so that the first failure, which ends the run
// (see testEnvironment.cjs), comes soon. Used only by tools/mutation/stryker.config.mjs.
'use strict';
const { existsSync, readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

class MutationTestSequencer extends Sequencer {
  #pattern;
  #dir;

  constructor(options) {
    super(options);
    (globalThis.__mutationBail ??= { failed: false }).failed = false;
    const pattern = options.globalConfig.testNamePattern;
    this.#pattern = pattern ? new RegExp(pattern, 'i') : undefined;
    this.#dir = path.join(options.globalConfig.rootDir, '.stryker-tests');
  }

  sort(tests) {
    if (!existsSync(this.#dir)) return super.sort(tests);
    const listed = new Map();
    for (const entry of readdirSync(this.#dir)) {
      const listing = JSON.parse(readFileSync(path.join(this.#dir, entry), 'utf8'));
      listed.set(listing.file, listing);
    }
    const pattern = this.#pattern;
    const ms = (test) => listed.get(test.path)?.ms ?? Infinity;
    const holdsOne = (test) => pattern === undefined || !listed.has(test.path) || listed.get(test.path).tests.some((name) => pattern.test(name));
    return tests.filter(holdsOne).sort((a, b) => ms(a) - ms(b));
  }
}

module.exports = MutationTestSequencer;
