// `npm run bench`: hermes-tools against its peers, in one process, side by side.
// Medians per call and ratios of medians from the same run; written to bench/RESULTS.md.
import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { tracingChannel } from 'node:diagnostics_channel';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { safeValidateTypes, tool, zodSchema } from '@ai-sdk/provider-utils';
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, McpServer } from '@modelcontextprotocol/server';
import { Ajv } from 'ajv';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { Container } from 'inversify';
import { CALL_CHANNEL, PermissionSet, ToolRegistry, toolset, toolsModule } from 'hermes-tools';
import { createMcpServer } from 'hermes-tools/mcp';
import { z } from 'zod';
import {
  Caption,
  First,
  INVALID,
  JSON_SCHEMA,
  Pixel,
  readBody,
  RefInput,
  RefRead,
  RefReadDto,
  Second,
  VALID,
} from './fixtures.js';
import { callObserved } from '../src/pipeline/callChannel.js';
import {
  PermissionSet as BuildPermissionSet,
  ToolRegistry as BuildRegistry,
  toolset as buildToolset,
  toolsModule as buildToolsModule,
} from '../src/index.js';
import { perCallChart } from './chart.js';
import { compositeCall as makeCompositeCall } from './composite.js';
import { generateDtos, generateTools } from './generate.js';
import { buildRounds, typedBuild } from './typedBuild.js';
import { httpThroughput } from './httpThroughput.js';
import { format, measure, median, type Case } from './measure.js';
import { mcpInMemory } from './mcpInMemory.js';
import { benchNodes, type InvalidInput, type InvalidSide, invalidInput } from './invalidInput.js';
import { type OtelSide, otelCost } from './otelCost.js';
import { unusedFeatures } from './unusedFeatures.js';
import { withoutFeatures } from './withoutFeatures.js';
import { measureQueue } from './queue.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const log = (line: string): void => void process.stderr.write(`${line}\n`);

type Args = { path: string; maxBytes: number; encoding?: string };

// Peers
const ajv = new Ajv({ useDefaults: true, allErrors: true });
const ajvValidate = ajv.compile(JSON_SCHEMA);
const ajvCall = async (input: unknown): Promise<unknown> => {
  const copy = { ...(input as object) } as Args;
  if (!ajvValidate(copy)) throw new Error(ajv.errorsText(ajvValidate.errors));
  return readBody(copy.path, copy.maxBytes);
};
const compositeCall = makeCompositeCall();
const zodInput = z.strictObject({
  path: z.string().min(1),
  maxBytes: z.number().int().min(1).default(1_000_000),
  encoding: z.enum(['utf8', 'latin1']).optional(),
});
const zodCall = async (input: unknown): Promise<unknown> => {
  const parsed = zodInput.safeParse(input);
  if (!parsed.success) throw parsed.error;
  return readBody(parsed.data.path, parsed.data.maxBytes);
};
const aiTool = tool({
  description: 'Reads a file.',
  inputSchema: zodSchema(zodInput),
  execute: async (a: Args) => readBody(a.path, a.maxBytes),
});
const aiCall = async (input: unknown): Promise<unknown> => {
  const parsed = await safeValidateTypes({ value: input, schema: aiTool.inputSchema });
  if (!parsed.success) throw parsed.error;
  return aiTool.execute!(parsed.value as Args, { toolCallId: 'c', messages: [] });
};
const ctcvCall = async (input: unknown): Promise<unknown> => {
  const instance = plainToInstance(RefInput, input);
  const errors = await validate(instance as object, {
    forbidUnknownValues: true,
    whitelist: true,
    forbidNonWhitelisted: true,
  });
  if (errors.length > 0) throw new Error(`${errors.length} errors`);
  return readBody(instance.path, instance.maxBytes);
};

async function connect(server: { connect(t: InMemoryTransport): Promise<void> }): Promise<Client> {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  const [c, s] = InMemoryTransport.createLinkedPair();
  await Promise.all([client.connect(c), server.connect(s)]);
  return client;
}
const mcpSdkServer = new McpServer({ name: 'peer', version: '1.0.0' });
mcpSdkServer.registerTool('ref.read', { description: 'Reads a file.', inputSchema: zodInput }, async (a) => ({
  content: [{ type: 'text', text: String(await readBody(a.path, a.maxBytes)) }],
}));
const mcpSdkClient = await connect(mcpSdkServer);

// Ours
const container = new Container();
await container.load(
  toolsModule({ interceptors: [First, Second] }),
  toolset({ name: 'ref', tools: [RefRead, RefReadDto], granted: PermissionSet.none().grant('fs:read') }),
);
const registry = container.get(ToolRegistry);
const oursMcpClient = await connect(
  createMcpServer(registry, { name: 'ours', version: '1.0.0', listChangedIntervalMs: 0 }),
);
const rejects = async (p: Promise<unknown>): Promise<void> => {
  await p.then(
    () => {
      throw new Error('expected a rejection');
    },
    () => undefined,
  );
};
const dtoCall = (): Promise<unknown> => registry.call('ref.read_dto', VALID);

