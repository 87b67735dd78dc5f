#!/usr/bin/env node
// The `hermes-tools` command: list, show and call a registry's tools, or serve them over MCP.
import { readFileSync } from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Container } from 'inversify';
import { silentLogger } from '../context/silentLogger.js';
import { redactSecrets } from '../errors/redactSecrets.js';
import { toolsModule } from '../di/toolsModule.js';
import { ToolError } from '../errors/ToolError.js';
import { PermissionSet } from '../permissions/PermissionSet.js';
import { ToolRegistry } from '../registry/ToolRegistry.js';
import { toMcpTool } from '../mcp/toMcpTool.js';
import { toAnthropicTools } from '../providers/toAnthropicTools.js';
import { toGeminiTools } from '../providers/toGeminiTools.js';
import { toOpenAITools } from '../providers/toOpenAITools.js';
import { CallDidNotSettleError } from './CallDidNotSettleError.js';
import { failIfStalled } from './failIfStalled.js';
import { loadRegistry } from './loadRegistry.js';
import { parseTimeout } from './parseTimeout.js';
import { HELP_WIDTH, helpColumns } from './helpColumns.js';
import { UsageError } from './UsageError.js';
import { wrapText } from './wrapText.js';

type Options = NonNullable<ParseArgsConfig['options']>;

const VERSION = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
const GLOBAL: Options = { module: { type: 'string', short: 'm' }, help: { type: 'boolean', short: 'h' } };

interface Command {
  readonly usage: string;
  readonly summary: string;
  readonly options: Options;
  /** Help for the command's own options: the option, then what it does. */
  readonly optionHelp?: readonly (readonly [option: string, description: string])[];
  readonly positionals: readonly [min: number, max: number];
  run(
    registry: () => Promise<ToolRegistry>,
    values: Record<string, string | boolean | string[] | undefined>,
    positionals: string[],
  ): Promise<number>;
}

