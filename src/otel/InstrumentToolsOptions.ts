import type { MeterProvider, TracerProvider } from '@opentelemetry/api';

/** Options of {@link instrumentTools}. */
export interface InstrumentToolsOptions {
  /** Where spans go; the global one (`trace.getTracerProvider()`) when absent. */
  readonly tracerProvider?: TracerProvider;
  /** Where metrics go; the global one (`metrics.getMeterProvider()`, read once, now) when absent. */
  readonly meterProvider?: MeterProvider;
  /**
   * Records each call's arguments and result on its span (`gen_ai.tool.call.arguments`,
   * `gen_ai.tool.call.result`) and a failure's message as the span status, as JSON, redacted and
   * cut to 16,384 characters. Off by default: they may hold personal or secret data.
   */
  readonly captureArguments?: boolean;
}
