// The test runner of the mutation run: Stryker's jest runner, except that a mutant listed in equivalent-mutants.json
// is reported as surviving without running any test. An equivalent mutant survives every test by definition, and
// it is the dearest kind to run (every test that reaches it, to the end, where a killed mutant stops at its first
// failure); mutate.mjs counts it as equivalent either way. `npm run mutate -- --check-equivalents` runs them all
// (MUTATION_CHECK_EQUIVALENTS), to find entries that a new test now kills. Used only by stryker.config.mjs.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { commonTokens, declareFactoryPlugin, PluginKind, tokens } from '@stryker-mutator/api/plugin';
import { MutantRunStatus } from '@stryker-mutator/api/test-runner';
import { strykerPlugins as jestPlugins } from '@stryker-mutator/jest-runner';
import { equivalentIndex, originalText, readAllowList } from './equivalents.mjs';

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
  if (process.env.MUTATION_CHECK_EQUIVALENTS) return runner;
  const allowList = readAllowList();
  const mutantRun = runner.mutantRun.bind(runner);
  runner.mutantRun = async (options) => (isListed(allowList, options.activeMutant) ? { status: MutantRunStatus.Survived, nrOfTests: 0 } : mutantRun(options));
  return runner;
}

export const strykerPlugins = [declareFactoryPlugin(PluginKind.TestRunner, 'jest-listed-equivalents', listedEquivalentsRunner)];