const COMMANDS: Record<string, Command> = {
  list: {
    usage: 'list',
    summary: 'The available tools, one per line: name, then description.',
    options: {},
    positionals: [0, 0],
    async run(registry) {
      const tools = (await registry()).list();
      const width = Math.max(0, ...tools.map((t) => t.name.length));
      for (const t of tools) out(`${t.name.padEnd(width)}  ${t.description}`);
      return 0;
    },
  },
  schema: {
    usage: 'schema [--format json|openai|anthropic|gemini|mcp] [--no-strict]',
    summary: "The tool definitions as JSON, in our format or a kernel's (with its conversion report on stderr).",
    options: { format: { type: 'string', short: 'f', default: 'json' }, 'no-strict': { type: 'boolean' } },
    positionals: [0, 0],
    async run(registry, values) {
      const definitions = (await registry()).definitions();
      const format = String(values.format);
      let converted: { tools: unknown; report: { tool: string; changes: readonly string[] }[] } | undefined;
      if (format === 'json') return (out(JSON.stringify(definitions, null, 2)), 0);
      if (format === 'mcp') return (out(JSON.stringify({ tools: definitions.map(toMcpTool) }, null, 2)), 0);
      if (format === 'openai') converted = toOpenAITools(definitions, { strict: values['no-strict'] !== true });
      else if (format === 'anthropic') converted = toAnthropicTools(definitions);
      else if (format === 'gemini') converted = toGeminiTools(definitions);
      else throw new UsageError(`unknown --format "${format}"; use json, openai, anthropic, gemini or mcp`);
      for (const entry of converted.report) for (const change of entry.changes) err(`${entry.tool}: ${change}`);
      out(JSON.stringify(converted.tools, null, 2));
      return 0;
    },
  },
  call: {
    usage: "call <name> ['<json arguments>'] [--timeout <ms>]",
    summary:
      'Calls one tool through its whole pipeline and prints the outcome as JSON. Exit code 1 when the outcome is an error, or when the call never settles.',
    options: { timeout: { type: 'string', short: 't' } },
    optionHelp: [
      ['--timeout, -t <ms>', 'end the call with a timeout outcome after this many milliseconds (1 to 2147483647)'],
    ],
    positionals: [1, 2],
    async run(registry, values, [name, json]) {
      const timeoutMs = values.timeout === undefined ? undefined : parseTimeout(String(values.timeout));
      let args: unknown = {};
      if (json !== undefined) {
        try {
          args = JSON.parse(json) as unknown;
        } catch (error) {
          throw new UsageError(
            `the arguments are not valid JSON (${(error as Error).message}); quote them, e.g. '{"path":"notes/todo.md"}'`,
          );
        }
      }
      const tools = await registry();
      const outcome = await failIfStalled(
        tools.dispatch(name!, args, timeoutMs === undefined ? {} : { timeoutMs }),
        () => new CallDidNotSettleError(name!),
      );
      out(JSON.stringify(outcome, null, 2));
      return outcome.ok ? 0 : 1;
    },
  },
  read: {
    usage: 'read <uri> [--timeout <ms>]',
    summary:
      'Reads one resource (its fixed URI, or one a template matches) through its pipeline and prints the outcome as JSON, binary contents in base64. Exit code 1 when it is an error.',
    options: { timeout: { type: 'string', short: 't' } },
    optionHelp: [['--timeout, -t <ms>', 'end the read with a timeout outcome after this many milliseconds']],
    positionals: [1, 1],
    async run(registry, values, [uri]) {
      const timeoutMs = values.timeout === undefined ? undefined : parseTimeout(String(values.timeout));
      const tools = await registry();
      const outcome = await failIfStalled(
        tools.readResource(uri!, timeoutMs === undefined ? {} : { timeoutMs }),
        () => new CallDidNotSettleError(uri!),
      );
      out(JSON.stringify(outcome, null, 2));
      return outcome.ok ? 0 : 1;
    },
  },
  prompt: {
    usage: "prompt <name> ['<json arguments>'] [--timeout <ms>]",
    summary:
      'Gets one prompt’s messages for the arguments given (an object of strings) and prints the outcome as JSON. Exit code 1 when it is an error.',
    options: { timeout: { type: 'string', short: 't' } },
    optionHelp: [['--timeout, -t <ms>', 'end the get with a timeout outcome after this many milliseconds']],
    positionals: [1, 2],
    async run(registry, values, [name, json]) {
      const timeoutMs = values.timeout === undefined ? undefined : parseTimeout(String(values.timeout));
      let args: Record<string, string> = {};
      if (json !== undefined) {
        try {
          args = JSON.parse(json) as Record<string, string>;
        } catch (error) {
          throw new UsageError(
            `the arguments are not valid JSON (${(error as Error).message}); quote them, e.g. '{"diff":"+a"}'`,
          );
        }
      }
      const tools = await registry();
      const outcome = await failIfStalled(
        tools.getPrompt(name!, args, timeoutMs === undefined ? {} : { timeoutMs }),
        () => new CallDidNotSettleError(name!),
      );
      out(JSON.stringify(outcome, null, 2));
      return outcome.ok ? 0 : 1;
    },
  },
  serve: {
    usage:
      'serve --stdio | --http <port> [--host <address>] [--token-env <NAME>] [--stateless | --sse-polling <ms>] [--remote <name>=<command line or url>]…',
    summary:
      'Serves the tools over MCP: on stdin/stdout, or Streamable HTTP at http://<host>:<port>/mcp (host 127.0.0.1 by default).',
    options: {
      stdio: { type: 'boolean' },
      http: { type: 'string' },
      host: { type: 'string' },
      'token-env': { type: 'string' },
      'allow-unauthenticated': { type: 'boolean' },
      'allow-origin': { type: 'string', multiple: true },
      stateless: { type: 'boolean' },
      'sse-polling': { type: 'string' },
      remote: { type: 'string', multiple: true },
    },
    optionHelp: [
      ['--http <port>', 'Streamable HTTP on this port (0 picks a free one); or --stdio'],
      ['--host <address>', 'the interface to bind (default 127.0.0.1, this machine only)'],
      [
        '--token-env <NAME>',
        'require "Authorization: Bearer <token>", the token being the value of $NAME (16+ characters)',
      ],
      ['--allow-unauthenticated', 'serve a non-loopback --host without a token (refused otherwise)'],
      ['--allow-origin <origin>', 'let browser pages of this origin call the server (repeatable; others get 403)'],
      ['--stateless', 'keep no session, so that many replicas can sit behind one load balancer'],
      [
        '--sse-polling <ms>',
        "close a call's stream after <ms>; the client resumes it with Last-Event-ID (2025-11-25 sessions)",
      ],
      [
        '--remote <name>=<command>',
        'serve the tools of another MCP server as "<name>.<tool>", spawning <command> (repeatable);',
      ],
      [
        '--remote <name>=<url>',
        "or reaching it over Streamable HTTP: a gateway, alone or in front of --module's tools",
      ],
    ],
    positionals: [0, 0],
    async run(registry, values) {
      const stdio = values.stdio === true;
      if (stdio === (values.http !== undefined))
        throw new UsageError('serve needs exactly one of --stdio or --http <port>');
      for (const httpOnly of [
        'host',
        'token-env',
        'allow-unauthenticated',
        'allow-origin',
        'stateless',
        'sse-polling',
      ]) {
        if (stdio && values[httpOnly] !== undefined) throw new UsageError(`--${httpOnly} applies to --http only`);
      }
      // Loaded here, so the other commands work without the MCP SDK installed.
      const mcp = await import('../mcp/index.js').catch((error: unknown) => {
        throw new UsageError(
          `serve needs the MCP SDK installed: npm install @modelcontextprotocol/server @modelcontextprotocol/node @modelcontextprotocol/client (${(error as Error).message.split('\n')[0]})`,
        );
      });
      const server = { name: 'hermes-tools', version: VERSION };
      if (stdio) {
        await mcp.serveStdio(await registry(), server);
        // A gateway's spawned servers would keep this process alive once its own client has gone.
        process.stdin.once('end', () => void closeRemotes());
        return stopOnSignal(() => closeRemotes());
      }
      const port = Number(values.http);
      if (!Number.isInteger(port) || port < 0 || port > 65535)
        throw new UsageError(`--http needs a port number from 0 to 65535, got "${String(values.http)}"`);
      const pollingMs = values['sse-polling'] === undefined ? undefined : Number(values['sse-polling']);
      if (pollingMs !== undefined && !(Number.isSafeInteger(pollingMs) && pollingMs > 0))
        throw new UsageError(`--sse-polling needs a number of milliseconds, got "${String(values['sse-polling'])}"`);
      if (pollingMs !== undefined && values.stateless === true)
        throw new UsageError('--sse-polling needs sessions: leave out --stateless');
      const host = values.host === undefined ? '127.0.0.1' : String(values.host);
      const auth =
        values['token-env'] === undefined ? undefined : staticToken(mcp.staticTokenAuth, String(values['token-env']));
      if (auth === undefined && !mcp.isLoopbackHost(host) && values['allow-unauthenticated'] !== true) {
        throw new UsageError(
          `--host ${host} can be reached from other machines: pass --token-env <NAME> to require a token, or --allow-unauthenticated if the network is trusted`,
        );
      }
      const http = await mcp.serveHttp(await registry(), {
        ...server,
        port,
        host,
        ...(auth === undefined ? {} : { auth }),
        allowUnauthenticated: values['allow-unauthenticated'] === true,
        allowedOrigins: (values['allow-origin'] as string[] | undefined) ?? [],
        stateless: values.stateless === true,
        ...(pollingMs === undefined ? {} : { ssePolling: { closeAfterMs: pollingMs } }),
      });
      out(`MCP endpoint: ${http.url.href}`);
      return stopOnSignal(() => Promise.all([http.close(), closeRemotes()]));
    },
  },
  worker: {
    usage: 'worker --redis <url> --queue <name> [--concurrency <n>] [--drain-timeout <ms>]',
    summary:
      "Runs the calls queued by a queuedToolset through the module's registry, until SIGTERM or SIGINT: then it stops taking calls and lets the running ones finish.",
    options: {
      redis: { type: 'string' },
      queue: { type: 'string' },
      prefix: { type: 'string' },
      concurrency: { type: 'string' },
      'drain-timeout': { type: 'string' },
      'lock-duration': { type: 'string' },
      'stalled-interval': { type: 'string' },
    },
    optionHelp: [
      [
        '--redis <url>',
        'the Redis holding the queue: redis://[user:password@]host:port[/db] or rediss://… (default redis://127.0.0.1:6379)',
      ],
      ['--queue <name>', "the queue the agents' queuedToolset uses (required)"],
      ['--prefix <prefix>', "the prefix of the queue's Redis keys, if the agents set one (default bull)"],
      ['--concurrency <n>', 'calls run at once (default 1)'],
      [
        '--drain-timeout <ms>',
        'on SIGTERM, how long running calls may take to finish before they are aborted (default 30000)',
      ],
      [
        '--lock-duration <ms>',
        'how soon a worker that died is noticed and its calls retried or failed (default 30000)',
      ],
      ['--stalled-interval <ms>', 'how often this worker looks for the calls of workers that died (default 30000)'],
    ],
    positionals: [0, 0],
    async run(registry, values) {
      const url = values.redis === undefined ? 'redis://127.0.0.1:6379' : String(values.redis);
      if (!URL.canParse(url) || !['redis:', 'rediss:'].includes(new URL(url).protocol))
        throw new UsageError(`--redis needs a redis:// or rediss:// URL, got "${redactSecrets(url)}"`);
      if (values.queue === undefined)
        throw new UsageError(
          'worker needs --queue <name>: the name the agents give queuedToolset({ queue: { name } })',
        );
      const name = String(values.queue);
      const concurrency = values.concurrency === undefined ? 1 : Number(values.concurrency);
      if (!/^[1-9]\d{0,3}$/.test(String(values.concurrency ?? '1')))
        throw new UsageError(`--concurrency needs a whole number from 1 to 9999, got "${String(values.concurrency)}"`);
      const ms = (option: string): number | undefined =>
        values[option] === undefined ? undefined : parseTimeout(String(values[option]), `--${option}`);
      const queue = await import('../queue/index.js').catch((error: unknown) => {
        throw new UsageError(
          `worker needs bullmq and ioredis installed: npm install bullmq ioredis (${(error as Error).message.split('\n')[0]})`,
        );
      });
      const tools = await registry();
      const drainTimeoutMs = ms('drain-timeout');
      const lockDurationMs = ms('lock-duration');
      const stalledIntervalMs = ms('stalled-interval');
      const worker = await queue.toolWorker({
        registry: tools,
        queue: { connection: { url }, name, ...(values.prefix !== undefined && { prefix: String(values.prefix) }) },
        concurrency,
        ...(drainTimeoutMs !== undefined && { drainTimeoutMs }),
        ...(lockDurationMs !== undefined && { lockDurationMs }),
        ...(stalledIntervalMs !== undefined && { stalledIntervalMs }),
        shutdownSignals: [],
        logger: { ...silentLogger, error: (message, fields) => err(`${message}: ${String(fields?.error ?? '')}`) },
      });
      const stop = (signal: string): void => {
        out(`worker: ${signal}: taking no more calls, letting the running ones finish`);
        void worker.close();
      };
      process.once('SIGTERM', stop).once('SIGINT', stop);
      out(
        `worker: taking calls from queue "${name}" on ${redactSecrets(url)} (concurrency ${concurrency}, pid ${process.pid})`,
      );
      await worker.closed;
      // Whatever the module left open (a database pool, a timer) must not keep a stopped worker alive.
      await new Promise((resolve) => process.stdout.write('worker: stopped\n', resolve));
      process.exit(0);
    },
  },
};

