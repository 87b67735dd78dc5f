// The jest test environment of the mutation run (jest's node environment, plus what Stryker's own per-test
// coverage and test filter lack for this suite). Used only by tools/mutation/stryker.config.mjs, never by `npm test`.
//
// 1. Code that runs while a test file loads, or in its beforeAll/afterAll hooks, counts for Stryker as
//    "static": a mutant there would be run against every test of the suite (a minute each, here). But jest
//    gives each test file its own module registry, so such code can change the outcome of that file's tests
//    only. At the end of each file, this environment moves the file's static coverage onto the file's tests,
//    so such a mutant runs against the tests of the files that load it (testSequencer.cjs then keeps every file
//    where a test itself reaches the mutant, and only the quickest few of those that reach it only as they load).
// 2. Once a test has failed while a mutant is active, the mutant is killed: the tests still to come in that
//    jest run are skipped (jest itself cannot stop early when called as a library, as Stryker calls it).
// 3. In the initial run (no test name filter) it writes which tests each file holds and how long each took,
//    into .stryker-tests/ in the sandbox, for testSequencer.cjs: a mutant's run then loads only the files
//    that hold one of its tests, instead of loading all of them to skip nearly every test.
// 4. In a mutant's run, a test fails once it has taken HANG_FACTOR times as long as in the initial run (and at
//    least HANG_FLOOR_MS): a mutant that leaves a call hanging (a timer never set, a promise never settled) is
//    killed in a second or two, not at jest's timeout or Stryker's. The initial run counts coverage as well, so
//    it is the slower of the two; a test given an explicit timeout keeps it.
// 5. In a mutant's run, only the tests that cover the mutant run, named in a set (see listedEquivalentsRunner.mjs),
//    which this environment applies as jest would apply a test name pattern.
// 6. Each file starts with no subscriber on the library's call channel. Jest gives each file its own modules, but
//    node:diagnostics_channel is Node's own, one per process: a test ended by its time limit (4.) never reaches
//    the `finally` that unsubscribes, and the subscriber it leaves would make every later call of that runner
//    process a watched one, so a mutant of the unwatched path would survive tests that kill it (it did: a
//    killed mutant's leftover subscriber hid eight mutants of the optionless form in one run).
'use strict';
const { channel } = require('node:diagnostics_channel');
const { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { createHash } = require('node:crypto');
const path = require('node:path');
const NodeEnvironment = require('jest-environment-node').TestEnvironment;
const { killsFile, runState } = require('./mutantRun.cjs');
/** Set by Stryker while a mutant is active. */
const ACTIVE_MUTANT = '__STRYKER_ACTIVE_MUTANT__';
const HANG_FACTOR = 10;
const HANG_FLOOR_MS = 2_000;

/** Where the initial run lists a test file's tests. */
function listingFile(rootDir, testPath) {
  return path.join(rootDir, '.stryker-tests', `${createHash('sha1').update(testPath).digest('hex')}.json`);
}

const durationsByFile = new Map();
/** How long each test of a file took in the initial run, by full name (read once per file and process). */
function initialDurations(rootDir, testPath) {
  if (!durationsByFile.has(testPath)) {
    const file = listingFile(rootDir, testPath);
    durationsByFile.set(testPath, existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')).durations ?? {}) : {});
  }
  return durationsByFile.get(testPath);
}

/** Skips every test under `block`, or those for which `keep` is false. */
function skipAll(block, keep = () => false) {
  for (const child of block.children) {
    if (child.type !== 'test') skipAll(child, keep);
    else if (!keep(child)) child.mode = 'skip';
  }
}

/** A test's name as jest reports it and as Stryker's environment names it: its describe blocks and its own name. */
function fullName(test) {
  const names = [];
  for (let block = test.parent; block?.parent; block = block.parent) names.unshift(block.name);
  return [...names, test.name].join(' ').trimStart();
}

/** The channels of the library's call TracingChannel (src/pipeline/callChannel.ts, `hermes-tools:call`). */
const CALL_CHANNELS = ['start', 'end', 'asyncStart', 'asyncEnd', 'error'].map((event) => `tracing:hermes-tools:call:${event}`);

/** Removes every subscriber and bound store left on the call channel (Node's own fields: no public way lists them). */
function releaseCallChannel() {
  for (const name of CALL_CHANNELS) {
    const events = channel(name);
    for (const subscriber of [...(events._subscribers ?? [])]) events.unsubscribe(subscriber);
    for (const store of [...(events._stores?.keys() ?? [])]) events.unbindStore(store);
    if (events.hasSubscribers) throw new Error(`${name} keeps a subscriber: this Node's diagnostics_channel keeps them elsewhere; update releaseCallChannel()`);
  }
}

class MutationTestEnvironment extends NodeEnvironment {
  #testPath;
  #rootDir;
  #listing;
  #tests = new Set();
  #outerStatic;
  #started = Date.now();
  #mutantRun;
  #durations = {};

  constructor(config, context) {
    super(config, context);
    this.#testPath = context.testPath;
    this.#rootDir = config.projectConfig.rootDir;
    this.#mutantRun = process.env[ACTIVE_MUTANT] !== undefined;
    this.#listing = !this.#mutantRun && !config.globalConfig.testNamePattern;
  }

  #coverage() {
    const context = this.global.__stryker__;
    if (context === undefined) return undefined;
    context.mutantCoverage ??= { static: {}, perTest: {} };
    return context.mutantCoverage;
  }

  async setup() {
    await super.setup();
    releaseCallChannel();
    const coverage = this.#mutantRun ? undefined : this.#coverage();
    if (coverage !== undefined) {
      this.#outerStatic = coverage.static;
      coverage.static = {};
    }
  }

  async handleTestEvent(event, state) {
    if (event.name === 'test_start') this.#tests.add(fullName(event.test));
    if (event.name === 'test_done' && this.#listing) this.#durations[fullName(event.test)] = event.test.duration ?? 0;
    if (!this.#mutantRun) return;
    if (event.name === 'test_start' && event.test.timeout === undefined) {
      const initial = initialDurations(this.#rootDir, this.#testPath)[fullName(event.test)];
      if (initial !== undefined) event.test.timeout = Math.max(HANG_FLOOR_MS, HANG_FACTOR * initial);
    }
    const run = runState();
    if (event.name === 'run_start' && run.failed) skipAll(state.rootDescribeBlock);
    else if (event.name === 'run_start' && run.tests !== undefined) skipAll(state.rootDescribeBlock, (test) => run.tests.has(fullName(test)));
    if (event.name === 'test_done' && event.test.errors.length > 0) {
      if (!run.failed && run.source !== undefined) {
        run.killer = path.relative(this.#rootDir, this.#testPath);
        const kills = killsFile(this.#rootDir, run.source);
        mkdirSync(path.dirname(kills), { recursive: true });
        appendFileSync(kills, `${this.#testPath}\n`);
      }
      run.failed = true;
      skipAll(state.rootDescribeBlock);
    }
  }

  async teardown() {
    if (this.#mutantRun) runState().files.push([path.relative(this.#rootDir, this.#testPath), Date.now() - this.#started]);
    const coverage = this.#coverage();
    const inTest = new Set();
    let atLoad = [];
    if (coverage !== undefined && this.#outerStatic !== undefined) {
      const fileStatic = coverage.static;
      coverage.static = this.#outerStatic;
      atLoad = Object.keys(fileStatic);
      for (const test of this.#tests) {
        const hits = (coverage.perTest[test] ??= {});
        for (const id of Object.keys(hits)) inTest.add(id);
        for (const [id, count] of Object.entries(fileStatic)) hits[id] = (hits[id] ?? 0) + count;
      }
    }
    if (this.#listing) {
      const file = listingFile(this.#rootDir, this.#testPath);
      mkdirSync(path.dirname(file), { recursive: true });
      const listing = { file: this.#testPath, ms: Date.now() - this.#started, tests: [...this.#tests], durations: this.#durations, inTest: [...inTest], atLoad };
      writeFileSync(file, JSON.stringify(listing));
    }
    await super.teardown();
  }
}

module.exports = MutationTestEnvironment;
