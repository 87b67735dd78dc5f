const RESOLVED = Promise.resolve();

/**
 * A promise rejected with `error` one microtask from now, once the caller has attached its
 * handler (`await`, `.catch`), which spares a refused call (common, expected, always handled)
 * Node's unhandled-rejection bookkeeping. Unhandled, it is still reported. The microtask is a
 * reaction to a settled promise rather than `queueMicrotask` (bench/NOTES.md, hot path).
 */
export function rejectLater(error: unknown): Promise<never> {
  let reject!: (reason: unknown) => void;
  const later = new Promise<never>((_, rejectIt) => {
    reject = rejectIt;
  });
  RESOLVED.then(() => reject(error));
  return later;
}
