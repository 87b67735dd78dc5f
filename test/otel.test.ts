import { tracingChannel } from 'node:diagnostics_channel';
import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  DataPointType,
  type HistogramMetricData,
  MeterProvider,
  MetricReader,
  type SumMetricData,
} from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import {
  Arg,
  CALL_CHANNEL,
  type CallMessage,
  Content,
  Tool,
  type ToolRegistry,
  ToolResult,
  toolset,
  toolsModule,
} from 'hermes-tools';
import { createMcpServer } from 'hermes-tools/mcp';
import { instrumentTools } from 'hermes-tools/otel';
import { buildRegistry } from './support/buildRegistry.js';
import { Asks, BadOutput, Denied, EVERY_OUTCOME, Gone, Slow } from './support/refusedTools.js';

// An environment value the redaction rule must hide wherever content is recorded; set before any registry is built.
const SECRET = 'otel-test-secret-7c1e9a40';
process.env.HERMES_OTEL_TEST_TOKEN = SECRET;

const exporter = new InMemorySpanExporter();
const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const appTracer = tracerProvider.getTracer('app');

/** A reader that collects only when asked: no export interval, so no clock. */
class ManualReader extends MetricReader {
  protected override async onForceFlush(): Promise<void> {}
  protected override async onShutdown(): Promise<void> {}
}

@Tool({ name: 'ok', description: 'Answers.' })
class Ok {
  async execute(@Arg('text') text: string): Promise<{ echoed: string }> {
    await new Promise((resolve) => setImmediate(resolve));
    return { echoed: text };
  }
}

@Tool({ name: 'queries', description: 'Makes a span of its own, as a database client would.' })
class Queries {
  async execute(): Promise<string> {
    await new Promise((resolve) => setImmediate(resolve));
    const span = appTracer.startSpan('db.query');
    await new Promise((resolve) => setImmediate(resolve));
    span.end();
    return 'rows';
  }
}

let openGate: () => void = () => undefined;
let gate: Promise<void> = Promise.resolve();

@Tool({ name: 'waits', description: 'Answers when the test opens the gate.' })
class Waits {
  async execute(): Promise<string> {
    await gate;
    return 'through';
  }
}

@Tool({ name: 'breaks', description: 'Throws.' })
class Breaks {
  execute(): never {
    throw new Error(`broken with ${SECRET}`);
  }
}

/** Bytes no span may hold: an image's, base64. */
const PIXELS = Buffer.from('pixels that must not reach a span').toString('base64');

@Tool({ name: 'draws', description: 'Returns an image beside a caption.' })
class Draws {
  execute(): ToolResult {
    return ToolResult.of(Content.text('a caption'), Content.image(PIXELS, 'image/png'));
  }
}

const TOOLS = [Ok, Queries, Waits, Gone, Denied, Asks, Slow, Breaks, BadOutput, Draws];
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT_ID = '00f067aa0ba902b7';
const TRACEPARENT = `00-${TRACE_ID}-${PARENT_ID}-01`;

let registry: ToolRegistry;
let reader: ManualReader;
let meterProvider: MeterProvider;
let stop: (() => void) | undefined;
const contextManager = new AsyncLocalStorageContextManager();

beforeAll(async () => {
  context.setGlobalContextManager(contextManager.enable());
  ({ registry } = await buildRegistry(
    toolsModule({ approvals: { approve: () => false } }),
    toolset({ name: 'all', tools: TOOLS }),
  ));
});
afterAll(() => {
  context.disable();
});
beforeEach(() => {
  exporter.reset();
  reader = new ManualReader();
  meterProvider = new MeterProvider({ readers: [reader] });
});
afterEach(async () => {
  stop?.();
  stop = undefined;
  await meterProvider.shutdown();
});

function instrument(captureArguments = false): void {
  stop = instrumentTools({ tracerProvider, meterProvider, captureArguments });
}

async function finished(): Promise<ReadableSpan[]> {
  await tracerProvider.forceFlush();
  return exporter.getFinishedSpans();
}

function only(spans: readonly ReadableSpan[], name: string): ReadableSpan {
  const found = spans.filter((s) => s.name === name);
  expect(found).toHaveLength(1);
  return found[0]!;
}

/** One call for every outcome code, in this order. */
async function everyOutcome(): Promise<string[]> {
  const aborted = new AbortController();
  aborted.abort();
  const outcomes = [
    await registry.dispatch('ok', { text: 'hi' }, { callId: 'call-ok' }),
    await registry.dispatch('nope', {}),
    await registry.dispatch('gone', {}),
    await registry.dispatch('denied', {}),
    await registry.dispatch('ok', { text: 42 }),
    await registry.dispatch('asks', {}),
    await registry.dispatch('slow', {}),
    await registry.dispatch('ok', { text: 'x' }, { signal: aborted.signal }),
    await registry.dispatch('breaks', {}),
    await registry.dispatch('bad.output', {}),
  ];
  return outcomes.map((o) => (o.ok ? 'ok' : o.error.code));
}
const OUTCOMES = EVERY_OUTCOME;