interface RemoteSpec {
  readonly name: string;
  readonly server: { readonly command: string; readonly args: readonly string[] } | { readonly url: string };
}

/** `<name>=<url>` or `<name>=<command line>` (words split on spaces; quote a word with '…' or "…"). */
function parseRemote(spec: string): RemoteSpec {
  const at = spec.indexOf('=');
  const name = spec.slice(0, Math.max(at, 0));
  const target = spec.slice(at + 1).trim();
  if (at <= 0 || !/^[A-Za-z_][A-Za-z0-9_-]{0,63}$/.test(name) || target === '')
    throw new UsageError(
      `--remote needs <name>=<command line> or <name>=<url>, the name made of letters, digits, "_" and "-"; got "${spec}"`,
    );
  if (/^https?:\/\//i.test(target)) {
    if (!URL.canParse(target)) throw new UsageError(`--remote ${name}: "${target}" is not a valid URL`);
    return { name, server: { url: target } };
  }
  const words = [...target.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]!);
  return { name, server: { command: words[0]!, args: words.slice(1) } };
}

/** The loaded --remote toolsets, closed when the server stops. */
const remotes: { close(): Promise<void> }[] = [];

function closeRemotes(): Promise<unknown> {
  return Promise.all(remotes.splice(0).map((r) => r.close()));
}

