/**
 * One call path at a time, in a plain process, for profiles and head-to-head runs of two builds:
 * `npm run build && npm run compile && node [--cpu-prof] build/bench/probes/callPaths.js <case> [mixed]`, where
 * <case> is `arg` (the @Arg call), `composite` (its peer), `dto` (the @Input DTO call), `invalid` (a refused
 * `call`), `dispatch` (the same refused through `dispatch`) or `mcp` (the @Arg tool through createMcpServer and the
 * SDK's Client in memory; a fiftieth as many calls). With `mixed`, the bench's other cases run first in the same process, as they do in
 * `npm run bench`, so the pipeline's shared call sites see every tool and form of call.
 */
import 'reflect-metadata';
import { Container } from 'inversify';
import { PermissionSet, ToolRegistry, toolset, toolsModule } from 'hermes-tools';
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { createMcpServer } from 'hermes-tools/mcp';
import { compositeCall } from '../composite.js';
import { First, INVALID, RefRead, RefReadDto, Second, VALID } from '../fixtures.js';

const container = new Container();
await container.load(
  toolsModule({ interceptors: [First, Second] }),
  toolset({ name: 'ref', tools: [RefRead, RefReadDto], granted: PermissionSet.none().grant('fs:read') }),
);
const registry = container.get(ToolRegistry);
const composite = compositeCall();
const refused = (p: Promise<unknown>): Promise<unknown> =>
  p.then(
    () => Promise.reject(new Error('expected a refusal')),
    () => undefined,
  );

const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
const client = new Client({ name: 'probe', version: '1.0.0' });
await createMcpServer(registry, { name: 'probe', version: '1.0.0' }).connect(serverSide);
await client.connect(clientSide);

const cases: Record<string, () => Promise<unknown>> = {
  arg: () => registry.call('ref.read', VALID),
  dto: () => registry.call('ref.read_dto', VALID),
  mcp: () => client.callTool({ name: 'ref.read', arguments: VALID }),
  composite: () => composite(VALID),
  invalid: () => refused(registry.call('ref.read', INVALID)),
  dispatch: () => registry.dispatch('ref.read', INVALID),
};
const [name = 'arg', mixed] = process.argv.slice(2);
const run = cases[name];
if (run === undefined) throw new Error(`callPaths: unknown case "${name}"; one of ${Object.keys(cases).join(', ')}`);
if (mixed === 'mixed') {
  for (let i = 0; i < 100_000; i++) {
    await registry.call('ref.read_dto', VALID);
    await refused(registry.call('ref.read', INVALID));
    await registry.dispatch('ref.read', INVALID);
    await registry.dispatch('ref.read', VALID);
  }
}
const scale = name === 'mcp' ? 50 : 1;
for (let round = 0; round < 5; round++) {
  for (let i = 0; i < 50_000 / scale; i++) await run();
  const calls = 500_000 / scale;
  const started = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) await run();
  console.log(
    `${name}${mixed === 'mixed' ? ' (mixed)' : ''}: ${(Number(process.hrtime.bigint() - started) / calls).toFixed(0)} ns`,
  );
}
await client.close();
