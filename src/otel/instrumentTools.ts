import {
  type Attributes,
  type Context,
  context,
  diag,
  type Meter,
  metrics,
  type ObservableResult,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import type { ToolDefinition } from '../contracts/ToolDefinition.js';
import { redactAndClip } from '../errors/redactSecrets.js';
import { type CallMessage, callChannel, captureCallContent } from '../pipeline/callChannel.js';
import { contentAttribute } from './contentAttribute.js';
import type { InstrumentToolsOptions } from './InstrumentToolsOptions.js';
import { parentContext } from './parentContext.js';

const SCOPE = 'hermes-tools';
/**
 * The GenAI duration buckets (0.01 s doubling to 81.92 s), with 1 ms and 5 ms in front: most in-process tools answer in
 * under 10 ms.
 */
const DURATION_BUCKETS = [
  0.001, 0.005, 0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92,
];

/**
 * Traces and measures every tool call, following the OpenTelemetry GenAI conventions: a span
 * `execute_tool {tool}` per call (refused ones included), the parent of every span the tool makes;
 * the `gen_ai.execute_tool.duration` histogram; and the `hermes_tools.calls` counter by outcome.
 * A call that brought a W3C `traceparent` (MCP `_meta`, `CallOptions.trace`) continues that trace.
 * Returns a function that stops: calls already running still end their spans.
 *
 * @example
 * import { instrumentTools } from 'hermes-tools/otel';
 * const stop = instrumentTools(); // the global tracer and meter providers, as set up by the app's OpenTelemetry SDK
 */
export function instrumentTools(options: InstrumentToolsOptions = {}): () => void {
  const tracer = (options.tracerProvider ?? trace.getTracerProvider()).getTracer(SCOPE);
  const meter = (options.meterProvider ?? metrics.getMeterProvider()).getMeter(SCOPE);
  const duration = meter.createHistogram('gen_ai.execute_tool.duration', {
    unit: 's',
    description: 'Duration of tool executions.',
    advice: { explicitBucketBoundaries: DURATION_BUCKETS },
  });
  const calls = callCounts(meter);
  const capture = options.captureArguments === true;
  const release = capture ? captureCallContent() : undefined;
  // The span rides on the message under a symbol only this subscription knows: no side table to fill and empty per
  // call.
  const SPAN = Symbol('hermes-tools/otel span');
  type Traced = CallMessage & { [SPAN]?: Span };
  let live = 0;
  let stopping = false;

  const onStart = (message: Traced): void => {
    try {
      const parent = parentContext(message.trace, context.active());
      const tool = telemetryOf(message);
      const span = tracer.startSpan(
        tool.spanName,
        { kind: SpanKind.INTERNAL, attributes: tool.spanAttributes(message.callId) },
        parent,
      );
      if (capture && span.isRecording() && message.arguments !== undefined)
        span.setAttribute('gen_ai.tool.call.arguments', contentAttribute(message.arguments));
      message[SPAN] = span;
      live++;
      const inner = message.runWithin;
      const within: Context = trace.setSpan(parent, span);
      message.runWithin = (call) => context.with(within, inner === undefined ? call : () => inner(call));
    } catch (error) {
      diag.error('hermes-tools/otel: a call could not be traced', error);
    }
  };

  const onAsyncEnd = (message: Traced): void => {
    const span = message[SPAN];
    if (stopping && span === undefined) return;
    try {
      if (span !== undefined) endSpan(span, message, capture);
      const attributes = telemetryOf(message).metricAttributes(message.code ?? 'execution_failed');
      duration.record((message.durationMs ?? 0) / 1000, attributes.duration);
      calls.set(attributes.calls, (calls.get(attributes.calls) ?? 0) + 1);
    } catch (error) {
      diag.error('hermes-tools/otel: a call could not be recorded', error);
    }
    if (span === undefined) return;
    message[SPAN] = undefined;
    live--;
    if (stopping && live === 0) detach();
  };

  const detach = (): void => {
    callChannel.asyncEnd.unsubscribe(onAsyncEnd as (message: unknown) => void);
  };

  callChannel.start.subscribe(onStart as (message: unknown) => void);
  callChannel.asyncEnd.subscribe(onAsyncEnd as (message: unknown) => void);
  return () => {
    if (stopping) return;
    stopping = true;
    callChannel.start.unsubscribe(onStart as (message: unknown) => void);
    release?.();
    if (live === 0) detach();
  };
}

/** What every call of one tool shares: its span name, its span's attributes given the call id, its metric attributes per outcome (kept). */
interface ToolTelemetry {
  readonly spanName: string;
  readonly spanAttributes: (callId: string) => Attributes;
  readonly metricAttributes: (code: string) => { readonly duration: Attributes; readonly calls: Attributes };
}

const byDefinition = new WeakMap<ToolDefinition, ToolTelemetry>();

/**
 * Built once per tool; per call for a name no tool has, which came from the caller (a model, a client) and is redacted
 * like any text that leaves.
 */
function telemetryOf(message: CallMessage): ToolTelemetry {
  const definition = message.definition;
  if (definition === undefined) {
    const unknown = toolTelemetry(redactAndClip(message.tool, 200), undefined);
    // Every unknown name counts under the same metric attributes: one count per outcome, however many names.
    return { spanName: unknown.spanName, spanAttributes: unknown.spanAttributes, metricAttributes: unknownMetrics };
  }
  let known = byDefinition.get(definition);
  if (known === undefined) byDefinition.set(definition, (known = toolTelemetry(definition.name, definition)));
  return known;
}

/**
 * The counts of `hermes_tools.calls` on one meter, by their attributes (the objects `metricAttributes` keeps, one per
 * tool and outcome): an observable counter reports them when the app's reader collects, so a call adds one to a
 * number, where a synchronous counter hashes its attributes on every call (bench/NOTES.md, tracing). One per meter,
 * shared by every `instrumentTools` on it and kept after they stop, as a synchronous counter's sums are.
 */
const countsByMeter = new WeakMap<Meter, Map<Attributes, number>>();

function callCounts(meter: Meter): Map<Attributes, number> {
  const known = countsByMeter.get(meter);
  if (known !== undefined) return known;
  const counts = new Map<Attributes, number>();
  countsByMeter.set(meter, counts);
  meter
    .createObservableCounter('hermes_tools.calls', { unit: '{call}', description: 'Tool calls by outcome code.' })
    .addCallback((result: ObservableResult) => {
      for (const [attributes, count] of counts) result.observe(count, attributes);
    });
  return counts;
}

function toolTelemetry(name: string, definition: ToolDefinition | undefined): ToolTelemetry {
  const byCode = new Map<string, { readonly duration: Attributes; readonly calls: Attributes }>();
  // Object literals, each of one shape: the span's attributes are made per call, and a spread copy with a key added
  // costs more than the span on Node 20 (bench/NOTES.md, hot path). A name no tool has stays out of the metrics, so
  // invented names cannot grow their cardinality.
  if (definition === undefined)
    return {
      spanName: `execute_tool ${name}`,
      spanAttributes: (callId) => ({
        'gen_ai.tool.call.id': callId,
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': name,
        'gen_ai.tool.type': 'function',
      }),
      metricAttributes: (code) =>
        cached(byCode, code, () => ({
          duration:
            code === 'ok'
              ? { 'gen_ai.operation.name': 'execute_tool' }
              : { 'gen_ai.operation.name': 'execute_tool', 'error.type': code },
          calls: { 'hermes_tools.outcome': code },
        })),
    };
  const { description, toolset } = definition;
  return {
    spanName: `execute_tool ${name}`,
    spanAttributes: (callId) => ({
      'gen_ai.tool.call.id': callId,
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': name,
      'gen_ai.tool.type': 'function',
      'gen_ai.tool.description': description,
      'hermes_tools.toolset': toolset,
    }),
    metricAttributes: (code) =>
      cached(byCode, code, () => ({
        duration:
          code === 'ok'
            ? { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': name, 'hermes_tools.toolset': toolset }
            : {
                'gen_ai.operation.name': 'execute_tool',
                'gen_ai.tool.name': name,
                'hermes_tools.toolset': toolset,
                'error.type': code,
              },
        calls: { 'gen_ai.tool.name': name, 'hermes_tools.toolset': toolset, 'hermes_tools.outcome': code },
      })),
  };
}

function cached<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = make()));
  return value;
}

/** The metric attributes of a name no tool has, by outcome. */
const unknownMetrics = toolTelemetry('', undefined).metricAttributes;

function endSpan(span: Span, message: CallMessage, capture: boolean): void {
  if (message.ok === true) {
    if (capture && span.isRecording() && 'result' in message)
      span.setAttribute('gen_ai.tool.call.result', contentAttribute(message.result));
  } else {
    const code = message.code ?? 'execution_failed';
    span.setAttributes({ 'error.type': code, 'hermes_tools.error.code': code });
    const reason = capture && message.error instanceof Error ? contentAttribute(message.error.message) : undefined;
    span.setStatus(
      reason === undefined ? { code: SpanStatusCode.ERROR } : { code: SpanStatusCode.ERROR, message: reason },
    );
  }
  span.end();
}
