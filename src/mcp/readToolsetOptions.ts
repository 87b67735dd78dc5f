import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import type { Logger } from '../contracts/Logger.js';
import type { GuardLike } from '../contracts/ToolGuard.js';
import type { InterceptorLike } from '../contracts/ToolMiddleware.js';
import { silentLogger } from '../context/silentLogger.js';
import type { PermissionSet } from '../permissions/PermissionSet.js';
import { ownOptions } from '../internal/ownOptions.js';
import { ownValue } from '../internal/ownValue.js';
import type { McpHttpServerAddress, McpStdioServer, McpToolsetEvent, McpToolsetOptions } from './McpToolsetOptions.js';

/** What `mcpToolset` reads of its options: own keys only, defaults applied. @internal */
export interface ToolsetSettings {
  readonly name: string;
  readonly server: McpStdioServer | McpHttpServerAddress;
  readonly granted: PermissionSet | undefined;
  readonly prefix: string;
  readonly entries: boolean;
  readonly uriPrefix: string;
  readonly permissions: readonly string[];
  readonly timeoutMs: number | undefined;
  readonly guards: readonly GuardLike[];
  readonly interceptors: readonly InterceptorLike[];
  readonly connectTimeoutMs: number;
  readonly reconnect: { readonly initialMs: number; readonly maxMs: number };
  readonly onEvent: ((event: McpToolsetEvent) => void) | undefined;
  readonly trustReadOnly: ReadonlySet<string>;
  readonly limits: Required<NonNullable<McpToolsetOptions['limits']>>;
  readonly logger: Logger;
  readonly protocol: 'auto' | 'legacy' | 'modern';
}

const OPTION_KEYS = [
  'name',
  'server',
  'granted',
  'prefix',
  'entries',
  'uriPrefix',
  'permissions',
  'timeoutMs',
  'trustReadOnly',
  'limits',
  'logger',
  'guards',
  'interceptors',
  'connectTimeoutMs',
  'reconnect',
  'onEvent',
  'protocol',
] as const;
const PROTOCOLS = ['auto', 'legacy', 'modern'] as const;
const STDIO_KEYS = ['command', 'args', 'env', 'cwd', 'stderr'] as const;
const HTTP_KEYS = ['url', 'headers'] as const;
const LIMIT_DEFAULTS = {
  maxTools: 1_000,
  maxDescriptionChars: 10_000,
  maxSchemaChars: 100_000,
  maxEnumValues: 1_000,
  maxPatternCheckMs: 500,
  maxListingChars: 5_000_000,
};
const LIMIT_KEYS = [
  'maxTools',
  'maxDescriptionChars',
  'maxSchemaChars',
  'maxEnumValues',
  'maxPatternCheckMs',
  'maxListingChars',
] as const;

/**
 * Reads `mcpToolset`'s options as own keys only (a polluted Object.prototype changes nothing),
 * refusing unknown keys, with the problems that make the load fail. @internal
 */
export function readToolsetOptions(given: McpToolsetOptions): {
  settings: ToolsetSettings;
  problems: DefinitionProblem[];
} {
  const problems: DefinitionProblem[] = [];
  const read = ownOptions(given, OPTION_KEYS);
  const options = read.options;
  const name = String(options.name);
  const where = `mcpToolset "${name}"`;
  const problem = (message: string | undefined) =>
    message !== undefined && problems.push({ where, code: 'invalid_toolset', message });
  problem(read.problem);
  if (typeof options.name !== 'string') problem('name must be a string: the prefix and permission of its tools');

  const address = options.server as Record<string, unknown> | undefined;
  let server: McpStdioServer | McpHttpServerAddress = { url: 'http://invalid.invalid/' };
  if (
    typeof address !== 'object' ||
    address === null ||
    (typeof ownValue(address, 'command') === 'string') === (ownValue(address, 'url') !== undefined)
  ) {
    problem('server must be { command, args?, env?, cwd?, stderr? } (stdio) or { url, headers? } (Streamable HTTP)');
  } else {
    const stdio = typeof ownValue(address, 'command') === 'string';
    const own = ownOptions(address, stdio ? STDIO_KEYS : HTTP_KEYS);
    problem(own.problem && `server: ${own.problem}`);
    server = { ...own.options } as unknown as McpStdioServer | McpHttpServerAddress;
  }

  const trusted = options.trustReadOnly;
  if (trusted !== undefined && !(Array.isArray(trusted) && trusted.every((t) => typeof t === 'string')))
    problem('trustReadOnly must be a list of remote tool names, as the server names them');

  const givenLimits = ownOptions(options.limits, LIMIT_KEYS);
  problem(givenLimits.problem && `limits: ${givenLimits.problem}`);
  const limits = { ...LIMIT_DEFAULTS };
  for (const key of LIMIT_KEYS) {
    const value = givenLimits.options[key];
    if (value === undefined) continue;
    if (Number.isSafeInteger(value) && value > 0) limits[key] = value as never;
    else
      problem(`limits.${key} must be a whole number greater than 0, not ${String(JSON.stringify(value)).slice(0, 40)}`);
  }

  const protocol = options.protocol ?? 'auto';
  if (!PROTOCOLS.includes(protocol))
    problem(
      `protocol must be 'auto' (ask with server/discover, fall back to initialize), 'legacy' (2025-11-25) or 'modern' (2026-07-28 only), not ${String(JSON.stringify(protocol)).slice(0, 40)}`,
    );

  if (options.entries !== undefined && typeof options.entries !== 'boolean')
    problem('entries must be a boolean: whether the server’s resources and prompts are imported');
  const uriPrefix = options.uriPrefix ?? `mcp-remote://${name}/`;
  if (typeof uriPrefix !== 'string' || !/^[A-Za-z][A-Za-z0-9+.-]*:[^\s{}]*$/.test(uriPrefix))
    problem('uriPrefix must start a URI (a scheme, then no spaces or braces), such as "mcp-remote://files/"');

  const reconnect = ownOptions(options.reconnect, ['initialMs', 'maxMs']);
  problem(reconnect.problem && `reconnect: ${reconnect.problem}`);
  const settings: ToolsetSettings = {
    name,
    server,
    granted: options.granted,
    prefix: options.prefix ?? `${name}.`,
    entries: options.entries !== false,
    uriPrefix: String(uriPrefix),
    permissions: [...(options.permissions ?? [`${name}:call`])],
    timeoutMs: options.timeoutMs,
    guards: options.guards ?? [],
    interceptors: options.interceptors ?? [],
    connectTimeoutMs: options.connectTimeoutMs ?? 30_000,
    reconnect: { initialMs: reconnect.options.initialMs ?? 250, maxMs: reconnect.options.maxMs ?? 30_000 },
    onEvent: options.onEvent,
    trustReadOnly: new Set(Array.isArray(trusted) ? trusted : []),
    limits,
    logger: options.logger ?? silentLogger,
    protocol,
  };
  return { settings, problems };
}
