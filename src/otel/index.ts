/**
 * hermes-tools/otel: OpenTelemetry traces and metrics for tool calls, following the GenAI
 * semantic conventions. Needs `@opentelemetry/api` (1.x), an optional peer dependency.
 */
export { instrumentTools } from './instrumentTools.js';
export type { InstrumentToolsOptions } from './InstrumentToolsOptions.js';
export { MAX_CONTENT_CHARS } from './contentAttribute.js';