const valid: Case[] = [
  { name: 'direct async call', run: () => readBody(VALID.path, VALID.maxBytes) },
  { name: 'Ajv (compiled, useDefaults) + call', run: () => ajvCall(VALID) },
  { name: 'composite: Set.has + Ajv + 2 async closures + call', run: () => compositeCall(VALID) },
  { name: 'Zod 4 parse + call', run: () => zodCall(VALID) },
  { name: 'AI SDK tool(): safeValidateTypes + execute', run: () => aiCall(VALID) },
  { name: 'class-transformer + class-validator + call', run: () => ctcvCall(VALID) },
  {
    name: 'MCP SDK McpServer ↔ Client, in memory',
    run: () => mcpSdkClient.callTool({ name: 'ref.read', arguments: VALID }),
  },
  { name: 'hermes registry.call: @Arg tool, guard, 2 interceptors', run: () => registry.call('ref.read', VALID) },
  { name: 'hermes registry.call: @Input DTO tool', run: dtoCall },
  {
    name: 'hermes MCP server ↔ Client, in memory',
    run: () => oursMcpClient.callTool({ name: 'ref.read', arguments: VALID }),
  },
];
const invalid: Case[] = [
  { name: 'Ajv (allErrors), invalid', run: () => rejects(ajvCall(INVALID)) },
  { name: 'Zod 4, invalid', run: () => rejects(zodCall(INVALID)) },
  { name: 'class-transformer + class-validator, invalid', run: () => rejects(ctcvCall(INVALID)) },
  { name: 'hermes registry.call, invalid (every issue)', run: () => rejects(registry.call('ref.read', INVALID)) },
  {
    name: 'hermes registry.dispatch, invalid (outcome with every issue)',
    run: () => registry.dispatch('ref.read', INVALID),
  },
  {
    name: 'hermes registry.call, invalid, then the error read (toPayload)',
    run: () =>
      registry.call('ref.read', INVALID).then(
        () => {
          throw new Error('expected a rejection');
        },
        (error: { toPayload(): { message: string } }) => error.toPayload().message.length,
      ),
  },
];

log(`measuring ${valid.length + invalid.length} cases, ${ROUNDS} rounds`);
const calls = await measure([...valid, ...invalid], ROUNDS, log);

log('DTO calls with 1,000 more DTO classes loaded');
generateDtos(1000);
const scaled = await measure(
  [
    { name: 'ours', run: dtoCall },
    { name: 'ctcv', run: () => ctcvCall(VALID) },
  ],
  ROUNDS,
  log,
);

log('a small image result (content parts) against a plain value, through dispatch and over MCP in memory');
const contentContainer = new Container();
await contentContainer.load(toolset({ name: 'bench', tools: [Caption, Pixel] }));
const contentRegistry = contentContainer.get(ToolRegistry);
// The same tools with result budgets off: what the budget check (the result's JSON measured against its budget) adds.
const unbudgetedContainer = new Container();
await unbudgetedContainer.load(toolsModule({ results: false }), toolset({ name: 'bench', tools: [Caption, Pixel] }));
const unbudgeted = unbudgetedContainer.get(ToolRegistry);
const contentMcp = await connect(
  createMcpServer(contentRegistry, { name: 'content', version: '1.0.0', listChangedIntervalMs: 0 }),
);
const contentCases = await measure(
  [
    { name: 'plain', run: () => contentRegistry.dispatch('bench.caption', {}) },
    { name: 'image', run: () => contentRegistry.dispatch('bench.pixel', {}) },
    { name: 'plain, no budget', run: () => unbudgeted.dispatch('bench.caption', {}) },
    { name: 'image, no budget', run: () => unbudgeted.dispatch('bench.pixel', {}) },
    { name: 'plain over MCP', run: () => contentMcp.callTool({ name: 'bench.caption', arguments: {} }) },
    { name: 'image over MCP', run: () => contentMcp.callTool({ name: 'bench.pixel', arguments: {} }) },
  ],
  ROUNDS,
  log,
);
await contentMcp.close();

log('the hermes-tools:call channel: no subscriber against one no-op subscriber, alternating');
const channel = tracingChannel(CALL_CHANNEL);
// What the channel costs a call in a process where nobody ever subscribed (before the phases below subscribe): the
// check a call makes (the audit check beside it is a field read).
// Timed inside a function: a loop at a module's top level is not optimised, and would time the interpreter.
function timeReads(reads: number): { ns: number; watched: number } {
  let seen = 0;
  const started = performance.now();
  for (let i = 0; i < reads; i++) if (callObserved()) seen++;
  return { ns: ((performance.now() - started) * 1e6) / reads, watched: seen };
}
timeReads(1_000_000);
const { ns: hasSubscribersNs, watched } = timeReads(20_000_000);
if (watched !== 0) throw new Error('nobody should be subscribed here');
const noop = { start() {}, end() {}, asyncStart() {}, asyncEnd() {}, error() {} };
const channelSamples = { off: [] as number[], on: [] as number[] };
const argCase: Case = { name: 'call', run: () => registry.call('ref.read', VALID) };
for (let round = 0; round < ROUNDS; round++) {
  channelSamples.off.push((await measure([argCase], 1, () => undefined)).get('call')!);
  channel.subscribe(noop);
  channelSamples.on.push((await measure([argCase], 1, () => undefined)).get('call')!);
  channel.unsubscribe(noop);
}
// The same read after subscribers came and went: Node 20 channels change prototype with their first subscriber.
const { ns: hasSubscribersChurnedNs } = timeReads(20_000_000);
const channelOff = median(channelSamples.off);
const channelOn = median(channelSamples.on);