/** The registry of a gateway alone: the --remote toolsets in a container of their own. */
async function gatewayRegistry(specs: readonly RemoteSpec[]): Promise<ToolRegistry> {
  const { Container } = await import('inversify');
  const container = new Container();
  await container.loadAsync(toolsModule());
  await loadRemotes(container, specs);
  return container.get(ToolRegistry);
}

/**
 * Loads one mcpToolset per --remote into `container` (a gateway's own, or the --module's), each granted its own
 * `<name>:call`. A remote tool whose name a local tool already has fails the registry's build, which names both.
 */
async function loadRemotes(container: Container, specs: readonly RemoteSpec[]): Promise<void> {
  const mcp = await import('../mcp/index.js').catch((error: unknown) => {
    throw new UsageError(
      `--remote needs the MCP SDK installed: npm install @modelcontextprotocol/server @modelcontextprotocol/node @modelcontextprotocol/client (${(error as Error).message.split('\n')[0]})`,
    );
  });
  const modules = specs.map((spec) =>
    mcp.mcpToolset({ name: spec.name, server: spec.server, granted: PermissionSet.none().grant(`${spec.name}:call`) }),
  );
  try {
    await container.loadAsync(...modules);
    remotes.push(...modules);
  } catch (error) {
    await Promise.all(modules.map((m) => m.close()));
    const message =
      error instanceof ToolError
        ? error.message
        : error instanceof Error
          ? error.message.split('\n')[0]
          : String(error);
    throw new UsageError(`--remote: ${message}`);
  }
}

