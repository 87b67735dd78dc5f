/**
 * A loose bound, in milliseconds, for a test that checks one call does not block the event loop
 * for long: four times `ms`, since a machine shared with other work runs these calls several times
 * slower (585 ms against 500 was seen under a load average of 10). In a mutation run (tools/mutation,
 * which sets MUTATION_FOLDERS) the code under test is Stryker's instrumented build, several times
 * slower again (each branch checks for an active mutant and, in the initial run, counts its
 * coverage), so the bound there is ten times that. Both stay far under what an unbounded loop
 * takes (seconds to minutes), which is what these tests are for.
 */
export function timeBound(ms: number): number {
  return process.env.MUTATION_FOLDERS === undefined ? ms * 4 : ms * 40;
}
