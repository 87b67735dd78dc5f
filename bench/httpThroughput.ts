// Streamable HTTP throughput: `tools/call` requests per second against our stateless server and
// the bare SDK McpServer, each in its own process, driven by autocannon from this one on loopback
// at a fixed concurrency, in both eras: a 2025-11-25 request (no session) and a 2026-07-28 one (its `_meta` envelope
// and Mcp-Method/Mcp-Name headers). Rounds alternate between the sides, so drift in the machine's load falls on all.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { median } from './measure.js';

const SERVER = fileURLToPath(new URL('./httpServer.js', import.meta.url));
const ARGUMENTS = { path: 'src/index.ts', maxBytes: 4096, encoding: 'utf8' };
const LEGACY = {
  headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
  body: JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'ref.read', arguments: ARGUMENTS },
  }),
};
const MODERN = {
  headers: {
    ...LEGACY.headers,
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': 'tools/call',
    'mcp-name': 'ref.read',
  },
  body: JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: {
      name: 'ref.read',
      arguments: ARGUMENTS,
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1.0.0' },
        'io.modelcontextprotocol/clientCapabilities': {},
      },
    },
  }),
};

/** A side of the comparison: which server process, which era's request it gets, and whether it opens a session. */
type Side = 'ours' | 'bare' | 'ours-2026' | 'bare-2026' | 'ours-session' | 'bare-session';
const SIDES: Record<Side, { server: string; request: typeof LEGACY; session?: true }> = {
  ours: { server: 'ours', request: LEGACY },
  bare: { server: 'bare', request: LEGACY },
  'ours-2026': { server: 'ours', request: MODERN },
  'bare-2026': { server: 'bare-2026', request: MODERN },
  'ours-session': { server: 'ours-session', request: LEGACY, session: true },
  'bare-session': { server: 'bare-session', request: LEGACY, session: true },
};

/**
 * Opens a 2025-11-25 session (initialize, then notifications/initialized) and returns the headers every request of
 * the load carries: all connections share the one session, as one agent's concurrent calls do.
 */
async function openSession(url: string): Promise<Record<string, string>> {
  const initialize = await fetch(url, {
    method: 'POST',
    headers: LEGACY.headers,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1.0.0' } },
    }),
  });
  const session = initialize.headers.get('mcp-session-id');
  await initialize.text();
  if (!initialize.ok || session === null) throw new Error(`initialize: ${initialize.status}, no session id`);
  const headers = { ...LEGACY.headers, 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' };
  const initialized = await fetch(url, {
    method: 'POST',
    headers,
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  });
  await initialized.text();
  if (!initialized.ok) throw new Error(`notifications/initialized: ${initialized.status}`);
  return headers;
}

export interface Throughput extends Readonly<Record<Side, number>> {
  /** Each side's lowest and highest rate over the rounds. */
  readonly spread: Record<Side, readonly [number, number]>;
  readonly connections: number;
  readonly seconds: number;
}

async function requestsPerSecond(which: Side, connections: number, seconds: number): Promise<number> {
  const { server, request: given, session } = SIDES[which];
  const child = spawn(process.execPath, [SERVER, server], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const [line] = (await once(child.stdout!, 'data')) as [Buffer];
    const url = line.toString('utf8').trim();
    const request = session ? { headers: await openSession(url), body: given.body } : given;
    // Checks one answer first: a benchmark of error responses would measure nothing.
    const probe = await fetch(url, { method: 'POST', headers: request.headers, body: request.body });
    const text = await probe.text();
    if (!probe.ok || !text.includes('"result"') || text.includes('"isError":true'))
      throw new Error(`${which}: tools/call did not succeed: ${probe.status} ${text.slice(0, 300)}`);
    const result = await autocannon({
      url,
      connections,
      duration: seconds,
      method: 'POST',
      headers: request.headers,
      body: request.body,
    });
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${which}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
    return result.requests.average;
  } finally {
    child.kill();
    if (child.exitCode === null) await once(child, 'exit');
  }
}

export async function httpThroughput(
  rounds: number,
  seconds: number,
  connections: number,
  log: (line: string) => void,
): Promise<Throughput> {
  const rates: Record<Side, number[]> = {
    ours: [],
    bare: [],
    'ours-2026': [],
    'bare-2026': [],
    'ours-session': [],
    'bare-session': [],
  };
  const sides = Object.keys(SIDES) as Side[];
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    for (const which of order) rates[which].push(await requestsPerSecond(which, connections, seconds));
    log(
      `  round ${round + 1}/${rounds}: ${sides.map((side) => `${side} ${rates[side].at(-1)!.toFixed(0)}`).join(', ')} req/s`,
    );
  }
  return {
    ours: median(rates.ours),
    bare: median(rates.bare),
    'ours-2026': median(rates['ours-2026']),
    'bare-2026': median(rates['bare-2026']),
    'ours-session': median(rates['ours-session']),
    'bare-session': median(rates['bare-session']),
    spread: Object.fromEntries(
      sides.map((side) => [side, [Math.min(...rates[side]), Math.max(...rates[side])] as const]),
    ) as Record<Side, readonly [number, number]>,
    connections,
    seconds,
  };
}

// Run alone: `node build/bench/httpThroughput.js [rounds] [seconds]`.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await httpThroughput(Number(process.argv[2] ?? 2), Number(process.argv[3] ?? 10), 10, (line) =>
    process.stderr.write(`${line}\n`),
  );
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
