// What tracing adds to a call: `instrumentTools()` against the same call wrapped by hand in one OpenTelemetry span
// (the same name, kind and attributes), `context.with` for that span, and one histogram record, on the same
// providers (a BasicTracerProvider with a no-op processor, a MeterProvider whose reader never collects, the
// AsyncLocalStorage context manager). That hand-written peer is the floor the SDK sets. Each side in a fresh process
// of its own, rounds alternating; a side's cost is its median less the median of the call with tracing off.
import 'reflect-metadata';
import { tracingChannel } from 'node:diagnostics_channel';
import { fileURLToPath } from 'node:url';
import { context, type Histogram, SpanKind, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, NoopSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { Container } from 'inversify';
import { CALL_CHANNEL, PermissionSet, ToolRegistry, toolset, toolsModule } from 'hermes-tools';
import { instrumentTools } from 'hermes-tools/otel';
import { alternateProcessReadings, type Reading, readCalls } from './alternateProcesses.js';
import { First, RefRead, Second, VALID } from './fixtures.js';
import { median } from './measure.js';

/**
 * `off`: no tracing; `hand`: the hand-written span, context and histogram record; `hand-content`: the same with the
 * arguments and the result as JSON attributes; `on`: `instrumentTools()`; `content`: with `captureArguments`.
 */
export type OtelSide = 'off' | 'hand' | 'on' | 'hand-content' | 'content' | 'channel';
export const OTEL_SIDES: readonly OtelSide[] = ['off', 'hand', 'on', 'hand-content', 'content'];
/** Also `channel`, for probes: a no-op subscriber on the call channel, what publishing a call costs before any tracer. */
export const PROBE_SIDES: readonly OtelSide[] = [...OTEL_SIDES, 'channel'];

/** Calls before measuring: a traced call takes about 30,000 to reach its optimised speed, 15× slower before. */
const WARM_UP = 40_000;
/** Rounds in each process, and calls in each round (about 0.1–0.3 s). */
const PER_PROCESS = 7;
const BATCH = 20_000;

export interface OtelCost {
  /** Median nanoseconds per call of each side, over the rounds: CPU time (the target's) and wall-clock time. */
  readonly medians: Record<OtelSide, number>;
  readonly wallMedians: Record<OtelSide, number>;
  /** What `instrumentTools()` adds ÷ what the hand-written span adds, from the CPU medians: content off, on. */
  readonly ratio: number;
  readonly contentRatio: number;
  /** The same from the wall-clock medians. */
  readonly wallRatio: number;
  readonly wallContentRatio: number;
  /** The CPU ratio in each round (sides measured next to each other), lowest and highest. */
  readonly roundRatios: readonly [number, number];
  readonly rounds: number;
}

class UncollectedReader extends MetricReader {
  protected override async onForceFlush(): Promise<void> {}
  protected override async onShutdown(): Promise<void> {}
}

const DURATION_BUCKETS = [
  0.001, 0.005, 0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92,
];

/** The peer: what a team would write around the call by hand, with the span and metric `instrumentTools` makes. */
function handWritten(
  tracer: Tracer,
  duration: Histogram,
  call: () => Promise<unknown>,
  content: boolean,
): () => Promise<unknown> {
  const metricAttributes = {
    'gen_ai.operation.name': 'execute_tool',
    'gen_ai.tool.name': 'ref.read',
    'hermes_tools.toolset': 'ref',
  };
  let id = 0;
  return async () => {
    const span = tracer.startSpan('execute_tool ref.read', {
      kind: SpanKind.INTERNAL,
      attributes: {
        'gen_ai.tool.call.id': `call_${++id}`,
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': 'ref.read',
        'gen_ai.tool.type': 'function',
        'gen_ai.tool.description': 'Reads a file.',
        'hermes_tools.toolset': 'ref',
      },
    });
    if (content) span.setAttribute('gen_ai.tool.call.arguments', JSON.stringify(VALID));
    const started = performance.now();
    try {
      const result = await context.with(trace.setSpan(context.active(), span), call);
      if (content) span.setAttribute('gen_ai.tool.call.result', JSON.stringify(result));
      return result;
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      duration.record((performance.now() - started) / 1000, metricAttributes);
      span.end();
    }
  };
}

/** One side's call, its providers and tool set up in this process (once per process: it sets the global context). */
export async function otelSideCall(side: OtelSide): Promise<() => Promise<unknown>> {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new NoopSpanProcessor()] });
  const meterProvider = new MeterProvider({ readers: [new UncollectedReader()] });
  const container = new Container();
  await container.load(
    toolsModule({ interceptors: [First, Second] }),
    toolset({ name: 'ref', tools: [RefRead], granted: PermissionSet.none().grant('fs:read') }),
  );
  const registry = container.get(ToolRegistry);
  const call = (): Promise<unknown> => registry.call('ref.read', VALID);
  let run = call;
  if (side === 'hand' || side === 'hand-content') {
    const tracer = tracerProvider.getTracer('bench');
    const duration = meterProvider.getMeter('bench').createHistogram('gen_ai.execute_tool.duration', {
      unit: 's',
      advice: { explicitBucketBoundaries: DURATION_BUCKETS },
    });
    run = handWritten(tracer, duration, call, side === 'hand-content');
  } else if (side === 'channel') {
    tracingChannel(CALL_CHANNEL).subscribe({ start() {}, end() {}, asyncStart() {}, asyncEnd() {}, error() {} });
  } else if (side === 'on' || side === 'content') {
    instrumentTools({ tracerProvider, meterProvider, captureArguments: side === 'content' });
  }
  const answer = await run();
  if (answer !== VALID.path.length + VALID.maxBytes)
    throw new Error(`${side}: unexpected answer ${JSON.stringify(answer)}`);
  return run;
}

