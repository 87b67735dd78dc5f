import {
  type Attributes,
  type Context,
  context,
  diag,
  metrics,
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
  const calls = meter.createCounter('hermes_tools.calls', {
    unit: '{call}',
    description: 'Tool calls by outcome code.',
  });
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
      // The call id first, then the tool's own (which never name it): a key added after a spread is slow
      // (bench/NOTES.md, hot path).
      const span = tracer.startSpan(
        tool.spanName,
        { kind: SpanKind.INTERNAL, attributes: { 'gen_ai.tool.call.id': message.callId, ...tool.spanAttributes } },
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
      calls.add(1, attributes.calls);
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

/** What every call of one tool shares: its span name and attributes, its metric attributes per outcome. */
interface ToolTelemetry {
  readonly spanName: string;
  readonly spanAttributes: Attributes;
  metricAttributes(code: string): { readonly duration: Attributes; readonly calls: Attributes };
}

const byDefinition = new WeakMap<ToolDefinition, ToolTelemetry>();

/**
 * Built once per tool; per call for a name no tool has, which came from the caller (a model, a client) and is redacted
 * like any text that leaves.
 */
function telemetryOf(message: CallMessage): ToolTelemetry {
  const definition = message.definition;
  if (definition === undefined) return toolTelemetry(redactAndClip(message.tool, 200), undefined);
  let known = byDefinition.get(definition);
  if (known === undefined) byDefinition.set(definition, (known = toolTelemetry(definition.name, definition)));
  return known;
}

function toolTelemetry(name: string, definition: ToolDefinition | undefined): ToolTelemetry {
  const spanAttributes: Attributes = {
    'gen_ai.operation.name': 'execute_tool',
    'gen_ai.tool.name': name,
    'gen_ai.tool.type': 'function',
  };
  // A name no tool has stays out of the metrics, so invented names cannot grow their cardinality.
  const metricBase: Attributes = {};
  if (definition !== undefined) {
    spanAttributes['gen_ai.tool.description'] = definition.description;
    spanAttributes['hermes_tools.toolset'] = definition.toolset;
    metricBase['gen_ai.tool.name'] = name;
    metricBase['hermes_tools.toolset'] = definition.toolset;
  }
  const byCode = new Map<string, { readonly duration: Attributes; readonly calls: Attributes }>();
  return {
    spanName: `execute_tool ${name}`,
    spanAttributes,
    metricAttributes(code) {
      let attributes = byCode.get(code);
      if (attributes === undefined) {
        const duration: Attributes = { 'gen_ai.operation.name': 'execute_tool', ...metricBase };
        if (code !== 'ok') duration['error.type'] = code;
        attributes = { duration, calls: { ...metricBase, 'hermes_tools.outcome': code } };
        byCode.set(code, attributes);
      }
      return attributes;
    },
  };
}

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
