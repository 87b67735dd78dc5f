// The jest test sequencer of the mutation run (see testEnvironment.cjs). When Stryker runs a mutant, it names
// the tests that cover it (a set of names: see listedEquivalentsRunner.mjs); jest would still load every test file
// to skip the rest. This keeps only the files that hold one of those tests, read from the list the initial run wrote
// (a file missing from that list is kept). It runs first the files that have already killed mutants of the same
// source file in this run (testEnvironment.cjs records each kill), then the quickest, so that the first failure,
// which ends the run (see testEnvironment.cjs), comes soon. Used only by tools/mutation/stryker.config.mjs.
'use strict';
const { appendFileSync, existsSync, readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;
const { killsFile, runState } = require('./mutantRun.cjs');

// How many more of the files that reach a mutant only as they load are kept (the quickest): all of them by
// default, so that no survivor is one only because its killing file was left out. A survivor then loads some 37
// files; MUTATION_LOAD_ONLY_FILES=2 makes a round with many survivors far quicker, at the price of a few false ones.
const LOAD_ONLY_FILES = Number(process.env.MUTATION_LOAD_ONLY_FILES ?? Number.POSITIVE_INFINITY);

let mutantSources;
/** Which compiled source file holds each mutant, read once from the instrumented build in the sandbox. */
function sourceOfMutants(root) {
  if (mutantSources !== undefined) return mutantSources;
  mutantSources = new Map();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.js')) {
        for (const [, id] of readFileSync(full, 'utf8').matchAll(/stryMutAct_9fa48\("(\d+)"\)/g)) mutantSources.set(id, full);
      }
    }
  };
  walk(path.join(root, 'build', 'src'));
  return mutantSources;
}

let cachedListings;
/** The initial run's listing of each test file; read once per process, since mutants' runs never change it. */
function listings(dir) {
  if (cachedListings !== undefined) return cachedListings;
  const listed = new Map();
  for (const entry of readdirSync(dir)) {
    const listing = JSON.parse(readFileSync(path.join(dir, entry), 'utf8'));
    listed.set(listing.file, { ...listing, inTestIds: listing.inTest && new Set(listing.inTest), atLoadIds: new Set(listing.atLoad) });
  }
  if (process.env.__STRYKER_ACTIVE_MUTANT__ !== undefined) cachedListings = listed;
  return listed;
}

class MutationTestSequencer extends Sequencer {
  #pattern;
  #covering;
  #dir;
  #root;

  constructor(options) {
    super(options);
    const run = runState();
    if (run.mutant !== undefined && run.log !== undefined) {
      const { mutant, source, files, killer, started } = run;
      appendFileSync(run.log, `${JSON.stringify({ mutant, source, ms: Date.now() - started, killer, files })}\n`);
    }
    Object.assign(run, { failed: false, mutant: undefined, source: undefined, killer: undefined, files: [], started: Date.now() });
    // The mutant's covering tests, by name (listedEquivalentsRunner.mjs), or else a test name pattern given to jest.
    const pattern = options.globalConfig.testNamePattern;
    this.#pattern = pattern ? new RegExp(pattern, 'i') : undefined;
    this.#covering = run.tests;
    this.#dir = path.join(options.globalConfig.rootDir, '.stryker-tests');
    this.#root = options.globalConfig.rootDir;
  }

  sort(tests) {
    if (!existsSync(this.#dir)) return super.sort(tests);
    const listed = listings(this.#dir);
    const pattern = this.#pattern;
    const covering = this.#covering;
    const wanted = covering !== undefined ? (name) => covering.has(name) : pattern !== undefined ? (name) => pattern.test(name) : undefined;
    const ms = (test) => listed.get(test.path)?.ms ?? Infinity;
    const holdsOne = (test) => wanted === undefined || !listed.has(test.path) || listed.get(test.path).tests.some(wanted);
    const kept = tests.filter(holdsOne).sort((a, b) => ms(a) - ms(b));
    // A mutant that a file's tests reach only through what the file runs as it loads (its imports, its beforeAll:
    // building a registry compiles every schema) is reached that way by nearly every file. Of those files, the ones
    // kept are those whose tests themselves run code of the mutant's source file, and the LOAD_ONLY_FILES quickest
    // others; every file where a test itself reaches the mutant is kept. Leaving a file out can only turn a kill
    // into a survivor, so the score is never overstated by it.
    const mutant = process.env.__STRYKER_ACTIVE_MUTANT__;
    if (mutant === undefined) return kept;
    const sources = sourceOfMutants(this.#root);
    const source = sources.get(mutant);
    const run = runState();
    Object.assign(run, { mutant, source: source && path.relative(this.#root, source), log: process.env.MUTATION_RUN_LOG });
    const kills = new Map();
    const file = source === undefined ? undefined : killsFile(this.#root, source);
    if (file !== undefined && existsSync(file)) for (const killer of readFileSync(file, 'utf8').split('\n')) kills.set(killer, (kills.get(killer) ?? 0) + 1);
    let others = 0;
    const chosen = kept.filter((test) => {
      const listing = listed.get(test.path);
      if (listing?.inTest === undefined || listing.inTestIds.has(mutant) || !listing.atLoadIds.has(mutant)) return true;
      listing.inTestSources ??= new Set(listing.inTest.map((id) => sources.get(id)));
      if (source !== undefined && listing.inTestSources.has(source)) return true;
      // A file that has killed a mutant of the same source checks what that source makes (a DTO's schema, say,
      // made as the file loads): it is kept too, however slow, and runs first.
      if (kills.has(test.path)) return true;
      return ++others <= LOAD_ONLY_FILES;
    });
    // A stable sort: among files with as many kills, the quickest first still.
    return chosen.sort((a, b) => (kills.get(b.path) ?? 0) - (kills.get(a.path) ?? 0));
  }
}

module.exports = MutationTestSequencer;
