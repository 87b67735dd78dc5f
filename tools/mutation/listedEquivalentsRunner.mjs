// The test runner of the mutation run: Stryker's jest runner, except that a mutant listed in equivalent-mutants.json
// is reported as surviving without running any test. An equivalent mutant survives every test by definition, and
// it is the dearest kind to run (every test that reaches it, to the end, where a killed mutant stops at its first
// failure); mutate.mjs counts it as equivalent either way. `npm run mutate -- --check-equivalents` runs them all
// (MUTATION_CHECK_EQUIVALENTS), to find entries that a new test now kills.
// It also hands jest the mutant's covering tests as a set of names (mutantRun.cjs), not as Stryker's test name
// pattern: that pattern is one regular expression of every covering test's name, up to a thousand alternatives
// and 100 kB, which jest tests against each test's name several times over (once per enclosing describe block,
// for its hooks) and the sequencer against every listed name: a third of a second a mutant on average, and over
// a second for the widely covered ones, where a set takes microseconds. Used only by stryker.config.mjs.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { commonTokens, declareFactoryPlugin, PluginKind, tokens } from '@stryker-mutator/api/plugin';
import { MutantRunStatus } from '@stryker-mutator/api/test-runner';
import { strykerPlugins as jestPlugins } from '@stryker-mutator/jest-runner';
import { equivalentIndex, originalText, readAllowList } from './equivalents.mjs';
import mutantRunState from './mutantRun.cjs';

const jestRunnerFactory = jestPlugins.find((plugin) => plugin.name === 'jest').factory;
const root = process.env.MUTATION_SOURCE_ROOT ?? process.cwd();
const sources = new Map();

/** Whether Stryker's `activeMutant` (lines and columns from 0, an absolute file name) is listed as equivalent. */
function isListed(allowList, mutant) {
  const file = relative(root, mutant.fileName).split('\\').join('/');
  if (!sources.has(file)) sources.set(file, readFileSync(mutant.fileName, 'utf8'));
  const { start, end } = mutant.location;
  const location = { start: { line: start.line + 1, column: start.column + 1 }, end: { line: end.line + 1, column: end.column + 1 } };
  const asReported = { mutatorName: mutant.mutatorName, replacement: mutant.replacement, location };
  return equivalentIndex(allowList, file, asReported, originalText(sources.get(file), location)) !== -1;
}

listedEquivalentsRunner.inject = tokens(commonTokens.injector);
function listedEquivalentsRunner(injector) {
  const runner = injector.injectFunction(jestRunnerFactory);
  const allowList = process.env.MUTATION_CHECK_EQUIVALENTS ? [] : readAllowList();
  const mutantRun = runner.mutantRun.bind(runner);
  runner.mutantRun = async (options) => {
    if (allowList.length > 0 && isListed(allowList, options.activeMutant)) return { status: MutantRunStatus.Survived, nrOfTests: 0 };
    // No filter means every test (a mutant reached as the files load, or with no coverage data).
    mutantRunState.runState().tests = options.testFilter === undefined ? undefined : new Set(options.testFilter);
    try {
      return await mutantRun({ ...options, testFilter: undefined });
    } finally {
      mutantRunState.runState().tests = undefined;
    }
  };
  return runner;
}

export const strykerPlugins = [declareFactoryPlugin(PluginKind.TestRunner, 'jest-listed-equivalents', listedEquivalentsRunner)];
