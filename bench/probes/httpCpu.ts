/**
 * The HTTP case's servers by their CPU time per request: `node build/bench/probes/httpCpu.js <rounds> <seconds>
 * <root>:<side> ...`, where each root holds `build/` and `dist/` (`npm run build && npm run compile`) and <side> is one
 * of `ours`, `bare`, `ours-session`, `bare-session` (2025-11-25 requests, as bench/httpThroughput.ts sends them). Each
 * process is warmed (2,000 calls), then loaded by autocannon (10 connections) for <seconds>; the order reverses every
 * round. Prints each process's requests per second and CPU µs per request, then each side's median and lowest. With
 * PROF_OUT=<dir>, each process also writes a CPU profile of its load to <dir>.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { median } from '../measure.js';

const PRELOAD = fileURLToPath(new URL('./cpuOnSignal.js', import.meta.url));
const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const BODY = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'ref.read', arguments: { path: 'src/index.ts', maxBytes: 4096, encoding: 'utf8' } },
});

async function post(url: string, headers: Record<string, string>, body: unknown): Promise<Response> {
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  await response.text();
  return response;
}

/** One process of `side` from `root`, loaded for `seconds`: its requests per second and CPU µs per request. */
async function measure(
  root: string,
  side: string,
  seconds: number,
  profile: string | undefined,
): Promise<{ rate: number; cpu: number }> {
  const env = { ...process.env, ...(profile === undefined ? {} : { PROF_OUT: profile }) };
  const server = path.join(root, 'build/bench/httpServer.js');
  const child = spawn(process.execPath, ['--import', PRELOAD, server, side], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let told = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    told += chunk.toString('utf8');
  });
  try {
    const [line] = (await once(child.stdout!, 'data')) as [Buffer];
    const url = line.toString('utf8').trim();
    let headers: Record<string, string> = HEADERS;
    if (side.endsWith('-session')) {
      const init = await post(url, HEADERS, {
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'probe', version: '1.0.0' } },
      });
      headers = {
        ...HEADERS,
        'mcp-session-id': init.headers.get('mcp-session-id') ?? '',
        'mcp-protocol-version': '2025-11-25',
      };
      await post(url, headers, { jsonrpc: '2.0', method: 'notifications/initialized' });
    }
    const load = { url, connections: 10, method: 'POST' as const, headers, body: BODY };
    await autocannon({ ...load, amount: 2000 });
    child.kill('SIGUSR2');
    while (!told.includes('START')) await new Promise((resolve) => setTimeout(resolve, 10));
    const result = await autocannon({ ...load, duration: seconds });
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${side}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    const exited = once(child, 'exit');
    child.kill('SIGINT');
    await exited;
    const cpu = /CPU (\d+)/.exec(told);
    if (cpu === null) throw new Error(`${side}: the server did not report its CPU time: ${told.slice(0, 300)}`);
    return { rate: result.requests.average, cpu: Number(cpu[1]) / result.requests.total };
  } finally {
    if (child.exitCode === null) child.kill();
  }
}

const [roundsText = '5', secondsText = '4', ...cases] = process.argv.slice(2);
if (cases.length === 0) throw new Error('httpCpu: give rounds, seconds and at least one <root>:<side>');
const profiles = process.env.PROF_OUT;
const cpus = new Map<string, number[]>(cases.map((c) => [c, []]));
for (let round = 0; round < Number(roundsText); round++) {
  for (const c of round % 2 === 0 ? cases : [...cases].reverse()) {
    const at = c.lastIndexOf(':');
    const [root, side] = [c.slice(0, at), c.slice(at + 1)];
    const out =
      profiles === undefined ? undefined : path.join(profiles, `${path.basename(root)}-${side}-${round}.cpuprofile`);
    const { rate, cpu } = await measure(root, side, Number(secondsText), out);
    cpus.get(c)!.push(cpu);
    process.stdout.write(`${c}: ${rate.toFixed(0)} req/s, ${cpu.toFixed(1)} µs CPU per request\n`);
  }
}
for (const [c, values] of cpus)
  process.stdout.write(
    `${c}: median ${median(values).toFixed(1)} µs, lowest ${Math.min(...values).toFixed(1)} µs CPU per request\n`,
  );
