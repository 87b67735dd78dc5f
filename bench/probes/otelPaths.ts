/**
 * One side of the tracing comparison (../otelCost.ts) at a time, in a plain process, for profiles and head-to-head
 * runs of two builds: `npm run build && npm run compile && node [--cpu-prof] build/bench/probes/otelPaths.js <side>`,
 * where <side> is `off`, `hand`, `on`, `hand-content`, `content` or `channel` (a no-op subscriber). 5 rounds of 100,000 calls after 40,000 warm-up ones;
 * each round prints wall-clock and CPU time (this process's threads) per call: on a host shared with other work, the
 * CPU time varies less.
 */
import { type OtelSide, otelSideCall, PROBE_SIDES } from '../otelCost.js';

const [side = 'on'] = process.argv.slice(2);
if (!(PROBE_SIDES as readonly string[]).includes(side))
  throw new Error(`otelPaths: unknown side "${side}"; one of ${PROBE_SIDES.join(', ')}`);
const run = await otelSideCall(side as OtelSide);
for (let i = 0; i < 40_000; i++) await run();
for (let round = 0; round < 5; round++) {
  const calls = 100_000;
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) await run();
  const wall = Number(process.hrtime.bigint() - started) / calls;
  const used = process.cpuUsage(cpu);
  console.log(`${side}: ${wall.toFixed(0)} ns, CPU ${(((used.user + used.system) * 1000) / calls).toFixed(0)} ns`);
}
