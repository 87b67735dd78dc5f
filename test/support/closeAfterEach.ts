/** Something a test opens: a server, a client, a store, an app. */
export interface Closable {
  close(): unknown;
}

/**
 * Registers an `afterEach` that closes what the test opened, last opened first, whether the test passed, failed or
 * threw while still opening things (a `connect` that fails): nothing a test opened outlives it, so a failing test
 * cannot keep jest from exiting. Call it once at the top of a test file; wrap each resource as it is opened:
 * `const http = opened(await serveHttp(...))`. A close that fails is reported after the others have run.
 */
export function closeAfterEach(): <T extends Closable>(resource: T) => T {
  const open: Closable[] = [];
  afterEach(async () => {
    const failures: unknown[] = [];
    for (const resource of open.splice(0).reverse()) {
      try {
        await resource.close();
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length > 0)
      throw new AggregateError(failures, `${failures.length} resource(s) failed to close after the test`);
  });
  return (resource) => {
    open.push(resource);
    return resource;
  };
}
