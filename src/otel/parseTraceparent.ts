import { createTraceState, type SpanContext } from '@opentelemetry/api';

const VERSION_00 = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const LATER_VERSION = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-|$)/;
const ZERO_TRACE = '0'.repeat(32);
const ZERO_SPAN = '0'.repeat(16);
/** W3C: a vendor may cut `tracestate` beyond 512 characters; a longer one is not read at all. */
const MAX_TRACESTATE = 512;

/**
 * The remote span context a W3C `traceparent` header names (Trace Context, level 1), with its
 * `tracestate`; undefined when the header is absent or malformed. Version `00` must be exactly
 * 55 characters; a later version is read by its first four fields, as the spec asks; `ff`, an
 * all-zero trace id or parent id are invalid.
 */
export function parseTraceparent(
  traceparent: string | undefined,
  tracestate: string | undefined,
): SpanContext | undefined {
  if (typeof traceparent !== 'string' || traceparent.length > 512) return undefined;
  const header = traceparent.trim();
  let traceId: string;
  let spanId: string;
  let flags: string;
  if (header.startsWith('00-')) {
    const match = VERSION_00.exec(header);
    if (match === null) return undefined;
    [, traceId, spanId, flags] = match as unknown as [string, string, string, string];
  } else {
    const match = LATER_VERSION.exec(header);
    if (match === null || match[1] === 'ff') return undefined;
    [, , traceId, spanId, flags] = match as unknown as [string, string, string, string, string];
  }
  if (traceId === ZERO_TRACE || spanId === ZERO_SPAN) return undefined;
  const state =
    typeof tracestate === 'string' && tracestate.length > 0 && tracestate.length <= MAX_TRACESTATE
      ? createTraceState(tracestate)
      : undefined;
  return {
    traceId,
    spanId,
    traceFlags: Number.parseInt(flags, 16),
    isRemote: true,
    ...(state === undefined ? {} : { traceState: state }),
  };
}
