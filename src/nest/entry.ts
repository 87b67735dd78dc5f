/**
 * The ES module entry of hermes-tools/nest: checks that `@nestjs/common` and `@nestjs/core` are
 * installed, so that an app without them fails at import with one line saying what to install,
 * then loads index.js. Its types are index.ts's; a test checks that both export the same values.
 * @internal
 */
import { loadOptionalPeers } from '../errors/loadOptionalPeers.js';

await loadOptionalPeers('hermes-tools/nest', { '@nestjs/common': '@nestjs/common', '@nestjs/core': '@nestjs/core' });
const api = await import('./index.js');

export const { HermesToolsModule } = api;
