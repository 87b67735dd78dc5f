// StrykerJS configuration for `npm run mutate` (tools/mutation/mutate.mjs runs it, then prints the score per folder).
// TypeScript 7's tsc has no JS API, so no type-checker plugin: Stryker instruments src/**/*.ts in a sandbox copy
// (every mutant at once, switched on at run time), our own tsc compiles that copy into build/ (`buildCommand`;
// Stryker marks the instrumented files `// @ts-nocheck`, which tsc 7 honours), and jest runs build/test as native ESM.
import { fileURLToPath } from 'node:url';
import jestConfig from '../../jest.config.js';

const here = (file) => fileURLToPath(new URL(file, import.meta.url));
/** The folders to mutate (mutate.mjs sets MUTATION_FOLDERS, comma-separated; all six by default), in one run. */
const folders = (process.env.MUTATION_FOLDERS ?? 'src/permissions,src/pipeline,src/internal,src/schema,src/errors,src/registry').split(',').map((folder) => folder.replace(/^src\//, ''));
const reportDir = process.env.MUTATION_REPORT ?? 'reports/mutation/all';
const bundles = '<rootDir>/build/mutation-deps';

export default {
  packageManager: 'npm',
  // Stryker's jest runner, which skips the mutants listed as equivalent (see listedEquivalentsRunner.mjs).
  testRunner: 'jest-listed-equivalents',
  plugins: ['@stryker-mutator/*', here('./listedEquivalentsRunner.mjs')],
  testRunnerNodeArgs: ['--experimental-vm-modules'],
  coverageAnalysis: 'perTest',
  checkers: [],
  // Our tsc, then one file for each library that every test file loads (see build.mjs for why).
  buildCommand: 'node tools/mutation/build.mjs',
  // Stryker rewrites `tsconfigFile` through the TypeScript JS API, which tsc 7 lacks. Ours needs no rewrite
  // (no `extends` or `references` leaving the sandbox), so point it at a file that does not exist.
  tsconfigFile: 'tools/mutation/no-tsconfig-rewrite.json',
  // src/schema/dto is part of src/schema/**.
  mutate: [...folders.map((folder) => `src/${folder}/**/*.ts`), '!src/**/*.d.ts', '!src/**/index.ts'],
  // Nothing the sandbox needs: build/ is rebuilt there, the rest is output or tooling.
  ignorePatterns: ['/build', '/dist', '/coverage', '/docs/api', '/tools/docs/node_modules', '/tools/package-check', '/bench/results'],
  jest: {
    projectType: 'custom',
    configFile: 'jest.config.js',
    enableFindRelatedTests: false,
    config: {
      moduleNameMapper: {
        ...jestConfig.moduleNameMapper,
        '^class-validator$': `${bundles}/class-validator.mjs`,
        '^class-transformer$': `${bundles}/class-transformer.mjs`,
        '^class-transformer/cjs/storage\\.js$': `${bundles}/class-transformer.mjs`,
        '^inversify$': `${bundles}/inversify.mjs`,
      },
      // The build's JavaScript runs as it is: no Babel pass (jest's default transform) over each file it loads.
      transform: {},
      // Nothing forks a process per mutant's run: a runner holds gigabytes, and each fork copies its page tables.
      // The Redis check (the queue tests that need it are left out below), find(1) for the haste map, watchman.
      globalSetup: null,
      haste: { forceNodeFilesystemAPI: true },
      watchman: false,
      // A mutant that leaves a call hanging (a timer never set, a promise never settled) fails its test, rather
      // than reaching Stryker's timeout of the whole run (some 20 s, then a new runner process): at ten times the
      // test's time in the initial run (testEnvironment.cjs), or else here, for a hook or a test the initial run
      // did not time. The slowest test of the mutation run takes 4 s on the instrumented build; npm test allows 30.
      testTimeout: 12_000,
      // Per-file attribution of load-time coverage, runs that load only the files holding a mutant's tests, and
      // stop at the first failure: see the three files for why.
      testEnvironment: here('./testEnvironment.cjs'),
      testSequencer: here('./testSequencer.cjs'),
      testRunner: here('./jest-circus-bail.cjs'),
      // A failing property test stops at its first counterexample, unshrunk (see the file).
      setupFilesAfterEnv: [here('./noShrinking.mjs')],
      // Test files left out of the mutation run (they all still run in `npm test`). Leaving a test out can only
      // turn a killed mutant into a survivor, never the reverse, so the score is never overstated by it.
      testPathIgnorePatterns: [
        '/node_modules/',
        // They spawn the CLI, a server or a fixture from dist/, a copy built without the mutants (and not in the
        // sandbox), or import dist/ itself.
        '/build/test/(cli|cliSignals|firstContact|missingPeers|mcp|mcpReplicas|mcpTaskReplicas|mcpToolset|queueWorkers|typeStripping)\\.test\\.js$',
        // They read the lock file or the README's text: no code of the mutated folders runs.
        '/build/test/(engines|readmeSnippets)\\.test\\.js$',
        // The kernels (MCP, providers, AI SDK, Nest, OpenTelemetry) and the samples: they reach the mutated folders
        // only through the registry calls that the core's own tests make, each file paying a second of imports.
        // The queue and MCP task tests start a redis-server and BullMQ workers per file, and reach the core the same way.
        '/build/test/(aiSdk|mcpApproval|mcpHttp|mcpTasks|nest|nestMcp|otel|providerExamples|providerPropertyNames|providers|queue|redisTaskStore|samples)\\.test\\.js$',
        '/build/test/adversarial/anonymousCallers\\.test\\.js$',
        // Half a minute each: an MCP transport soak, concurrent load, and property tests whose random inputs
        // would make a kill differ from one run to the next.
        '/build/test/mcpSoak\\.test\\.js$',
        '/build/test/adversarial/(load|fuzz)\\.test\\.js$',
        // Nine seconds of regex-safety analysis (redos-detector) over declared patterns: they test src/schema,
        // so they run in its round only.
        ...(folders.includes('schema') ? [] : ['/build/test/patterns\\.test\\.js$', '/build/test/unit/regexSafety\\.test\\.js$']),
        // More, for one run (a regex per comma), e.g. a file whose timing assertion fails on a loaded machine: the score can only go down.
        ...(process.env.MUTATION_IGNORE_TESTS ? process.env.MUTATION_IGNORE_TESTS.split(',') : []),
      ],
    },
  },
  concurrency: 2,
  // jest keeps every run's ES module graphs alive: a runner past a few GB spends its time collecting garbage.
  maxTestRunnerReuse: 15,
  // Stryker's budget for a mutant is timeoutFactor × the covering tests' own time + timeoutMS + the initial run's
  // overhead; loading test files is not in the tests' time, and a survivor loads every file that reaches it. Too
  // small a budget turns a survivor into a Timeout, counted as killed; hangs that only Stryker can end (a loop that
  // never returns) pay the budget, asynchronous ones are ended sooner by testEnvironment.cjs.
  timeoutFactor: 2.5,
  timeoutMS: 20000,
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `${reportDir}/index.html` },
  jsonReporter: { fileName: `${reportDir}/mutation.json` },
  // `npm run mutate -- --incremental` retests only the mutants whose code or tests changed since the last run of
  // the same folders, reading and writing this file (one per report, as `reports/mutation/<name>/` is).
  incrementalFile: `${reportDir}/stryker-incremental.json`,
  clearTextReporter: { allowColor: false, logTests: false, reportMutants: false, reportScoreTable: true },
};
