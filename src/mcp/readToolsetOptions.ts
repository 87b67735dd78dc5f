import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import type { Logger } from '../contracts/Logger.js';
import type { GuardLike } from '../contracts/ToolGuard.js';
import type { InterceptorLike } from '../contracts/ToolMiddleware.js';
import { silentLogger } from '../context/silentLogger.js';
import type { PermissionSet } from '../permissions/PermissionSet.js';
import { ownValue } from '../pipeline/ownValue.js';
import type { McpHttpServerAddress, McpStdioServer, McpToolsetEvent, McpToolsetOptions } from './McpToolsetOptions.js';

/** What `mcpToolset` reads of its options: own keys only, defaults applied. @internal */
export interface ToolsetSettings {
  readonly name: string;
  readonly server: McpStdioServer | McpHttpServerAddress;
  readonly granted: PermissionSet | undefined;
  readonly prefix: string;
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
}

const OPTION_KEYS = [
  'name',
  'server',
  'granted',
  'prefix',
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
] as const;
const STDIO_KEYS = ['command', 'args', 'env', 'cwd', 'stderr'] as const;
const HTTP_KEYS = ['url', 'headers'] as const;
const LIMIT_DEFAULTS = { maxTools: 1_000, maxDescriptionChars: 10_000, maxSchemaChars: 100_000, maxEnumValues: 1_000 } as const;

/**
 * Reads `mcpToolset`'s options as own keys only (a polluted Object.prototype changes nothing),
 * refusing unknown keys, with the problems that make the load fail. @internal
 */
export function readToolsetOptions(options: McpToolsetOptions): { settings: ToolsetSettings; problems: DefinitionProblem[] } {
  const problems: DefinitionProblem[] = [];
  const name = String(ownValue(options, 'name'));
  const where = `mcpToolset "${name}"`;
  const problem = (message: string) => problems.push({ where, code: 'invalid_toolset', message });
  unknownKeys(options, OPTION_KEYS, 'option', problem);
  if (typeof ownValue(options, 'name') !== 'string') problem('name must be a string: the prefix and permission of its tools');

  const given = ownValue(options, 'server') as Record<string, unknown> | undefined;
  let server: McpStdioServer | McpHttpServerAddress = { url: 'http://invalid.invalid/' };
  if (typeof given !== 'object' || given === null || (typeof ownValue(given, 'command') === 'string') === (ownValue(given, 'url') !== undefined)) {
    problem('server must be { command, args?, env?, cwd?, stderr? } (stdio) or { url, headers? } (Streamable HTTP)');
  } else if (typeof ownValue(given, 'command') === 'string') {
    unknownKeys(given, STDIO_KEYS, 'server option', problem);
    server = Object.fromEntries(STDIO_KEYS.flatMap((k) => (ownValue(given, k) === undefined ? [] : [[k, ownValue(given, k)]]))) as unknown as McpStdioServer;
  } else {
    unknownKeys(given, HTTP_KEYS, 'server option', problem);
    server = Object.fromEntries(HTTP_KEYS.flatMap((k) => (ownValue(given, k) === undefined ? [] : [[k, ownValue(given, k)]]))) as unknown as McpHttpServerAddress;
  }

  const trusted = ownValue(options, 'trustReadOnly');
  if (trusted !== undefined && !(Array.isArray(trusted) && trusted.every((t) => typeof t === 'string')))
    problem('trustReadOnly must be a list of remote tool names, as the server names them');

  const givenLimits = ownValue(options, 'limits') ?? {};
  unknownKeys(givenLimits, Object.keys(LIMIT_DEFAULTS), 'limit', problem);
  const limits = { ...LIMIT_DEFAULTS };
  for (const key of Object.keys(LIMIT_DEFAULTS) as (keyof typeof LIMIT_DEFAULTS)[]) {
    const value = ownValue(givenLimits, key);
    if (value === undefined) continue;
    if (Number.isSafeInteger(value) && value > 0) limits[key] = value as never;
    else problem(`limits.${key} must be a whole number greater than 0, not ${String(JSON.stringify(value)).slice(0, 40)}`);
  }

  const reconnect = ownValue(options, 'reconnect') ?? {};
  unknownKeys(reconnect, ['initialMs', 'maxMs'], 'reconnect option', problem);
  const settings: ToolsetSettings = {
    name,
    server,
    granted: ownValue(options, 'granted'),
    prefix: ownValue(options, 'prefix') ?? `${name}.`,
    permissions: [...(ownValue(options, 'permissions') ?? [`${name}:call`])],
    timeoutMs: ownValue(options, 'timeoutMs'),
    guards: ownValue(options, 'guards') ?? [],
    interceptors: ownValue(options, 'interceptors') ?? [],
    connectTimeoutMs: ownValue(options, 'connectTimeoutMs') ?? 30_000,
    reconnect: { initialMs: ownValue(reconnect, 'initialMs') ?? 250, maxMs: ownValue(reconnect, 'maxMs') ?? 30_000 },
    onEvent: ownValue(options, 'onEvent'),
    trustReadOnly: new Set(Array.isArray(trusted) ? trusted : []),
    limits,
    logger: ownValue(options, 'logger') ?? silentLogger,
  };
  return { settings, problems };
}

function unknownKeys(object: object, known: readonly string[], what: string, problem: (message: string) => void): void {
  for (const key of Object.keys(object)) {
    if (!known.includes(key)) problem(`unknown ${what} "${key.slice(0, 60)}"; the known ones are ${known.join(', ')}`);
  }
}
