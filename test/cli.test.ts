import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sampleWorkspace } from './support/sampleWorkspace.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const CLI = path.resolve(here, '../../dist/src/cli/main.js');
const FIXTURES = path.resolve(here, '../../dist/test/fixtures');
/** The samples' module, as `npm run cli` passes it: the package does not ship them. */
const SAMPLES = path.resolve(here, '../../dist/samples/cliSamples.js');

let sample: Awaited<ReturnType<typeof sampleWorkspace>>;
beforeAll(async () => {
  sample = await sampleWorkspace();
});
afterAll(() => sample.dispose());

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return cliWithEnv({}, ...args);
}

/** The CLI on the samples. */
async function samples(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return cli('--module', SAMPLES, ...args);
}

async function cliWithEnv(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [CLI, ...args], {
      env: { ...process.env, HERMES_WORKSPACE: sample.workspace, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('the hermes-tools CLI', () => {
  it('lists the tools of the module given', async () => {
    const { code, stdout } = await samples('list');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^fs\.read\s+Read a UTF-8 text file from the workspace\.$/m);
    expect(stdout).not.toContain('weather.current');
  });

  it('ends quietly, with code 0, when its reader has closed the pipe (`hermes-tools schema | head -1`)', async () => {
    const child = spawn(process.execPath, [CLI, '--module', SAMPLES, 'schema'], {
      env: { ...process.env, HERMES_WORKSPACE: sample.workspace },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    // The reader goes away before the command has written (it is still starting), as head does once it has its lines:
    // every write then meets a closed pipe.
    child.stdout.destroy();
    const [code] = (await once(child, 'close')) as [number | null];
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  it('prints schemas in every format, with the conversion report on stderr', async () => {
    const json = await samples('schema');
    expect(JSON.parse(json.stdout)[0]).toMatchObject({ name: 'fs.read', inputSchema: { type: 'object' } });
    const openai = await samples('schema', '--format', 'openai');
    expect(JSON.parse(openai.stdout)[0]).toMatchObject({
      type: 'function',
      function: { name: 'fs_read', strict: true },
    });
    expect(openai.stderr).toContain('fs.read: name "fs.read" sent as "fs_read"');
    const mcp = await samples('schema', '--format', 'mcp');
    expect(JSON.parse(mcp.stdout).tools[0]).toMatchObject({ name: 'fs.read', annotations: { readOnlyHint: true } });
    for (const format of ['anthropic', 'gemini']) expect((await samples('schema', '-f', format)).code).toBe(0);
  });

  it('calls a tool and prints the outcome; an error outcome exits with 1', async () => {
    const ok = await samples('call', 'fs.read', '{"path":"notes/todo.md"}');
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ ok: true, tool: 'fs.read', value: '- one\n' });
    const denied = await samples('call', 'fs.write', '{"path":"a.md","content":"x"}');
    expect(denied.code).toBe(1);
    expect(JSON.parse(denied.stdout)).toMatchObject({ ok: false, error: { code: 'permission_denied' } });
  });

  it('loads a module given with --module', async () => {
    const { code, stdout } = await cli(
      '--module',
      path.join(FIXTURES, 'cliModule.js'),
      'call',
      'math.add',
      '{"a":2,"b":3}',
    );
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ ok: true, value: 5 });
  });

  it('prints a result with content parts as they are, binary parts in base64; a question asks no one', async () => {
    const module = path.join(FIXTURES, 'cliModule.js');
    const plotted = await cli('--module', module, 'call', 'math.plot', '{"n":7}');
    expect(plotted.code).toBe(0);
    expect(JSON.parse(plotted.stdout)).toMatchObject({
      ok: true,
      content: [
        { type: 'image', mimeType: 'image/png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 7]).toString('base64') },
        { type: 'text', text: 'n = 7' },
      ],
    });
    const asked = await cli('--module', module, 'call', 'math.pick', '{}');
    expect(asked.code).toBe(1);
    const outcome = JSON.parse(asked.stdout);
    expect(outcome).toMatchObject({ ok: false, error: { code: 'not_answered', reason: 'cannot_ask' } });
    expect(outcome.error.message).toContain('asked "Which number?"');
  });

  it('reads a resource and gets a prompt, printing the outcome as JSON; an unknown one exits with 1', async () => {
    const module = path.join(FIXTURES, 'cliModule.js');
    const read = await cli('--module', module, 'read', 'notes://today');
    expect(read.code).toBe(0);
    expect(JSON.parse(read.stdout)).toEqual({
      ok: true,
      uri: 'notes://today',
      contents: [{ uri: 'notes://today', mimeType: 'text/plain', text: 'buy milk' }],
    });
    const prompt = await cli('--module', module, 'prompt', 'math.explain', '{"sum":"2+3"}');
    expect(JSON.parse(prompt.stdout)).toMatchObject({
      ok: true,
      messages: [{ role: 'user', content: { type: 'text', text: 'Explain 2+3 step by step.' } }],
    });
    const missing = await cli('--module', module, 'read', 'notes://tomorrow');
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.stdout)).toMatchObject({ ok: false, error: { code: 'resource_not_found' } });
  });

  it('validates alike on a host that forbids generated code (node --disallow-code-generation-from-strings), through the closures', async () => {
    const outcome = async (flags: string[], json: string): Promise<unknown> => {
      const run = await promisify(execFile)(process.execPath, [
        ...flags,
        CLI,
        '--module',
        path.join(FIXTURES, 'cliModule.js'),
        'call',
        'math.add',
        json,
      ]).catch((error: { stdout: string }) => error);
      const { callId: _, ...rest } = JSON.parse(run.stdout) as { callId: string };
      return rest;
    };
    for (const json of ['{"a":2,"b":3}', '{"a":1,"b":"x","c":3}', '{"b":null}', '[]']) {
      const forbidden = await outcome(['--disallow-code-generation-from-strings'], json);
      expect(forbidden).toEqual(await outcome([], json));
      expect(forbidden).toHaveProperty('ok', json === '{"a":2,"b":3}');
    }
  });

  describe('call, on a tool that never settles', () => {
    const module = (): string => path.join(FIXTURES, 'neverSettles.js');

    it('exits with 1 and one line saying so, with what to do, when nothing is left to wait for', async () => {
      const { code, stdout, stderr } = await cli('--module', module(), 'call', 'hang.forever');
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr.trim().split('\n')).toHaveLength(1);
      expect(stderr).toMatch(/^hermes-tools: the call to hang\.forever did not settle: .*--timeout <ms>/);
    });

    it('with --timeout, prints the timeout outcome and exits with 1', async () => {
      const { code, stdout } = await cli('--module', module(), 'call', 'hang.forever', '--timeout', '20');
      expect(code).toBe(1);
      expect(JSON.parse(stdout)).toMatchObject({ ok: false, tool: 'hang.forever', error: { code: 'timeout' } });
    });

    it('documents --timeout in call --help', async () => {
      const { stdout } = await cli('call', '--help');
      expect(stdout).toContain('--timeout <ms>');
    });
  });

  it('redacts secrets from what it prints on stderr, such as a module load error that quotes one', async () => {
    const secret = 'pw-4f9c2e1a-very-secret';
    const { code, stderr } = await cliWithEnv(
      { HERMES_FIXTURE_DB_PASSWORD: secret },
      '--module',
      path.join(FIXTURES, 'failsToLoad.js'),
      'list',
    );
    expect(code).toBe(2);
    expect(stderr).toMatch(
      /^hermes-tools: cannot load the module .*failsToLoad\.js: cannot connect to the database with \[redacted\]$/m,
    );
    expect(stderr).not.toContain(secret);
  });

  it('has --help on every command', async () => {
    const top = await cli('--help');
    expect(top.code).toBe(0);
    for (const command of ['list', 'schema', 'call', 'serve']) expect(top.stdout).toContain(command);
    for (const command of ['list', 'schema', 'call', 'serve']) {
      const { code, stdout } = await cli(command, '--help');
      expect([command, code]).toEqual([command, 0]);
      expect(stdout).toContain(`Usage: hermes-tools --module <file> ${command}`);
    }
  });

  it('keeps names and descriptions in separate columns in --help: aligned, wrapped within 80 characters', async () => {
    for (const args of [
      ['--help'],
      ...['list', 'schema', 'call', 'serve', 'worker', 'typegen'].map((command) => [command, '--help']),
    ]) {
      const { stdout } = await cli(...args);
      const lines = stdout.trimEnd().split('\n');
      expect(lines.filter((line) => line.length > 80)).toEqual([]);
      // Each section's rows: a name indented by two, then its description at the column all rows of the section share.
      for (const header of ['Commands:', 'Options:']) {
        const start = lines.indexOf(header);
        if (start === -1) continue;
        const rows = lines.slice(start + 1, lines.indexOf('', start) === -1 ? undefined : lines.indexOf('', start));
        const column = /^ {2}\S+(?: \S+)* {2,}/.exec(rows[0]!)![0].length;
        for (const row of rows)
          expect([args, row, row.length > column && row[column - 1] === ' ' && row[column] !== ' ']).toEqual([
            args,
            row,
            true,
          ]);
        for (const row of rows)
          expect([args, row, /^ {2}\S/.test(row) || row.startsWith(' '.repeat(column))]).toEqual([args, row, true]);
      }
    }
    expect((await cli('--help')).stdout).toContain('\n  schema   The tool definitions as JSON');
    expect((await cli('--help')).stdout).toContain('\n  typegen  Reads the tools');
    expect((await cli('call', '--help')).stdout).toContain(
      '\n  --timeout, -t <ms>   end the call with a timeout outcome',
    );
  });

  it.each([
    [['list', '--bogus'], /^hermes-tools: Unknown option '--bogus'/],
    [['frobnicate'], /^hermes-tools: unknown command "frobnicate"/],
    [
      ['list'],
      /^hermes-tools: list needs --module <file>: pass a JavaScript module that exports a registry or a container/,
    ],
    [['schema'], /^hermes-tools: schema needs --module <file>/],
    [['call', 'fs.read'], /^hermes-tools: call needs --module <file>/],
    [['serve', '--stdio'], /^hermes-tools: serve needs --module <file>/],
    [['--module', 'missing.js', 'list'], /^hermes-tools: cannot read the module missing\.js: no such file/],
    [['--module', path.join(FIXTURES, 'noRegistry.js'), 'list'], /exports no registry/],
    [
      ['--module', path.join(FIXTURES, 'neverLoads.js'), 'list'],
      /^hermes-tools: the module .*neverLoads\.js never finished giving its registry/,
    ],
    [['--module', path.join(here, '../../test/fixtures/cliModule.ts'), 'list'], /compile it to JavaScript first/],
    [['--module', SAMPLES, 'call', 'fs.read', '{path'], /^hermes-tools: the arguments are not valid JSON/],
    [['--module', SAMPLES, 'call'], /^hermes-tools: usage: hermes-tools call <name>/],
    [['--module', SAMPLES, 'schema', '--format', 'yaml'], /^hermes-tools: unknown --format "yaml"/],
    [['--module', SAMPLES, 'serve'], /^hermes-tools: serve needs exactly one of --stdio or --http <port>/],
    [['serve', '--stdio', '--remote', 'x='], /^hermes-tools: --remote needs <name>=<command line> or <name>=<url>/],
    [
      ['serve', '--stdio', '--remote', 'bad name=node x.js'],
      /^hermes-tools: --remote needs <name>=<command line> or <name>=<url>/,
    ],
    [
      ['--module', path.join(FIXTURES, 'builtRegistry.js'), 'serve', '--stdio', '--remote', 'a=node x.js'],
      /^hermes-tools: .*builtRegistry\.js \(export "registry"\) is a built ToolRegistry, to which --remote cannot add toolsets: export the container/,
    ],
    [
      ['serve', '--stdio', '--remote', 'a=node x.js', '--remote', 'a=node y.js'],
      /^hermes-tools: --remote a is given twice/,
    ],
    [['--module', SAMPLES, 'serve', '--http', 'eighty'], /^hermes-tools: --http needs a port number/],
    [
      ['--module', SAMPLES, 'call', 'fs.read', '--timeout', 'soon'],
      /^hermes-tools: --timeout needs a whole number of milliseconds from 1 to 2147483647, got "soon"/,
    ],
    [['--module', SAMPLES, 'call', 'fs.read', '--timeout', '0'], /^hermes-tools: --timeout needs a whole number/],
    [['--module', SAMPLES, 'call', 'fs.read', '--timeout', '1.5'], /^hermes-tools: --timeout needs a whole number/],
    [
      ['--module', SAMPLES, 'call', 'fs.read', '--timeout', '2147483648'],
      /^hermes-tools: --timeout needs a whole number/,
    ],
    [
      ['--module', SAMPLES, 'call', 'fs.read', '--timeout'],
      /^hermes-tools: Option '-t, --timeout <value>' argument missing/,
    ],
  ])('%j gives one clear line and exit code 2', async (args, message) => {
    const { code, stdout, stderr } = await cli(...(args as string[]));
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(message);
  });
});

