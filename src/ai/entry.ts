/**
 * The ES module entry of hermes-tools/ai: checks that `ai` is installed, so that an app without it
 * fails at import with one line saying what to install, then loads index.js. Its types are
 * index.ts's; a test checks that both export the same values.
 * @internal
 */
import { loadOptionalPeers } from '../errors/loadOptionalPeers.js';

await loadOptionalPeers('hermes-tools/ai', { ai: 'ai' });
const api = await import('./index.js');

export const { toAiSdkTools } = api;