describe('hermes-tools/otel', () => {
  it('makes one execute_tool span per call, refused ones included, with the GenAI attributes and the outcome', async () => {
    instrument();
    expect(await everyOutcome()).toEqual(OUTCOMES.map(([, code]) => code));
    const spans = await finished();
    expect(spans.map((s) => [s.name, s.attributes['hermes_tools.error.code'] ?? 'ok'])).toEqual(
      OUTCOMES.map(([tool, code]) => [`execute_tool ${tool}`, code]),
    );
    for (const [i, span] of spans.entries()) {
      const [tool, code] = OUTCOMES[i]!;
      expect(span.kind).toBe(SpanKind.INTERNAL);
      expect(span.instrumentationScope.name).toBe('hermes-tools');
      expect(span.attributes).toMatchObject({
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': tool,
        'gen_ai.tool.type': 'function',
      });
      expect(typeof span.attributes['gen_ai.tool.call.id']).toBe('string');
      expect(span.attributes['gen_ai.tool.call.arguments']).toBeUndefined();
      expect(span.attributes['gen_ai.tool.call.result']).toBeUndefined();
      if (code === 'ok') {
        expect(span.status.code).toBe(SpanStatusCode.UNSET);
        expect(span.attributes['error.type']).toBeUndefined();
      } else {
        expect(span.status).toEqual({ code: SpanStatusCode.ERROR });
        expect(span.attributes).toMatchObject({ 'error.type': code, 'hermes_tools.error.code': code });
      }
      if (tool === 'nope') {
        expect(span.attributes['gen_ai.tool.description']).toBeUndefined();
        expect(span.attributes['hermes_tools.toolset']).toBeUndefined();
      } else {
        expect(span.attributes).toMatchObject({ 'hermes_tools.toolset': 'all' });
        expect(span.attributes['gen_ai.tool.description']).toBe(registry.get(tool).definition.description);
      }
    }
    expect(spans[0]!.attributes['gen_ai.tool.call.id']).toBe('call-ok');
    expect(spans.every((s) => s.parentSpanContext === undefined)).toBe(true);
  });

  it('makes a span the tool creates a child of its execute_tool span', async () => {
    instrument();
    await expect(registry.call('queries', {})).resolves.toBe('rows');
    const spans = await finished();
    const call = only(spans, 'execute_tool queries');
    const query = only(spans, 'db.query');
    expect(query.spanContext().traceId).toBe(call.spanContext().traceId);
    expect(query.parentSpanContext?.spanId).toBe(call.spanContext().spanId);
  });

  it('makes the active span the parent when the call brings no trace context', async () => {
    instrument();
    const agent = appTracer.startSpan('invoke_agent');
    await context.with(trace.setSpan(context.active(), agent), () => registry.call('queries', {}));
    agent.end();
    const spans = await finished();
    const call = only(spans, 'execute_tool queries');
    expect(call.parentSpanContext?.spanId).toBe(agent.spanContext().spanId);
    expect(only(spans, 'db.query').parentSpanContext?.spanId).toBe(call.spanContext().spanId);
  });

  it('records a duration point and a count for every outcome', async () => {
    instrument();
    await everyOutcome();
    const { resourceMetrics, errors } = await reader.collect();
    expect(errors).toEqual([]);
    const all = resourceMetrics.scopeMetrics.filter((s) => s.scope.name === 'hermes-tools').flatMap((s) => s.metrics);
    const duration = all.find((m) => m.descriptor.name === 'gen_ai.execute_tool.duration') as HistogramMetricData;
    const calls = all.find((m) => m.descriptor.name === 'hermes_tools.calls') as SumMetricData;
    expect(duration.descriptor.unit).toBe('s');
    expect(duration.dataPointType).toBe(DataPointType.HISTOGRAM);
    expect(calls.descriptor.unit).toBe('{call}');

    const durationPoints = duration.dataPoints.map((p) => [
      p.attributes['gen_ai.tool.name'] ?? '(unknown)',
      p.attributes['error.type'] ?? 'ok',
      p.value.count,
    ]);
    expect(durationPoints).toEqual(
      expect.arrayContaining(OUTCOMES.map(([tool, code]) => [tool === 'nope' ? '(unknown)' : tool, code, 1])),
    );
    expect(durationPoints).toHaveLength(OUTCOMES.length);
    for (const point of duration.dataPoints) {
      expect(point.attributes['gen_ai.operation.name']).toBe('execute_tool');
      expect(point.value.min).toBeGreaterThanOrEqual(0);
    }

    const countPoints = calls.dataPoints.map((p) => [
      p.attributes['gen_ai.tool.name'] ?? '(unknown)',
      p.attributes['hermes_tools.outcome'],
      p.value,
    ]);
    expect(countPoints).toEqual(
      expect.arrayContaining(OUTCOMES.map(([tool, code]) => [tool === 'nope' ? '(unknown)' : tool, code, 1])),
    );
    expect(countPoints).toHaveLength(OUTCOMES.length);
  });

  it('records no arguments, results or error messages unless captureArguments is on', async () => {
    instrument();
    await registry.dispatch('ok', { text: `key ${SECRET}` });
    await registry.dispatch('breaks', {});
    const spans = await finished();
    expect(spans).toHaveLength(2);
    for (const span of spans) {
      expect(
        Object.keys(span.attributes).filter((k) => k.startsWith('gen_ai.tool.call.') && k !== 'gen_ai.tool.call.id'),
      ).toEqual([]);
      expect(span.status.message).toBeUndefined();
    }
    expect(JSON.stringify(spans.map((s) => [s.attributes, s.status, s.events]))).not.toContain('key ');
  });

  it('records arguments, results and error messages as redacted JSON when captureArguments is on', async () => {
    instrument(true);
    await registry.dispatch('ok', { text: `key ${SECRET}` });
    await registry.dispatch('breaks', {});
    const [ok, breaks] = await finished();
    expect(ok!.attributes['gen_ai.tool.call.arguments']).toBe('{"text":"key [redacted]"}');
    expect(ok!.attributes['gen_ai.tool.call.result']).toBe('{"echoed":"key [redacted]"}');
    expect(breaks!.attributes['gen_ai.tool.call.arguments']).toBe('{}');
    expect(breaks!.attributes['gen_ai.tool.call.result']).toBeUndefined();
    expect(breaks!.status.code).toBe(SpanStatusCode.ERROR);
    expect(breaks!.status.message).toContain('broken with [redacted]');
    expect(JSON.stringify([ok!.attributes, breaks!.attributes, breaks!.status])).not.toContain(SECRET);
  });

  it("names a ToolResult's binary parts in the captured result, never copying them into the span", async () => {
    instrument(true);
    await registry.dispatch('draws', {});
    const [span] = await finished();
    expect(span!.attributes['gen_ai.tool.call.result']).toBe(
      `a caption\n[image/png image, ${(PIXELS.length * 3) / 4} bytes, not shown here]`,
    );
    expect(JSON.stringify(span!.attributes)).not.toContain(PIXELS);
  });

  it('stops making spans and metrics once unsubscribed, and stops capturing content', async () => {
    instrument(true);
    await registry.call('ok', { text: 'before' });
    stop!();
    stop = undefined;
    const seen: CallMessage[] = [];
    const channel = tracingChannel<unknown, CallMessage>(CALL_CHANNEL);
    const onEnd = (m: CallMessage): void => void seen.push({ ...m });
    channel.asyncEnd.subscribe(onEnd as (message: unknown) => void);
    try {
      await registry.call('ok', { text: 'after' });
    } finally {
      channel.asyncEnd.unsubscribe(onEnd as (message: unknown) => void);
    }
    expect((await finished()).map((s) => s.name)).toEqual(['execute_tool ok']);
    const { resourceMetrics } = await reader.collect();
    const calls = resourceMetrics.scopeMetrics
      .flatMap((s) => s.metrics)
      .find((m) => m.descriptor.name === 'hermes_tools.calls') as SumMetricData;
    expect(calls.dataPoints.map((p) => p.value)).toEqual([1]);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.arguments).toBeUndefined();
    expect(seen[0]!.result).toBeUndefined();
  });

  it('keeps counting calls on the same meter across a stop and a new instrumentTools, unknown names under one count', async () => {
    instrument();
    await registry.call('ok', { text: 'one' });
    await registry.dispatch('nope', {});
    stop!();
    instrument();
    await registry.call('ok', { text: 'two' });
    await registry.dispatch('invented', {});
    const { resourceMetrics } = await reader.collect();
    const calls = resourceMetrics.scopeMetrics
      .flatMap((s) => s.metrics)
      .find((m) => m.descriptor.name === 'hermes_tools.calls') as SumMetricData;
    expect(calls.isMonotonic).toBe(true);
    expect(
      calls.dataPoints.map((p) => [
        p.attributes['gen_ai.tool.name'] ?? '(unknown)',
        p.attributes['hermes_tools.outcome'],
        p.value,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['ok', 'ok', 2],
        ['(unknown)', 'tool_not_found', 2],
      ]),
    );
    expect(calls.dataPoints).toHaveLength(2);
  });

  it('ends the span of a call that was running when it stopped', async () => {
    instrument();
    gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    const running = registry.call('waits', {});
    stop!();
    stop = undefined;
    openGate();
    await expect(running).resolves.toBe('through');
    expect((await finished()).map((s) => s.name)).toEqual(['execute_tool waits']);
    const { resourceMetrics } = await reader.collect();
    const calls = resourceMetrics.scopeMetrics
      .flatMap((s) => s.metrics)
      .find((m) => m.descriptor.name === 'hermes_tools.calls') as SumMetricData;
    expect(calls.dataPoints.map((p) => p.value)).toEqual([1]);
  });

  it('continues the trace of a call whose CallOptions.trace carries a traceparent', async () => {
    instrument();
    const outcome = await registry.dispatch(
      'queries',
      {},
      { trace: { traceparent: TRACEPARENT, tracestate: 'vendor=abc' } },
    );
    expect(outcome.ok).toBe(true);
    const spans = await finished();
    const call = only(spans, 'execute_tool queries');
    expect(call.spanContext().traceId).toBe(TRACE_ID);
    expect(call.parentSpanContext).toMatchObject({ traceId: TRACE_ID, spanId: PARENT_ID, isRemote: true });
    expect(call.parentSpanContext?.traceState?.get('vendor')).toBe('abc');
    expect(only(spans, 'db.query').parentSpanContext?.spanId).toBe(call.spanContext().spanId);
  });

  it('reads traceparent by the W3C rules: a later version by its first fields; ff, zero ids and malformed headers ignored', async () => {
    instrument();
    const cases: [string, boolean][] = [
      [`00-${TRACE_ID}-${PARENT_ID}-01`, true],
      [` 00-${TRACE_ID}-${PARENT_ID}-01 `, true],
      [`01-${TRACE_ID}-${PARENT_ID}-01-future-field`, true],
      [`00-${TRACE_ID}-${PARENT_ID}-01-extra`, false],
      [`ff-${TRACE_ID}-${PARENT_ID}-01`, false],
      [`00-${'0'.repeat(32)}-${PARENT_ID}-01`, false],
      [`00-${TRACE_ID}-${'0'.repeat(16)}-01`, false],
      [`00-${TRACE_ID.toUpperCase()}-${PARENT_ID}-01`, false],
      ['not a traceparent', false],
    ];
    for (const [traceparent] of cases) await registry.dispatch('gone', {}, { trace: { traceparent } });
    const spans = await finished();
    expect(spans.map((s) => s.parentSpanContext?.spanId === PARENT_ID && s.spanContext().traceId === TRACE_ID)).toEqual(
      cases.map(([, continued]) => continued),
    );
  });

  it("follows the caller's sampling decision: an unsampled traceparent makes no recorded span", async () => {
    instrument();
    await expect(
      registry.call('queries', {}, { trace: { traceparent: `00-${TRACE_ID}-${PARENT_ID}-00` } }),
    ).resolves.toBe('rows');
    expect(await finished()).toEqual([]);
    const { resourceMetrics } = await reader.collect();
    const calls = resourceMetrics.scopeMetrics
      .flatMap((s) => s.metrics)
      .find((m) => m.descriptor.name === 'hermes_tools.calls') as SumMetricData;
    expect(calls.dataPoints.map((p) => p.value)).toEqual([1]);
  });

  it('continues the trace of an MCP client that put traceparent in _meta', async () => {
    instrument();
    const server = createMcpServer(registry, { name: 'traced', version: '1.0.0', listChangedIntervalMs: 0 });
    const client = new Client({ name: 'agent', version: '1.0.0' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await Promise.all([client.connect(clientSide), server.connect(serverSide)]);
    try {
      const result = await client.callTool({ name: 'queries', arguments: {}, _meta: { traceparent: TRACEPARENT } });
      expect(result.isError).toBeFalsy();
    } finally {
      await client.close();
    }
    const spans = await finished();
    const call = only(spans, 'execute_tool queries');
    expect(call.spanContext().traceId).toBe(TRACE_ID);
    expect(call.parentSpanContext).toMatchObject({ traceId: TRACE_ID, spanId: PARENT_ID, isRemote: true });
    expect(only(spans, 'db.query').parentSpanContext?.spanId).toBe(call.spanContext().spanId);
  });
});
