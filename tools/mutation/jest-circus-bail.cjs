// The jest test runner of the mutation run: jest-circus, except that once a test has failed while a mutant is
// active (see testEnvironment.cjs), the test files still to come in that jest run are not even loaded: the mutant
// is killed, and loading a file costs far more than skipping its tests. The same once a file has failed to load. (Jest cannot stop early when called as a
// library, as Stryker calls it.) The name holds "jest-circus" because Stryker's per-test coverage requires it.
// Used only by tools/mutation/stryker.config.mjs.
'use strict';
const { createEmptyTestResult } = require('@jest/test-result');
const circusModule = require('jest-circus/runner');
const circus = circusModule.default ?? circusModule;
const { runState } = require('./mutantRun.cjs');

module.exports = async function jestCircusBail(globalConfig, config, environment, runtime, testPath, sendMessageToJest) {
  if (process.env.__STRYKER_ACTIVE_MUTANT__ !== undefined && runState().failed) {
    // Jest refuses a file that reports no test at all: report one, skipped.
    const title = 'not run: a test failed already, so the mutant is killed';
    const skipped = { ancestorTitles: [], duration: 0, failureDetails: [], failureMessages: [], fullName: title, numPassingAsserts: 0, status: 'pending', title };
    return { ...createEmptyTestResult(), testFilePath: testPath, numPendingTests: 1, testResults: [skipped] };
  }
  try {
    return await circus(globalConfig, config, environment, runtime, testPath, sendMessageToJest);
  } catch (error) {
    // The file failed to load (a mutant that breaks a module as it loads): it would fail in every file alike.
    if (process.env.__STRYKER_ACTIVE_MUTANT__ !== undefined) runState().failed = true;
    throw error;
  }
};
