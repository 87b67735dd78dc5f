/**
 * One side of the tracing comparison (../otelCost.ts) at a time, in a plain process, for profiles and head-to-head
 * runs of two builds: `npm run build && npm run compile && node [--cpu-prof] build/bench/probes/otelPaths.js <side>`,
 * where <side> is `off`, `hand`, `on`, `hand-content` or `content`. 5 rounds of 100,000 calls after 20,000 warm-up ones.
 */
import { OTEL_SIDES, type OtelSide, otelSideCall } from '../otelCost.js';

const [side = 'on'] = process.argv.slice(2);
if (!(OTEL_SIDES as readonly string[]).includes(side))
  throw new Error(`otelPaths: unknown side "${side}"; one of ${OTEL_SIDES.join(', ')}`);
const run = await otelSideCall(side as OtelSide);
for (let i = 0; i < 20_000; i++) await run();
for (let round = 0; round < 5; round++) {
  const calls = 100_000;
  const started = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) await run();
  console.log(`${side}: ${(Number(process.hrtime.bigint() - started) / calls).toFixed(0)} ns`);
}
