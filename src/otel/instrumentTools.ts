import { type Attributes, type Context, context, diag, metrics, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { redactAndClip } from '../errors/redactSecrets.js';
import { type CallMessage, callChannel, captureCallContent } from '../pipeline/callChannel.js';
import { contentAttribute } from './contentAttribute.js';
import type { InstrumentToolsOptions } from './InstrumentToolsOptions.js';
import { parentContext } from './parentContext.js';

const SCOPE = 'hermes-tools';
/** The GenAI duration buckets (0.01 s doubling to 81.92 s), with 1 ms and 5 ms in front: most in-process tools answer in under 10 ms. */
const DURATION_BUCKETS = [0.001, 0.005, 0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92];

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
  const calls = meter.createCounter('hermes_tools.calls', { unit: '{call}', description: 'Tool calls by outcome code.' });
  const capture = options.captureArguments === true;
  const release = capture ? captureCallContent() : undefined;
  const spans = new WeakMap<CallMessage, Span>();
  let live = 0;
  let stopping = false;

  const onStart = (message: CallMessage): void => {
    try {
      const parent = parentContext(message.trace, context.active());
      const span = tracer.startSpan(`execute_tool ${toolName(message)}`, { kind: SpanKind.INTERNAL, attributes: startAttributes(message) }, parent);
      if (capture && span.isRecording() && message.arguments !== undefined) span.setAttribute('gen_ai.tool.call.arguments', contentAttribute(message.arguments));
      spans.set(message, span);
      live++;
      const inner = message.runWithin;
      const within: Context = trace.setSpan(parent, span);
      message.runWithin = (call) => context.with(within, inner === undefined ? call : () => inner(call));
    } catch (error) {
      diag.error('hermes-tools/otel: a call could not be traced', error);
    }
  };

  const onAsyncEnd = (message: CallMessage): void => {
    const span = spans.get(message);
    if (stopping && span === undefined) return;
    try {
      if (span !== undefined) endSpan(span, message, capture);
      const failed = message.ok !== true;
      const code = message.code ?? 'execution_failed';
      const known: Attributes = message.definition === undefined ? {} : { 'gen_ai.tool.name': message.tool, 'hermes_tools.toolset': message.definition.toolset };
      duration.record((message.durationMs ?? 0) / 1000, { 'gen_ai.operation.name': 'execute_tool', ...known, ...(failed && { 'error.type': code }) });
      calls.add(1, { ...known, 'hermes_tools.outcome': code });
    } catch (error) {
      diag.error('hermes-tools/otel: a call could not be recorded', error);
    }
    if (span === undefined) return;
    spans.delete(message);
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

/** A name no tool has came from the caller (a model, a client): redacted like any text that leaves. */
function toolName(message: CallMessage): string {
  return message.definition === undefined ? redactAndClip(message.tool, 200) : message.tool;
}

function startAttributes(message: CallMessage): Attributes {
  const attributes: Attributes = {
    'gen_ai.operation.name': 'execute_tool',
    'gen_ai.tool.name': toolName(message),
    'gen_ai.tool.call.id': message.callId,
    'gen_ai.tool.type': 'function',
  };
  if (message.definition !== undefined) {
    attributes['gen_ai.tool.description'] = message.definition.description;
    attributes['hermes_tools.toolset'] = message.definition.toolset;
  }
  return attributes;
}

function endSpan(span: Span, message: CallMessage, capture: boolean): void {
  if (message.ok === true) {
    if (capture && span.isRecording() && 'result' in message) span.setAttribute('gen_ai.tool.call.result', contentAttribute(message.result));
  } else {
    const code = message.code ?? 'execution_failed';
    span.setAttributes({ 'error.type': code, 'hermes_tools.error.code': code });
    const reason = capture && message.error instanceof Error ? contentAttribute(message.error.message) : undefined;
    span.setStatus(reason === undefined ? { code: SpanStatusCode.ERROR } : { code: SpanStatusCode.ERROR, message: reason });
  }
  span.end();
}