log('the cost of unused features: tool.execute against the same steps composed without them');
// Built from the compiled sources (not the package), so that the tool's core can be reached.
const plain = new Container();
await plain.load(
  buildToolsModule({ interceptors: [First, Second] }),
  buildToolset({ name: 'ref', tools: [RefRead], granted: BuildPermissionSet.none().grant('fs:read') }),
);
const plainTool = plain.get(BuildRegistry).get('ref.read');
const bareSteps = withoutFeatures(plainTool);
const unused = await measure(
  [
    { name: 'with', run: () => plainTool.execute(VALID) },
    { name: 'without', run: () => bareSteps(VALID) },
  ],
  ROUNDS,
  log,
);
log('the cost of unused features again, each side in a fresh process of its own, alternating (the target)');
const apart = await unusedFeatures(Math.max(3, ROUNDS), log);
const unusedCost = apart.with / apart.without - 1;
const unusedInProcess = unused.get('with')! / unused.get('without')! - 1;

log('invalid input against one valid composite call and Ajv allErrors invalid, each in a fresh process, on each Node');
const invalidByNode: InvalidInput[] = [];
for (const node of benchNodes()) invalidByNode.push(await invalidInput(Math.max(5, ROUNDS), log, node));

log('the in-memory MCP round trip again, each server in a fresh process of its own, alternating (the target)');
const mcpApart = await mcpInMemory(Math.max(5, ROUNDS), log);

log(
  'instrumentTools() against a hand-written span, context.with and histogram record, each side in a fresh process, alternating',
);
const otel = await otelCost(Math.max(5, ROUNDS), log);
const otelAdded = (side: OtelSide): number => otel.medians[side] - otel.medians.off;

log('1,000 tools: build, list, heap');
const builds: number[] = [];
const lists: number[] = [];
const heaps: number[] = [];
const keep: unknown[] = [];
for (let run = 0; run < 3; run++) {
  gc();
  const before = process.memoryUsage().heapUsed;
  const started = performance.now();
  const classes = generateTools(1000, `gen${run}`);
  const big = new Container();
  await big.load(toolset({ name: `gen${run}`, tools: classes, granted: PermissionSet.none().grant('fs:read') }));
  const built = big.get(ToolRegistry);
  const definitions = built.definitions();
  builds.push(performance.now() - started);
  // The generated tools, and `results.read`, which the default result budget adds.
  const generated = definitions.filter((definition) => definition.name.startsWith(`gen${run}.`)).length;
  if (generated !== 1000) throw new Error(`expected 1000 generated definitions, got ${generated}`);
  const listStarted = performance.now();
  for (let i = 0; i < 20; i++) built.definitions();
  lists.push((performance.now() - listStarted) / 20);
  gc();
  heaps.push((process.memoryUsage().heapUsed - before) / 1000);
  keep.push(big, built, classes);
}
log('1,000 tools built with a type manifest (hermes-tools typegen) and without, alternating; a call with and without');
const typed = await typedBuild(ROUNDS, log);
log('10,000 tools: build, list, definitions, and a call against a registry of one');
gc();
const tenThousandStarted = performance.now();
const manyClasses = generateTools(10_000, 'many');
const many = new Container();
await many.load(toolset({ name: 'many', tools: manyClasses, granted: PermissionSet.none().grant('fs:read') }));
const manyRegistry = many.get(ToolRegistry);
const tenThousandBuild = performance.now() - tenThousandStarted;
const listedStarted = performance.now();
for (let i = 0; i < 5; i++) manyRegistry.list();
const tenThousandList = (performance.now() - listedStarted) / 5;
const definedStarted = performance.now();
for (let i = 0; i < 5; i++) manyRegistry.definitions();
const tenThousandDefinitions = (performance.now() - definedStarted) / 5;
const one = new Container();
await one.load(
  toolset({ name: 'one', tools: generateTools(1, 'one'), granted: PermissionSet.none().grant('fs:read') }),
);
const oneRegistry = one.get(ToolRegistry);
const scale = await measure(
  [
    { name: 'one of 10,000', run: () => manyRegistry.call('many.tool_5000', { path: 'a' }) },
    { name: 'the only one', run: () => oneRegistry.call('one.tool_0', { path: 'a' }) },
  ],
  ROUNDS,
  log,
);

await Promise.all([mcpSdkClient.close(), oursMcpClient.close()]);

const HTTP_SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 10);
log(`Streamable HTTP throughput: ${HTTP_SECONDS} s per server per round, 10 connections, alternating`);
const http = await httpThroughput(Math.max(2, Math.round(ROUNDS / 3)), HTTP_SECONDS, 10, log);
// Last: it starts a redis-server and worker processes, which would disturb the in-process cases.
const { lines: queueSection, latencyRatio: queueLatencyRatio } = await measureQueue(ROUNDS, log);

