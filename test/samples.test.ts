import { execFile } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ToolRegistry } from 'hermes-tools';
import { createSampleContainer } from '../samples/createSampleContainer.js';
import { runKernelLoop } from '../samples/runKernelLoop.js';

let workspace: string;

beforeEach(async () => {
  workspace = await mkdtemp(path.join(tmpdir(), 'hermes-tools-test-'));
  await mkdir(path.join(workspace, 'notes'));
  await writeFile(path.join(workspace, 'notes', 'todo.md'), '- one\n');
  delete process.env.WEATHER_API_KEY;
});

afterEach(async () => {
  await rm(workspace, { recursive: true, force: true });
  delete process.env.WEATHER_API_KEY;
});

describe('the sample kernel loop (npm start)', () => {
  it('meets every kind of outcome: success, invalid input with all issues, denial, unknown tool, unavailable, two callers, an approval', async () => {
    const lines: string[] = [];
    const outcomes = await runKernelLoop(workspace, (line) => lines.push(line));
    expect(outcomes.map((o) => (o.ok ? 'ok' : o.error.code))).toEqual([
      'ok',
      'ok',
      'invalid_input',
      'ok',
      'permission_denied',
      'ok',
      'tool_not_found',
      'tool_unavailable',
      'ok',
      'permission_denied',
      'ok',
    ]);
    expect(lines).toContain('    guest sees: fs.read, fs.list, jobs.run_checks, results.read');
    expect(lines.some((l) => /^ {4}alice sees: .*git\.reset/.test(l))).toBe(true);
    expect(lines).toContain('    git.reset {} for alice: approved');
    const trail = (await readFile(path.join(workspace, 'audit.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { outcome: string });
    expect(trail.map((r) => r.outcome)).toEqual(outcomes.map((o) => (o.ok ? 'ok' : o.error.code)));
    const invalid = outcomes[2]!;
    expect(invalid.ok === false && invalid.error.issues?.map((i) => i.path)).toEqual([
      'coupon',
      'customer.name',
      'customer.email',
      'lines[0].quantity',
      'shipping',
    ]);
    expect(lines.join('\n')).toContain('The catalogue the model is shown:');
    expect(await readFile(path.join(workspace, 'notes', 'todo.md'), 'utf8')).toBe('- one\n');
  });
});

describe('the sample filesystem toolset', () => {
  it('cannot leave its sandbox', async () => {
    const registry = (await createSampleContainer(workspace)).get(ToolRegistry);
    expect(await registry.dispatch('fs.read', { path: '../../etc/passwd' })).toMatchObject({
      ok: false,
      error: { code: 'execution_failed' },
    });
    expect(await registry.dispatch('fs.read', { path: '/etc/passwd' })).toMatchObject({
      ok: false,
      error: { code: 'execution_failed' },
    });
  });

  it('reports a path that fails relative to its sandbox, never as the absolute host path', async () => {
    const registry = (await createSampleContainer(workspace)).get(ToolRegistry);
    const missing = await registry.dispatch('fs.read', { path: 'notes/missing.md' });
    expect(missing).toMatchObject({
      ok: false,
      error: { code: 'execution_failed', message: 'fs.read failed: notes/missing.md does not exist' },
    });
    const folder = await registry.dispatch('fs.read', { path: 'notes' });
    expect(folder).toMatchObject({ ok: false, error: { message: 'fs.read failed: notes is a folder, not a file' } });
    const noFolder = await registry.dispatch('fs.list', { path: 'drafts' });
    expect(noFolder).toMatchObject({ ok: false, error: { message: 'fs.list failed: drafts does not exist' } });
    for (const outcome of [missing, folder, noFolder]) expect(JSON.stringify(outcome)).not.toContain(workspace);
  });
});

describe('the README quickstart', () => {
  it('runs as pasted', async () => {
    const logs: unknown[] = [];
    const original = console.log;
    console.log = (...args: unknown[]) => void logs.push(args[0]);
    try {
      await import('../samples/quickstart.js');
    } finally {
      console.log = original;
    }
    expect(logs[1]).toMatchObject({ ok: true, value: 'buy milk' });
    expect(logs[2]).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(logs[3]).toMatchObject({ ok: false, error: { code: 'permission_denied', permission: 'notes:write' } });
  });
});

describe('npm start, as a newcomer first runs it', () => {
  const kernelLoop = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../samples/kernelLoop.js');

  it('opens with what it is about to show, lists the catalogue one line a tool, and ends with the next step', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [kernelLoop]);
    const lines = stdout.split('\n');
    expect(lines[0]).toMatch(/^hermes-tools sample: an agent loop, with a scripted model in place of an LLM/);
    const catalogue = lines.indexOf(
      'The catalogue the model is shown: 10 tools, each with a description and a JSON Schema of its arguments.',
    );
    expect(catalogue).toBeGreaterThan(0);
    expect(lines.slice(catalogue + 2, catalogue + 4)).toEqual([
      '    fs.read          Read a UTF-8 text file from the workspace. (needs fs:read)',
      '    fs.list          List a folder of the workspace; folders end with "/". (needs fs:read)',
    ]);
    expect(stdout).not.toContain('"type":"object"');
    expect(stdout.trimEnd().split('\n').slice(-4)).toEqual([
      'Next:',
      '    samples/runKernelLoop.ts   this loop; samples/filesystem, orders and git hold the tools it called',
      '    README.md, Quickstart      declare a tool of your own, then call it',
      '    npm run cli -- list        the same tools from the command line (then call, schema, serve: see --help)',
    ]);
  });

  it('shows each JSON Schema in the catalogue with --schemas', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [kernelLoop, '--schemas']);
    expect(stdout).toContain('        arguments: {"type":"object","properties":{"path":{"type":"string","minLength":1');
  });
});
