/**
 * `pending`, or a rejection with `stalled()` if the process's event loop empties while `pending`
 * is still unsettled. A promise that nothing can settle any more would otherwise let Node exit
 * quietly with code 0, as if the command had worked.
 */
export function failIfStalled<T>(pending: Promise<T>, stalled: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onBeforeExit = (): void => reject(stalled());
    process.once('beforeExit', onBeforeExit);
    pending.then(
      (value) => {
        process.off('beforeExit', onBeforeExit);
        resolve(value);
      },
      (error: unknown) => {
        process.off('beforeExit', onBeforeExit);
        reject(error);
      },
    );
  });
}
