// `npm run conformance`: serves samples/conformance with the CLI over Streamable HTTP on loopback,
// runs the official MCP conformance suite's server scenarios (all of them, pending ones included)
// against it, keeps the suite's own results in reports/conformance/ and prints the pass count last.
// Exits non-zero when a scenario fails that baseline.yml does not list, or passes one that it does.
// The suite needs Node 22 or later: the Node running this is used if it is one, else Node 22 from
// npm's `node` package in $HERMES_NODE_CACHE (as .ci/run does for the version matrix).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const reports = path.join(root, 'reports/conformance');
const suite = path.join(here, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

if (!existsSync(suite)) {
  execFileSync(npm, ['ci', '--prefix', here, '--no-audit', '--no-fund', '--loglevel=error'], { stdio: 'inherit' });
}
const node = nodeForSuite();
const server = spawn(
  process.execPath,
  ['dist/src/cli/main.js', '--module', 'dist/samples/conformance/server.js', 'serve', '--http', '0', '--sse-polling', '200'],
  { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
);
try {
  const url = await endpointOf(server);
  rmSync(reports, { recursive: true, force: true });
  mkdirSync(reports, { recursive: true });
  const args = [suite, 'server', '--url', url, '--suite', 'all', '--expected-failures', path.join(here, 'baseline.yml')];
  const run = spawn(node, [...args, '-o', reports], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  const log = [];
  run.stdout.on('data', (chunk) => log.push(chunk));
  const code = await new Promise((resolve, reject) => {
    run.once('error', reject);
    run.once('exit', (exitCode, signal) => resolve(exitCode ?? signal));
  });
  const output = Buffer.concat(log).toString('utf8');
  writeFileSync(path.join(reports, 'suite-output.txt'), output);
  process.stdout.write(output);
  const checks = readdirSync(reports, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => JSON.parse(readFileSync(path.join(reports, entry.name, 'checks.json'), 'utf8')));
  const passed = checks.filter((check) => check.status === 'SUCCESS').length;
  const verdict = code === 0 ? 'as the baseline expects' : 'NOT as the baseline expects: see above';
  console.log(`conformance: ${passed} of ${checks.length} checks passed, ${verdict} (results in reports/conformance/)`);
  process.exitCode = code === 0 ? 0 : 1;
} finally {
  server.kill();
}

/** The path of a Node ≥ 22 to run the suite with. */
function nodeForSuite() {
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath;
  const prefix = path.join(process.env.HERMES_NODE_CACHE ?? path.join(homedir(), '.cache/hermes-node'), '22');
  const binary = path.join(prefix, 'node_modules/.bin/node');
  if (!existsSync(binary)) {
    mkdirSync(prefix, { recursive: true });
    if (!existsSync(path.join(prefix, 'package.json'))) writeFileSync(path.join(prefix, 'package.json'), '{ "private": true }\n');
    execFileSync(npm, ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--no-save', '--loglevel=error', 'node@22'], {
      stdio: 'inherit',
    });
  }
  return binary;
}

/** The URL the CLI prints once it listens; rejects if the server exits first. */
function endpointOf(child) {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      const found = /MCP endpoint: (\S+)/.exec(line);
      if (found) resolve(found[1]);
    });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      reject(new Error(`conformance: the CLI server exited (${code ?? signal}) before it listened; see its output above`)),
    );
  });
}
