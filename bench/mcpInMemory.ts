// The in-memory MCP round trip, each server in a fresh process of its own, rounds alternating: our server against
// the bare SDK v2 McpServer doing the same work per call (a permission check and two pass-through async middlewares
// around the tool: bareMcpServer.ts), each with the SDK v2's Client over InMemoryTransport, in both protocol eras:
// 2025-11-25 (a hand-wired connection: createMcpServer against McpServer.connect) and 2026-07-28 (serveStdio's
// entry over the in-memory pair, against the SDK's own serveStdio of the bare server). In one process the two share the SDK's code (Protocol, zod, the transport), so each
// makes the other's call sites megamorphic, and the ratio moves with what ran before.
import 'reflect-metadata';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { serveStdio as sdkServeStdio } from '@modelcontextprotocol/server/stdio';
import { Container } from 'inversify';
import { PermissionSet, ToolRegistry, toolset, toolsModule } from 'hermes-tools';
import { createMcpServer, serveStdio } from 'hermes-tools/mcp';
import { alternateProcessReadings, type Reading, readCalls } from './alternateProcesses.js';
import { bareMcpServer } from './bareMcpServer.js';
import { First, RefRead, Second, VALID } from './fixtures.js';
import { median } from './measure.js';

type Side = 'ours' | 'bare' | 'ours-2026' | 'bare-2026';
const SIDES: readonly Side[] = ['ours', 'bare', 'ours-2026', 'bare-2026'];

const WARM_UP = 20_000;
/** Rounds in each process: a round is a batch of about a thousand calls, which one GC can move. */
const PER_PROCESS = 9;

export interface McpInMemory {
  /** Median wall-clock nanoseconds per round trip of each server, over the rounds: 2025-11-25. */
  readonly ours: number;
  readonly bare: number;
  /** The same, 2026-07-28. */
  readonly 'ours-2026': number;
  readonly 'bare-2026': number;
  /**
   * Median CPU nanoseconds per round trip of each side's process (client and server, all threads), what the targets
   * read: on a shared host a process that waits for a core does no work (see `readCalls`).
   */
  readonly cpu: Readonly<Record<Side, number>>;
  readonly rounds: number;
}

/** Round trips per round in a measuring process: about 40-150 ms. */
const BATCH = 1_000;

async function oursRegistry(): Promise<ToolRegistry> {
  const container = new Container();
  await container.load(
    toolsModule({ interceptors: [First, Second] }),
    toolset({ name: 'ref', tools: [RefRead], granted: PermissionSet.none().grant('fs:read') }),
  );
  return container.get(ToolRegistry);
}

/** A client connected to one side's server, in its era. */
async function connect(side: Side): Promise<Client> {
  const modern = side.endsWith('-2026');
  const client = new Client(
    { name: 'bench', version: '1.0.0' },
    modern ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
  );
  const [c, s] = InMemoryTransport.createLinkedPair();
  const options = { name: 'ours', version: '1.0.0', listChangedIntervalMs: 0 };
  if (side === 'ours') await createMcpServer(await oursRegistry(), options).connect(s);
  else if (side === 'bare') await bareMcpServer().connect(s);
  else if (side === 'ours-2026') await serveStdio(await oursRegistry(), options, s);
  else sdkServeStdio(() => bareMcpServer(), { transport: s });
  await client.connect(c);
  return client;
}

/** One server's medians per round trip, wall clock and CPU time, measured in this process. */
async function measureSide(side: Side, rounds: number): Promise<Reading> {
  const client = await connect(side);
  const run = () => client.callTool({ name: 'ref.read', arguments: VALID });
  // Checks one answer first: both servers must do the call, not fail it.
  const answer = (await run()) as { content?: { text?: string }[]; isError?: boolean };
  if (answer.isError === true || answer.content?.[0]?.text !== String(VALID.path.length + VALID.maxBytes))
    throw new Error(`${side}: unexpected answer ${JSON.stringify(answer)}`);
  // Warmed up well past `measure`'s own calibration: a round trip takes tens of microseconds, so its 40 ms batches are
  // a thousand calls, too few for the JIT to settle.
  for (let i = 0; i < WARM_UP; i++) await run();
  return readCalls(run, rounds, BATCH);
}

export async function mcpInMemory(rounds: number, log: (line: string) => void): Promise<McpInMemory> {
  const readings = await alternateProcessReadings(fileURLToPath(import.meta.url), SIDES, rounds, log, PER_PROCESS);
  const wall = (side: Side): number => median(readings[side].map((reading) => reading.ns));
  const cpu = (side: Side): number => median(readings[side].map((reading) => reading.cpuNs ?? reading.ns));
  return {
    ours: wall('ours'),
    bare: wall('bare'),
    'ours-2026': wall('ours-2026'),
    'bare-2026': wall('bare-2026'),
    cpu: { ours: cpu('ours'), bare: cpu('bare'), 'ours-2026': cpu('ours-2026'), 'bare-2026': cpu('bare-2026') },
    rounds,
  };
}

// A measuring process: `node build/bench/mcpInMemory.js ours|bare|ours-2026|bare-2026 [rounds]` prints {"ns": …, "cpuNs": …}.
// Run alone without a side: `node build/bench/mcpInMemory.js [rounds]` prints both medians.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [first, second] = process.argv.slice(2);
  if ((SIDES as readonly (string | undefined)[]).includes(first)) {
    process.stdout.write(`${JSON.stringify(await measureSide(first as Side, Number(second ?? 3)))}\n`);
    // The client and server hold the event loop open.
    process.exit(0);
  } else {
    const result = await mcpInMemory(Number(first ?? 5), (line) => process.stderr.write(`${line}\n`));
    process.stdout.write(`${JSON.stringify(result)}\n`);
  }
}
