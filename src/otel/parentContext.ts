import { type Context, propagation, type TextMapGetter, trace } from '@opentelemetry/api';
import { parseTraceparent } from './parseTraceparent.js';

type Carrier = Readonly<Record<string, string>>;

const getter: TextMapGetter<Carrier> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => (Object.hasOwn(carrier, key) ? carrier[key] : undefined),
};

/**
 * The context a call's span starts in: `base` (the active context) continued from the caller's
 * W3C trace context when it brought one (MCP `params._meta`). `traceparent` and `tracestate` are
 * read here, per the W3C spec, whatever propagator the app registered: SEP-414 fixes the W3C
 * format, while the app's global propagator may be a no-op or B3. `baggage` goes through the app's
 * propagator, which knows what the app does with baggage (a no-op unless it registered one).
 */
export function parentContext(carrier: Carrier | undefined, base: Context): Context {
  if (carrier === undefined) return base;
  let parent = base;
  if (typeof carrier.baggage === 'string') parent = propagation.extract(parent, { baggage: carrier.baggage }, getter);
  const remote = parseTraceparent(carrier.traceparent, carrier.tracestate);
  return remote === undefined ? parent : trace.setSpanContext(parent, remote);
}