const ns = (name: string): number => calls.get(name)!;
const argCall = ns('hermes registry.call: @Arg tool, guard, 2 interceptors');
const dto1 = ns('hermes registry.call: @Input DTO tool');
const ctcv1 = ns('class-transformer + class-validator + call');
const mcpInProcess = ns('hermes MCP server ↔ Client, in memory') / ns('MCP SDK McpServer ↔ Client, in memory');
const targets: [string, string, boolean][] = [
  [
    'registry build with a type manifest ≤ 1.1× without (1,000 tools, metadata on both; CPU time)',
    `${(typed.cpu.manifest / typed.cpu.reflection).toFixed(2)}× (${(typed.manifest / typed.reflection).toFixed(2)}× wall clock)`,
    typed.cpu.manifest / typed.cpu.reflection <= 1.1,
  ],
  [
    'a call built from a type manifest ≤ 1.1× one built by reflection (fresh processes, CPU time)',
    `${(typed.callManifest / typed.callReflection).toFixed(2)}×`,
    typed.callManifest / typed.callReflection <= 1.1,
  ],
  [
    '@Arg call ≤ 1.3× the Ajv + 2 closures composite',
    `${(argCall / ns('composite: Set.has + Ajv + 2 async closures + call')).toFixed(2)}×`,
    argCall / ns('composite: Set.has + Ajv + 2 async closures + call') <= 1.3,
  ],
  [
    '@Arg call ≥ 3× faster than the AI SDK tool() path',
    `${(ns('AI SDK tool(): safeValidateTypes + execute') / argCall).toFixed(1)}×`,
    ns('AI SDK tool(): safeValidateTypes + execute') / argCall >= 3,
  ],
  [
    '@Arg call ≥ 30× faster than the MCP SDK round trip',
    `${(ns('MCP SDK McpServer ↔ Client, in memory') / argCall).toFixed(1)}×`,
    ns('MCP SDK McpServer ↔ Client, in memory') / argCall >= 30,
  ],
  ['DTO call ≥ 4× faster than class-transformer + class-validator', `${(ctcv1 / dto1).toFixed(1)}×`, ctcv1 / dto1 >= 4],
  [
    'DTO call flat from 1 to 1,000 DTO classes (≤ 1.2×)',
    `${(scaled.get('ours')! / dto1).toFixed(2)}× (class-validator: ${(scaled.get('ctcv')! / ctcv1).toFixed(1)}×)`,
    scaled.get('ours')! / dto1 <= 1.2,
  ],
  [
    // The rejection's issues are copied and redacted when it is made; its message is made when read, so what reading it
    // costs is shown beside.
    'invalid input, every issue, ≤ 2 µs (registry.call)',
    `${format(ns('hermes registry.call, invalid (every issue)'))} (${format(ns('hermes registry.call, invalid, then the error read (toPayload)'))} with its message read)`,
    ns('hermes registry.call, invalid (every issue)') <= 2000,
  ],
  [
    'invalid input, every issue, ≤ 2 µs (registry.dispatch)',
    format(ns('hermes registry.dispatch, invalid (outcome with every issue)')),
    ns('hermes registry.dispatch, invalid (outcome with every issue)') <= 2000,
  ],
  [
    'unused features (no channel subscriber, no guards, no approvals) cost ≤ 5% of a call, the spread between rounds (quartiles of the per-round cost) under 5 points',
    `${(unusedCost * 100).toFixed(1)}% in CPU time (${format(apart.with)} against ${format(apart.without)}, each in its own process; ${((apart.wallWith / apart.wallWithout - 1) * 100).toFixed(1)}% wall clock); by round ${(apart.roundCosts[0] * 100).toFixed(1)}% / ${(apart.roundCosts[1] * 100).toFixed(1)}% / ${(apart.roundCosts[2] * 100).toFixed(1)}%`,
    unusedCost <= 0.05 && apart.roundCosts[2] - apart.roundCosts[0] < 0.05,
  ],
  ['1,000 tools built and listed ≤ 150 ms', `${median(builds).toFixed(0)} ms`, median(builds) <= 150],
  ['heap per tool at 1,000 tools ≤ 10 KiB', `${(median(heaps) / 1024).toFixed(1)} KiB`, median(heaps) <= 10 * 1024],
  [
    'call channel when nobody ever subscribed (the `callObserved` check) ≤ 1% of an @Arg call',
    `${hasSubscribersNs.toFixed(1)} ns = ${((hasSubscribersNs / channelOff) * 100).toFixed(2)}% of ${format(channelOff)}`,
    hasSubscribersNs <= channelOff * 0.01,
  ],
  [
    'the same check after subscribers came and went ≤ 1% of an @Arg call',
    `${hasSubscribersChurnedNs.toFixed(1)} ns = ${((hasSubscribersChurnedNs / channelOff) * 100).toFixed(2)}%`,
    hasSubscribersChurnedNs <= channelOff * 0.01,
  ],
  [
    'a call on a registry of 10,000 tools ≤ 1.1× one on a registry of 1 (10,000 built, listed and defined: see the table)',
    `${(scale.get('one of 10,000')! / scale.get('the only one')!).toFixed(2)}×`,
    scale.get('one of 10,000')! <= scale.get('the only one')! * 1.1,
  ],
  [
    'our MCP round trip (in memory, 2025-11-25) ≤ the bare v2 McpServer doing the same work, each in its own process',
    `${(mcpApart.cpu.ours / mcpApart.cpu.bare).toFixed(2)}× in CPU time (${format(mcpApart.cpu.ours)} against ${format(mcpApart.cpu.bare)}; wall clock ${(mcpApart.ours / mcpApart.bare).toFixed(2)}×; ${mcpInProcess.toFixed(2)}× in one process, against a bare server without the check and middlewares)`,
    mcpApart.cpu.ours <= mcpApart.cpu.bare,
  ],
  [
    'our MCP round trip (in memory, 2026-07-28) ≤ the bare v2 McpServer doing the same work, each in its own process',
    `${(mcpApart.cpu['ours-2026'] / mcpApart.cpu['bare-2026']).toFixed(2)}× in CPU time (${format(mcpApart.cpu['ours-2026'])} against ${format(mcpApart.cpu['bare-2026'])}; wall clock ${(mcpApart['ours-2026'] / mcpApart['bare-2026']).toFixed(2)}×)`,
    mcpApart.cpu['ours-2026'] <= mcpApart.cpu['bare-2026'],
  ],
  [
    'Streamable HTTP `tools/call` throughput ≥ 1.0× the bare McpServer (stateless, 2025-11-25)',
    `${(http.ours / http.bare).toFixed(2)}× (${http.ours.toFixed(0)} against ${http.bare.toFixed(0)} req/s)`,
    http.ours >= http.bare,
  ],
  [
    'Streamable HTTP `tools/call` throughput ≥ 1.0× the bare McpServer (stateless, 2026-07-28)',
    `${(http['ours-2026'] / http['bare-2026']).toFixed(2)}× (${http['ours-2026'].toFixed(0)} against ${http['bare-2026'].toFixed(0)} req/s)`,
    http['ours-2026'] >= http['bare-2026'],
  ],
  ...invalidByNode.map((r): [string, string, boolean] => {
    const { composite, ajv, call, dispatch } = r.medians;
    const worst = Math.max(call, dispatch);
    const major = Number(r.version.slice(1).split('.')[0]);
    const bounded = major >= 22;
    return [
      `invalid input (\`call\` and \`dispatch\`), Node ${r.version}: ${bounded ? '≤ 7× one valid composite call, and ' : ''}≤ Ajv allErrors invalid, each in its own process (CPU time)`,
      `${(call / composite).toFixed(2)}× / ${(dispatch / composite).toFixed(2)}× the composite; ${(call / ajv).toFixed(2)}× / ${(dispatch / ajv).toFixed(2)}× Ajv`,
      (!bounded || worst <= 7 * composite) && worst <= ajv,
    ];
  }),
  [
    'Streamable HTTP `tools/call` throughput ≥ 1.0× the bare McpServer (sessions, 2025-11-25)',
    `${(http['ours-session'] / http['bare-session']).toFixed(2)}× (${http['ours-session'].toFixed(0)} against ${http['bare-session'].toFixed(0)} req/s)`,
    http['ours-session'] >= http['bare-session'],
  ],
  [
    "the queue's added latency per call ≤ 1.2× a bare BullMQ call doing the same job on the same Redis (both workers in the agent's process)",
    queueLatencyRatio === undefined ? 'not measured (no redis-server)' : `${queueLatencyRatio.toFixed(2)}×`,
    queueLatencyRatio !== undefined && queueLatencyRatio <= 1.2,
  ],
  [
    '`instrumentTools()` adds ≤ 1.2× what a hand-written span, `context.with` and histogram record add, in CPU time (content capture off; on: see its table)',
    `${otel.ratio.toFixed(2)}× in CPU time (${format(otelAdded('on'))} against ${format(otelAdded('hand'))}), ${otel.wallRatio.toFixed(2)}× wall clock; with content ${otel.contentRatio.toFixed(2)}× / ${otel.wallContentRatio.toFixed(2)}×`,
    otel.ratio <= 1.2,
  ],
];