/**
 * The CLI as a child process, what it has written to stdout so far, and its exit code once it has exited and its output
 * closed (waited on, not timed).
 */
function start(...args: string[]): { child: ChildProcess; stdout: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { ...process.env, HERMES_WORKSPACE: sample.workspace },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let stdout = '';
  child.stdout!.on('data', (chunk: Buffer) => void (stdout += chunk.toString()));
  return { child, stdout: () => stdout, exited: once(child, 'close').then(([code]) => code as number | null) };
}

describe('the CLI exits once it has its outcome, whatever a tool left running', () => {
  const module = (): string => path.join(FIXTURES, 'holdsTimer.js');

  it('call --timeout on a tool that holds a 60 s timer and ignores its signal: prints the timeout outcome and exits with 1', async () => {
    const cli = start('--module', module(), 'call', 'hold.timer', '--timeout', '300');
    try {
      // Jest's own timeout is far below the tool's 60 s: the test fails if the timer keeps the process alive.
      expect(await cli.exited).toBe(1);
      expect(JSON.parse(cli.stdout())).toMatchObject({ ok: false, tool: 'hold.timer', error: { code: 'timeout' } });
    } finally {
      cli.child.kill('SIGKILL');
    }
  });
});

describe('hermes-tools serve --http, refusals', () => {
  it('names what is wrong with --token-env, never the token', async () => {
    const missing = await samples('serve', '--http', '0', '--token-env', 'NO_SUCH_TOKEN_VAR');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('NO_SUCH_TOKEN_VAR is not set');
    const short = await cliWithEnv(
      { SHORT_TOKEN: 'abc12345' },
      '--module',
      SAMPLES,
      'serve',
      '--http',
      '0',
      '--token-env',
      'SHORT_TOKEN',
    );
    expect(short.code).toBe(2);
    expect(short.stderr).toContain('shorter than 16 characters');
    expect(short.stderr).not.toContain('abc12345');
  });

  it('refuses a non-loopback --host without a token or --allow-unauthenticated', async () => {
    const open = await samples('serve', '--http', '0', '--host', '0.0.0.0');
    expect(open.code).toBe(2);
    expect(open.stderr).toContain('--token-env');
    expect(open.stderr).toContain('--allow-unauthenticated');
    const stdio = await samples('serve', '--stdio', '--stateless');
    expect(stdio.code).toBe(2);
    expect(stdio.stderr).toContain('--stateless applies to --http only');
  });
});
