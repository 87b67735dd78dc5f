/**
 * The ES module entry of hermes-tools/otel: checks that `@opentelemetry/api` is installed, so that
 * an app without it fails at import with one line saying what to install, then loads index.js.
 * Its types are index.ts's; a test checks that both export the same values.
 * @internal
 */
import { loadOptionalPeers } from '../errors/loadOptionalPeers.js';

await loadOptionalPeers('hermes-tools/otel', { '@opentelemetry/api': '@opentelemetry/api' });
const api = await import('./index.js');

export const { instrumentTools, MAX_CONTENT_CHARS } = api;
