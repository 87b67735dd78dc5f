const KEYS = ['traceparent', 'tracestate', 'baggage'] as const;

/**
 * The caller's trace context from a request's `_meta` (SEP-414): only these three keys, only
 * strings; undefined when there is none, so a call without one carries nothing.
 */
export function traceContextOf(
  meta: Readonly<Record<string, unknown>> | undefined,
): Record<string, string> | undefined {
  if (meta === undefined) return undefined;
  let trace: Record<string, string> | undefined;
  for (const key of KEYS) {
    const value = meta[key];
    if (typeof value === 'string') (trace ??= {})[key] = value;
  }
  return trace;
}