/**
 * The static-token auth of `--token-env NAME`, or a UsageError that says what is wrong with the variable (never its
 * value).
 */
function staticToken<T>(make: (token: string) => T, name: string): T {
  const token = process.env[name];
  if (token === undefined || token === '')
    throw new UsageError(
      `--token-env ${name}: the environment variable ${name} is not set; set it to the bearer token clients must send`,
    );
  if (token.length < 16)
    throw new UsageError(
      `--token-env ${name}: the token in ${name} is shorter than 16 characters; use a long random one (openssl rand -hex 32)`,
    );
  return make(token);
}

/** How long `serve` waits for its servers to close on SIGTERM or SIGINT before it exits anyway. */
const STOP_DEADLINE_MS = 5_000;

/**
 * Never settles: on the first SIGTERM or SIGINT, `close()` runs, then the process exits with 0, or
 * with 1 and one line on stderr if closing fails or has not finished within STOP_DEADLINE_MS. A
 * second signal exits at once.
 */
function stopOnSignal(close: () => Promise<unknown>): Promise<number> {
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) process.exit(1);
    stopping = true;
    const deadline = setTimeout(() => {
      err(`${signal}: the servers did not close within ${STOP_DEADLINE_MS} ms; exiting without them`, 'hermes-tools: ');
      void exitAfterOutput(1);
    }, STOP_DEADLINE_MS);
    // The deadline alone must not keep alive a process that has nothing else left.
    deadline.unref();
    close().then(
      () => exitAfterOutput(0),
      (error: unknown) => {
        // Reported, and the exit code says so: the process stops either way.
        err(error instanceof Error ? error.message : String(error), `hermes-tools: ${signal}: closing failed: `);
        return exitAfterOutput(1);
      },
    );
  };
  process.on('SIGINT', stop).on('SIGTERM', stop);
  return new Promise<number>(() => undefined);
}

