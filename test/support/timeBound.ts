/**
 * A loose bound, in milliseconds, for a test that checks one call does not block the event loop
 * for long. In a mutation run (tools/mutation, which sets MUTATION_FOLDER) the code under test is
 * Stryker's instrumented build, several times slower (each branch checks for an active mutant and,
 * in the initial run, counts its coverage), so the bound there is ten times as loose: still far
 * under what an unbounded loop takes, which is what these tests are for.
 */
export function timeBound(ms: number): number {
  return process.env.MUTATION_FOLDER === undefined ? ms : ms * 10;
}
