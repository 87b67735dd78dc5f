// A jest setup file of the mutation run (stryker.config.mjs `setupFilesAfterEnv`), never of `npm test`: a property
// test (fast-check) that fails ends there, without shrinking its counterexample to the smallest one. Any failure
// kills the mutant, so shrinking is wasted (a tenth of the time of test/unit/generatedValidators.test.ts, which
// compares 2,500 random shapes and inputs, in the runs where it kills). The setup file runs in each test file's
// own module registry, so it configures the same fast-check the file's tests use.
import * as fc from 'fast-check';

fc.configureGlobal({ ...fc.readConfigureGlobal(), endOnFailure: true });