/**
 * Exits with `code` once stdout and stderr have flushed what was written: whatever a module or a
 * tool left running (a timer, a socket) must not keep the command alive after its outcome.
 */
async function exitAfterOutput(code: number): Promise<void> {
  process.exitCode = code;
  await Promise.all(
    [process.stdout, process.stderr].map((stream) => new Promise((resolve) => stream.write('', resolve))),
  );
  process.exit(code);
}

function out(line: string): void {
  process.stdout.write(`${line}\n`);
}

// A reader that stops early (`hermes-tools list | head -3`) closes the pipe: the command has nothing more to say, and
// ends as Unix tools do, rather than with an unhandled EPIPE and its stack. Other stream errors are still thrown.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

// Error text can quote anything a module or a tool put in it, secrets included. The fixed prefix
// is kept out of redaction: an env value such as npm's npm_package_name must not blank it.
function err(text: string, prefix = ''): void {
  process.stderr.write(`${prefix}${redactSecrets(text)}\n`);
}

function help(command?: string): string {
  if (command !== undefined) {
    const c = COMMANDS[command]!;
    return [
      ...wrapText(c.usage, HELP_WIDTH, 'Usage: hermes-tools --module <file> ', '    '),
      '',
      ...wrapText(c.summary, HELP_WIDTH),
      '',
      'Options:',
      ...helpColumns([
        ...(c.optionHelp ?? []),
        ['--module, -m <file>', 'a JavaScript module exporting a container or a registry (required)'],
        ['--help, -h', 'this help'],
      ]),
    ].join('\n');
  }
  return [
    ...wrapText(
      `hermes-tools ${VERSION}: list, show and call a registry's tools, serve them over MCP, or run their queued calls.`,
      HELP_WIDTH,
    ),
    '',
    'Usage: hermes-tools --module <file> <command> [options]',
    '',
    'Commands:',
    ...helpColumns([
      ...Object.entries(COMMANDS).map(([name, c]): [string, string] => [name, c.summary]),
      [
        'typegen',
        "Reads the tools' TypeScript types at build time into a module for toolsModule({ types }); needs no --module.",
      ],
    ]),
    '',
    'Options:',
    ...helpColumns([
      [
        '--module, -m <file>',
        'a JavaScript module exporting `registry`, `container` or a default that is a ToolRegistry, an Inversify container, or a function returning one (required)',
      ],
      ['--help, -h', 'help, for the tool or a command'],
      ['--version', 'the version'],
    ]),
    '',
    'Run hermes-tools <command> --help for its usage and options.',
  ].join('\n');
}