const lines = [
  '# Benchmark results',
  '',
  `Produced by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}.`,
  `Method as in the peer baseline: one process; each case calibrated to batches of 40 ms or more and warmed up; ${ROUNDS} rounds, each in a freshly shuffled order; the median per call. Ratios are of medians from this run; absolute numbers drift with the machine and its load. The reference tool takes \`{ path: string (minLength 1), maxBytes?: integer ≥ 1 (default 1000000), encoding?: 'utf8'|'latin1' }\`; valid input \`${JSON.stringify(VALID)}\`, invalid \`${JSON.stringify(INVALID)}\`.`,
  '',
  '## Per call',
  '',
  '| case | median | vs direct call |',
  '|---|--:|--:|',
  ...[...valid, ...invalid].map(
    (c) => `| ${c.name} | ${format(ns(c.name))} | ${(ns(c.name) / ns('direct async call')).toFixed(1)}× |`,
  ),
  '',
  '![Median time per call, log scale](per-call.svg)',
  '',
  '## DTO classes loaded',
  '',
  '| case | 1 DTO class | +1,000 DTO classes | growth |',
  '|---|--:|--:|--:|',
  `| hermes @Input DTO call | ${format(dto1)} | ${format(scaled.get('ours')!)} | ${(scaled.get('ours')! / dto1).toFixed(2)}× |`,
  `| class-transformer + class-validator | ${format(ctcv1)} | ${format(scaled.get('ctcv')!)} | ${(scaled.get('ctcv')! / ctcv1).toFixed(2)}× |`,
  '',
  '## A small image result',
  '',
  'A tool returning a caption (a plain string) against one returning the same caption and a 1×1 PNG as content parts (`ToolResult.of(Content.text(…), Content.image(…))`): the parts are checked (kind, keys, MIME type, base64) and fitted to the content limits on every call.',
  '',
  '| path | plain value | caption + small image | ratio |',
  '|---|--:|--:|--:|',
  `| \`registry.dispatch\` | ${format(contentCases.get('plain')!)} | ${format(contentCases.get('image')!)} | ${(contentCases.get('image')! / contentCases.get('plain')!).toFixed(2)}× |`,
  `| \`registry.dispatch\`, result budgets off (\`toolsModule({ results: false })\`) | ${format(contentCases.get('plain, no budget')!)} | ${format(contentCases.get('image, no budget')!)} | ${(contentCases.get('image, no budget')! / contentCases.get('plain, no budget')!).toFixed(2)}× |`,
  `| what the budget check adds to \`dispatch\` | ${format(contentCases.get('plain')! - contentCases.get('plain, no budget')!)} (${((contentCases.get('plain')! / contentCases.get('plain, no budget')! - 1) * 100).toFixed(0)}%) | ${format(contentCases.get('image')! - contentCases.get('image, no budget')!)} (${((contentCases.get('image')! / contentCases.get('image, no budget')! - 1) * 100).toFixed(0)}%) | |`,
  `| MCP \`Client\` ↔ \`createMcpServer\`, in memory | ${format(contentCases.get('plain over MCP')!)} | ${format(contentCases.get('image over MCP')!)} | ${(contentCases.get('image over MCP')! / contentCases.get('plain over MCP')!).toFixed(2)}× |`,
  '',
  '## The call channel',
  '',
  '| @Arg call (guard, 2 interceptors) | median |',
  '|---|--:|',
  `| nobody subscribed to \`hermes-tools:call\` | ${format(channelOff)} |`,
  `| one no-op subscriber (start, end, asyncStart, asyncEnd, error) | ${format(channelOn)} |`,
  `| the check a call makes when nobody ever subscribed (\`callObserved\`: five \`hasSubscribers\` reads) | ${hasSubscribersNs.toFixed(1)} ns |`,
  `| the same check after subscribers came and went | ${hasSubscribersChurnedNs.toFixed(1)} ns |`,
  '',
  '## Unused features',
  '',
  `The same \`@Arg\` tool (guard, 2 interceptors) called through its pipeline, and through its own steps (validation, interceptors, handler) composed by hand without availability, guards, approvals, time limits, the call channel, audit and caller views (bench/withoutFeatures.ts). The target is the second column: each side in a fresh process of its own, ${apart.rounds} rounds alternating (bench/unusedFeatures.ts), since a build without those features is another build. The first column measures both in this process, after every case above, where they share the JIT's state.`,
  '',
  '| call | in this process | each in its own process |',
  '|---|--:|--:|',
  `| \`tool.execute\` (the pipeline, nothing configured) | ${format(unused.get('with')!)} | ${format(apart.with)} CPU (${format(apart.wallWith)} wall clock) |`,
  `| the same steps without those features | ${format(unused.get('without')!)} | ${format(apart.without)} CPU (${format(apart.wallWithout)} wall clock) |`,
  `| cost of the unused features | ${(unusedInProcess * 100).toFixed(1)}% | ${(unusedCost * 100).toFixed(1)}% CPU (${((apart.wallWith / apart.wallWithout - 1) * 100).toFixed(1)}% wall clock) |`,
  `| the same cost in each round (the two processes one after the other): first quartile / median / third quartile | | ${apart.roundCosts.map((cost) => `${(cost * 100).toFixed(1)}%`).join(' / ')} |`,
  '',
  '## Invalid input on each Node',
  '',
  `The reference tool given \`${JSON.stringify(INVALID)}\` (every issue reported): our \`registry.call\` (rejected with a ToolValidationError) and \`registry.dispatch\` (an outcome), against one valid call of the composite (bench/composite.ts) and against Ajv's \`allErrors\` invalid path (the input copied and validated, rejected with \`new Error(ajv.errorsText(…))\`). Each side in a fresh process of its own, warmed up with 50,000 calls, ${invalidByNode[0]!.rounds} rounds alternating (bench/invalidInput.ts), on each Node binary of \`BENCH_NODES\` (comma-separated paths; this process's Node when unset). Medians of CPU time per call (all of a process's threads; the targets read it, see the tracing section), the lowest and highest process in brackets; the ratios from wall-clock medians follow each CPU ratio.`,
  '',
  '| Node | composite, valid | Ajv allErrors, invalid | `call`, invalid | `dispatch`, invalid | `call` ÷ composite | `dispatch` ÷ composite | `call` ÷ Ajv | `dispatch` ÷ Ajv |',
  '|---|--:|--:|--:|--:|--:|--:|--:|--:|',
  ...invalidByNode.map((r) => {
    const cell = (side: InvalidSide): string =>
      `${format(r.medians[side])} (${format(r.spread[side][0])}–${format(r.spread[side][1])})`;
    const ratio = (a: InvalidSide, b: InvalidSide): string =>
      `${(r.medians[a] / r.medians[b]).toFixed(2)}× (${(r.wallMedians[a] / r.wallMedians[b]).toFixed(2)}×)`;
    return `| ${r.version} | ${cell('composite')} | ${cell('ajv')} | ${cell('call')} | ${cell('dispatch')} | ${ratio('call', 'composite')} | ${ratio('dispatch', 'composite')} | ${ratio('call', 'ajv')} | ${ratio('dispatch', 'ajv')} |`;
  }),
  '',
  '## MCP round trip, in memory',
  '',
  `The SDK v2's \`Client\` over \`InMemoryTransport\`, calling the reference tool: our \`createMcpServer\` against the bare SDK v2 \`McpServer\` doing the same work per call (a permission check and two async middlewares around the tool, as in the HTTP case). The target reads the third column: each server in a fresh process of its own, warmed up with 20,000 calls, then rounds of 1,000 round trips, ${mcpApart.rounds} processes alternating (bench/mcpInMemory.ts), each reading its wall clock and its CPU time; in one process the two share the SDK's code, and each makes the other's call sites megamorphic. The first column is the per-call table's pair, measured in this process, whose bare server has neither the check nor the middlewares.`,
  '',
  '| server | in this process | each in its own process | its CPU time |',
  '|---|--:|--:|--:|',
  `| hermes \`createMcpServer\` | ${format(ns('hermes MCP server ↔ Client, in memory'))} | ${format(mcpApart.ours)} | ${format(mcpApart.cpu.ours)} |`,
  `| MCP SDK \`McpServer\` | ${format(ns('MCP SDK McpServer ↔ Client, in memory'))} | ${format(mcpApart.bare)} | ${format(mcpApart.cpu.bare)} |`,
  `| ours ÷ bare | ${mcpInProcess.toFixed(2)}× | ${(mcpApart.ours / mcpApart.bare).toFixed(2)}× | ${(mcpApart.cpu.ours / mcpApart.cpu.bare).toFixed(2)}× |`,
  '',
  `The same in the 2026-07-28 era (the client pinned to it; our \`serveStdio\` against the SDK's own \`serveStdio\` of the bare server, both over the in-memory pair), each in its own process: ours ${format(mcpApart['ours-2026'])}, bare ${format(mcpApart['bare-2026'])}, ${(mcpApart['ours-2026'] / mcpApart['bare-2026']).toFixed(2)}× (CPU time ${format(mcpApart.cpu['ours-2026'])} against ${format(mcpApart.cpu['bare-2026'])}, ${(mcpApart.cpu['ours-2026'] / mcpApart.cpu['bare-2026']).toFixed(2)}×). Each process's CPU time counts the client's work and the server's (all its threads); the targets read it.`,
  '',
  '## Streamable HTTP throughput',
  '',
  `\`tools/call\` on the reference tool, stateless (a server per request) in both eras and with sessions in the 2025-11-25 one, each server in its own process; autocannon in this one, ${http.connections} connections, ${http.seconds} s a round, rounds alternating (bench/httpThroughput.ts). The bare server does the same work per call: a permission check and two async middlewares around the tool.`,
  '',
  '| server | requests per second (median) |',
  '|---|--:|',
  `| hermes \`serveHttp\` (stateless), 2025-11-25 request | ${http.ours.toFixed(0)} |`,
  `| MCP SDK \`McpServer\` + \`StreamableHTTPServerTransport\` (stateless), 2025-11-25 | ${http.bare.toFixed(0)} |`,
  `| ours ÷ bare, 2025-11-25 | ${(http.ours / http.bare).toFixed(2)}× |`,
  `| hermes \`serveHttp\` (stateless), 2026-07-28 request | ${http['ours-2026'].toFixed(0)} |`,
  `| MCP SDK \`McpServer\` + \`createMcpHandler\`, 2026-07-28 | ${http['bare-2026'].toFixed(0)} |`,
  `| ours ÷ bare, 2026-07-28 | ${(http['ours-2026'] / http['bare-2026']).toFixed(2)}× |`,
  `| hermes \`serveHttp\` (sessions), 2025-11-25, one session shared by the connections | ${http['ours-session'].toFixed(0)} |`,
  `| MCP SDK \`McpServer\` + a \`StreamableHTTPServerTransport\` per session, 2025-11-25 | ${http['bare-session'].toFixed(0)} |`,
  `| ours ÷ bare, sessions | ${(http['ours-session'] / http['bare-session']).toFixed(2)}× |`,
  '',
  `Lowest and highest round of each side (req/s): ${(Object.keys(http.spread) as (keyof typeof http.spread)[]).map((side) => `${side} ${http.spread[side][0].toFixed(0)}–${http.spread[side][1].toFixed(0)}`).join(', ')}.`,
  '',
  '## OpenTelemetry (`hermes-tools/otel`)',
  '',
  `The @Arg call (guard, 2 interceptors) through \`registry.call\`, on a BasicTracerProvider with a no-op span processor, a MeterProvider whose reader never collects and the AsyncLocalStorage context manager. The peer is the same call wrapped by hand in one span of the same name, kind and attributes, \`context.with\` for it and one histogram record (bench/otelCost.ts): the floor the SDK sets. Each side in a fresh process of its own, warmed up with 40,000 calls, then 7 batches of 20,000; ${otel.rounds} rounds alternating. Each process reads its CPU time (all its threads, the collector's included) beside the wall clock: on a shared host a process waiting for a core does no work, so the CPU time is what the target reads. A side's cost is its median less the median with tracing off.`,
  '',
  '| side | CPU per call | added | wall clock per call | added | added ÷ what the hand-written peer adds (CPU; wall) |',
  '|---|--:|--:|--:|--:|--:|',
  ...(
    [
      ['tracing off', 'off'],
      ['hand-written span + `context.with` + histogram record', 'hand'],
      ['`instrumentTools()`', 'on'],
      ['hand-written, arguments and result as JSON attributes', 'hand-content'],
      ['`instrumentTools({ captureArguments: true })`', 'content'],
    ] as const
  ).map(([what, side]) => {
    const added = (medians: Record<OtelSide, number>): string =>
      side === 'off' ? '' : format(medians[side] - medians.off);
    const ratio =
      side === 'on'
        ? `${otel.ratio.toFixed(2)}× (${otel.roundRatios[0].toFixed(2)}–${otel.roundRatios[1].toFixed(2)}× by round); ${otel.wallRatio.toFixed(2)}×`
        : side === 'content'
          ? `${otel.contentRatio.toFixed(2)}×; ${otel.wallContentRatio.toFixed(2)}×`
          : '';
    return `| ${what} | ${format(otel.medians[side])} | ${added(otel.medians)} | ${format(otel.wallMedians[side])} | ${added(otel.wallMedians)} | ${ratio} |`;
  }),
  '',
  '## 10,000 tools',
  '',
  '| what | value |',
  '|---|--:|',
  `| define 10,000 @Tool classes, load the toolset, build the registry | ${tenThousandBuild.toFixed(0)} ms |`,
  `| \`list()\` | ${tenThousandList.toFixed(1)} ms |`,
  `| \`definitions()\` | ${tenThousandDefinitions.toFixed(1)} ms |`,
  `| a call on the registry of 10,000 | ${format(scale.get('one of 10,000')!)} |`,
  `| the same call on a registry of 1 | ${format(scale.get('the only one')!)} |`,
  '',
  '## A type manifest (`hermes-tools typegen`)',
  '',
  `1,000 generated tools (\`path: string, maxBytes: number\`), built and listed ${buildRounds(ROUNDS)} times each way, each from a collected heap, alternating; the manifest is what typegen writes for them, checked by \`typeManifest()\` apart (that runs once, when its module is imported). A call is \`registry.call\` on a tool of each kind, each in a fresh process of its own, warmed up with 50,000 calls, rounds alternating; its median CPU time (bench/typedBuild.ts).`,
  '',
  '| what | median CPU | ratio | median wall clock | ratio |',
  '|---|--:|--:|--:|--:|',
  `| build by reflection (design:paramtypes), no manifest | ${typed.cpu.reflection.toFixed(1)} ms | 1.00× | ${typed.reflection.toFixed(1)} ms | 1.00× |`,
  `| build with the manifest, metadata present too | ${typed.cpu.manifest.toFixed(1)} ms | ${(typed.cpu.manifest / typed.cpu.reflection).toFixed(2)}× | ${typed.manifest.toFixed(1)} ms | ${(typed.manifest / typed.reflection).toFixed(2)}× |`,
  `| build with the manifest, no metadata (esbuild, tsx) | ${typed.cpu.manifestOnly.toFixed(1)} ms | ${(typed.cpu.manifestOnly / typed.cpu.reflection).toFixed(2)}× | ${typed.manifestOnly.toFixed(1)} ms | ${(typed.manifestOnly / typed.reflection).toFixed(2)}× |`,
  `| \`typeManifest()\` of the 1,000 entries (wall clock) | | | ${typed.typeManifest.toFixed(1)} ms | |`,
  `| a call, tool built by reflection | ${format(typed.callReflection)} | 1.00× | | |`,
  `| a call, tool built from the manifest (no metadata) | ${format(typed.callManifest)} | ${(typed.callManifest / typed.callReflection).toFixed(2)}× | | |`,
  '',
  '## 1,000 tools (median of 3)',
  '',
  '| what | value |',
  '|---|--:|',
  `| define 1,000 @Tool classes, load the toolset, build the registry, list it | ${median(builds).toFixed(0)} ms |`,
  `| \`definitions()\` on 1,000 tools | ${(median(lists) * 1000).toFixed(0)} µs |`,
  `| heap per tool | ${(median(heaps) / 1024).toFixed(1)} KiB |`,
  '',
  ...queueSection,
  '## Targets',
  '',
  '| target | this run | met |',
  '|---|--:|:-:|',
  ...targets.map(([what, value, met]) => `| ${what} | ${value} | ${met ? 'yes' : '**no**'} |`),
  '',
];
const table = lines.join('\n');
process.stdout.write(`${table}\n`);
// The hand-written reading of the numbers (why a target is missed, what costs what) follows the tables.
const notes = readFileSync(new URL('../../bench/NOTES.md', import.meta.url), 'utf8');
writeFileSync(new URL('../../bench/RESULTS.md', import.meta.url), `${table}\n${notes}`);
const bars = valid
  .filter((c) => c.name !== 'direct async call')
  .map((c) => ({ name: c.name, ns: ns(c.name), ours: c.name.startsWith('hermes') }));
writeFileSync(
  new URL('../../bench/per-call.svg', import.meta.url),
  perCallChart('hermes-tools against its peers: one valid call', bars, format),
);
