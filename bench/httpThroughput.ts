// Streamable HTTP throughput: `tools/call` requests per second against our stateless server and
// the bare SDK McpServer, each in its own process, driven by autocannon from this one on loopback
// at a fixed concurrency. Rounds alternate between the two, so drift in the machine's load falls
// on both.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { median } from './measure.js';

const SERVER = fileURLToPath(new URL('./httpServer.js', import.meta.url));
const BODY = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'ref.read', arguments: { path: 'src/index.ts', maxBytes: 4096, encoding: 'utf8' } },
});

export interface Throughput {
  readonly ours: number;
  readonly bare: number;
  readonly connections: number;
  readonly seconds: number;
}

async function requestsPerSecond(which: 'ours' | 'bare', connections: number, seconds: number): Promise<number> {
  const child = spawn(process.execPath, [SERVER, which], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const [line] = (await once(child.stdout!, 'data')) as [Buffer];
    const url = line.toString('utf8').trim();
    // Checks one answer first: a benchmark of error responses would measure nothing.
    const probe = await fetch(url, { method: 'POST', headers: HEADERS, body: BODY });
    const text = await probe.text();
    if (!probe.ok || !text.includes('"result"') || text.includes('"isError":true'))
      throw new Error(`${which}: tools/call did not succeed: ${probe.status} ${text.slice(0, 300)}`);
    const result = await autocannon({
      url,
      connections,
      duration: seconds,
      method: 'POST',
      headers: HEADERS,
      body: BODY,
    });
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${which}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
    return result.requests.average;
  } finally {
    child.kill();
    if (child.exitCode === null) await once(child, 'exit');
  }
}

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

export async function httpThroughput(
  rounds: number,
  seconds: number,
  connections: number,
  log: (line: string) => void,
): Promise<Throughput> {
  const ours: number[] = [];
  const bare: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const order: ('ours' | 'bare')[] = round % 2 === 0 ? ['ours', 'bare'] : ['bare', 'ours'];
    for (const which of order)
      (which === 'ours' ? ours : bare).push(await requestsPerSecond(which, connections, seconds));
    log(`  round ${round + 1}/${rounds}: ours ${ours.at(-1)!.toFixed(0)} req/s, bare ${bare.at(-1)!.toFixed(0)} req/s`);
  }
  return { ours: median(ours), bare: median(bare), connections, seconds };
}

// Run alone: `node build/bench/httpThroughput.js [rounds] [seconds]`.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await httpThroughput(Number(process.argv[2] ?? 2), Number(process.argv[3] ?? 10), 10, (line) =>
    process.stderr.write(`${line}\n`),
  );
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
