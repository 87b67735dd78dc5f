/**
 * A promise rejected with `error` one microtask from now, once the caller has attached its
 * handler (`await`, `.catch`). A promise rejected before it has a handler costs Node's
 * unhandled-rejection bookkeeping, about three times the refusal itself; a refused call (invalid,
 * denied, unknown) is common, expected, and always handled. Unhandled, it is still reported.
 */
export function rejectLater(error: unknown): Promise<never> {
  return new Promise((_, reject) => queueMicrotask(() => reject(error)));
}
