const listeners = new WeakMap<AbortSignal, Set<() => void>>();

/**
 * Calls `listener` when `signal` aborts; the returned function removes it. One signal is often
 * shared by many concurrent calls (a whole agent turn), so each signal gets a single 'abort'
 * listener that fans out to a Set: adding and removing cost O(1), where one EventTarget listener
 * per call costs O(n) to remove and makes Node warn past 10.
 */
export function onAbort(signal: AbortSignal, listener: () => void): () => void {
  let set = listeners.get(signal);
  if (set === undefined) {
    const created = new Set<() => void>();
    set = created;
    listeners.set(signal, created);
    signal.addEventListener(
      'abort',
      () => {
        listeners.delete(signal);
        for (const fn of [...created]) fn();
      },
      { once: true },
    );
  }
  set.add(listener);
  const owned = set;
  return () => void owned.delete(listener);
}