/** One side's reading in this process (see `readCalls`): the CPU time is what the target reads. */
async function measureOtelSide(side: OtelSide, rounds: number): Promise<Reading> {
  const run = await otelSideCall(side);
  for (let i = 0; i < WARM_UP; i++) await run();
  return readCalls(run, rounds, BATCH);
}

export async function otelCost(rounds: number, log: (line: string) => void): Promise<OtelCost> {
  const readings = await alternateProcessReadings(fileURLToPath(import.meta.url), OTEL_SIDES, rounds, log, PER_PROCESS);
  const mediansOf = (pick: (reading: Reading) => number): Record<OtelSide, number> =>
    Object.fromEntries(OTEL_SIDES.map((side) => [side, median(readings[side].map(pick))])) as Record<OtelSide, number>;
  const cpuOf = (reading: Reading): number => reading.cpuNs ?? reading.ns;
  const medians = mediansOf(cpuOf);
  const wallMedians = mediansOf((reading) => reading.ns);
  const ratioOf = (ours: number, peer: number, off: number): number => (ours - off) / (peer - off);
  const perRound = readings.on.map((on, round) =>
    ratioOf(cpuOf(on), cpuOf(readings.hand[round]!), cpuOf(readings.off[round]!)),
  );
  return {
    medians,
    wallMedians,
    ratio: ratioOf(medians.on, medians.hand, medians.off),
    contentRatio: ratioOf(medians.content, medians['hand-content'], medians.off),
    wallRatio: ratioOf(wallMedians.on, wallMedians.hand, wallMedians.off),
    wallContentRatio: ratioOf(wallMedians.content, wallMedians['hand-content'], wallMedians.off),
    roundRatios: [Math.min(...perRound), Math.max(...perRound)],
    rounds,
  };
}

// A measuring process: `node build/bench/otelCost.js <side> [rounds]` prints {"ns": …, "cpuNs": …}.
// Run alone: `node build/bench/otelCost.js [rounds]` prints every side's median and the ratios.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [first, second] = process.argv.slice(2);
  if ((OTEL_SIDES as readonly string[]).includes(first ?? '')) {
    process.stdout.write(`${JSON.stringify(await measureOtelSide(first as OtelSide, Number(second ?? 3)))}\n`);
  } else {
    const result = await otelCost(Number(first ?? 5), (line) => process.stderr.write(`${line}\n`));
    process.stdout.write(`${JSON.stringify(result)}\n`);
  }
}