/** Runs the CLI on `argv` (without node and the script) and gives the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  if (argv[0] === '--version') return (out(VERSION), 0);
  const name = argv.find((arg, i) => !arg.startsWith('-') && argv[i - 1] !== '--module' && argv[i - 1] !== '-m');
  if (name === undefined) {
    if (argv.includes('--help') || argv.includes('-h') || argv.length === 0)
      return (out(help()), argv.length === 0 ? 2 : 0);
    throw new UsageError('no command given; use list, schema, call, serve, worker or typegen (see --help)');
  }
  if (name === 'typegen') return runTypegen(argv);
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name]! : undefined;
  if (command === undefined)
    throw new UsageError(`unknown command "${name}"; use list, schema, call, serve, worker or typegen (see --help)`);
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: { ...GLOBAL, ...command.options },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message.split('\n')[0]} (see hermes-tools ${name} --help)`);
  }
  if (parsed.values.help === true) return (out(help(name)), 0);
  const positionals = parsed.positionals.slice(1);
  const [min, max] = command.positionals;
  if (positionals.length < min || positionals.length > max)
    throw new UsageError(`usage: hermes-tools ${command.usage}`);
  const module = parsed.values.module as string | undefined;
  const remoteSpecs = (parsed.values.remote as string[] | undefined)?.map(parseRemote);
  if (remoteSpecs !== undefined) {
    const names = new Set<string>();
    for (const spec of remoteSpecs) {
      if (names.has(spec.name))
        throw new UsageError(`--remote ${spec.name} is given twice; give each remote server its own name`);
      names.add(spec.name);
    }
  }
  if (remoteSpecs !== undefined && module === undefined) {
    return command.run(
      () => gatewayRegistry(remoteSpecs),
      parsed.values as Record<string, string | boolean | string[] | undefined>,
      positionals,
    );
  }
  if (module === undefined)
    throw new UsageError(
      `${name} needs --module <file>: pass a JavaScript module that exports a registry or a container (see hermes-tools ${name} --help)`,
    );
  const extend = remoteSpecs === undefined ? undefined : (container: Container) => loadRemotes(container, remoteSpecs);
  const registry = (): Promise<ToolRegistry> =>
    failIfStalled(
      loadRegistry(module, extend),
      () =>
        new UsageError(`the module ${module} never finished giving its registry: its export's promise never settled`),
    );
  return command.run(registry, parsed.values as Record<string, string | boolean | string[] | undefined>, positionals);
}

const TYPEGEN_USAGE = 'typegen [--project <tsconfig.json>] [--out <file>] [--check] [--import-from <specifier>]';

/**
 * `hermes-tools typegen`: reads the tools' TypeScript types at build time. It needs no registry, and loads its
 * compiler only here, so no other command (and no app) ever loads TypeScript.
 */
async function runTypegen(argv: readonly string[]): Promise<number> {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      // The command's own name only: a value such as `--out typegen` stays.
      args: argv.filter((_, i) => i !== argv.indexOf('typegen')),
      options: {
        project: { type: 'string', short: 'p' },
        out: { type: 'string', short: 'o' },
        check: { type: 'boolean' },
        'import-from': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: false,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message.split('\n')[0]} (usage: hermes-tools ${TYPEGEN_USAGE})`);
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  if (values.help === true) {
    out(
      [
        ...wrapText(TYPEGEN_USAGE, HELP_WIDTH, 'Usage: hermes-tools ', '    '),
        '',
        ...wrapText(
          'Reads the TypeScript types of the tools (literal unions, optional and nullable parameters, interfaces, JSDoc) with TypeScript 7 and writes the module to give toolsModule({ types }).',
          HELP_WIDTH,
        ),
        '',
        ...helpColumns([
          ['--project, -p <file>', 'the tsconfig.json of the tools (default tsconfig.json)'],
          ['--out, -o <file>', 'the module to write, relative to tsconfig.json (default src/tool-types.generated.ts)'],
          ['--check', 'write nothing; fail when the module is stale, or when a type widens silently (for CI)'],
          ['--import-from <specifier>', 'where the module imports typeManifest from (default hermes-tools)'],
        ]),
      ].join('\n'),
    );
    return 0;
  }
  const { typegen } = await import('../typegen/typegen.js');
  const { TypegenError } = await import('../typegen/TypegenError.js');
  try {
    const report = await typegen({
      project: (values.project as string | undefined) ?? 'tsconfig.json',
      ...(typeof values.out === 'string' && { out: values.out }),
      ...(values.check === true && { check: true }),
      ...(typeof values['import-from'] === 'string' && { importFrom: values['import-from'] }),
    });
    for (const line of report.lines) (report.ok ? out : err)(line);
    return report.ok ? 0 : 1;
  } catch (error) {
    if (error instanceof TypegenError) throw new UsageError(error.message);
    throw error;
  }
}

main(process.argv.slice(2))
  .then(
    (code) => code,
    (error: unknown) => {
      if (error instanceof UsageError) {
        err(error.message, 'hermes-tools: ');
        return 2;
      }
      if (error instanceof CallDidNotSettleError) {
        err(error.message, 'hermes-tools: ');
        return 1;
      }
      err(error instanceof Error ? error.message : String(error), 'hermes-tools: unexpected failure: ');
      return 1;
    },
  )
  .then(exitAfterOutput);
