import { LOG_LEVEL_META_KEY, type LoggingLevel, type ServerContext } from '@modelcontextprotocol/server';
import type { LogLine } from '../contracts/LogLine.js';

/** MCP's log levels, least severe first (RFC 5424's, as the spec lists them). */
const LEVELS: readonly LoggingLevel[] = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
];
/** A `ctx.logger` level as MCP names it. */
const AS_MCP: Readonly<Record<LogLine['level'], LoggingLevel>> = {
  debug: 'debug',
  info: 'info',
  warn: 'warning',
  error: 'error',
};

/** The least severe `ctx.logger` level that reaches a client asking for `threshold` (MCP has more levels than a logger). */
export function loggerLevelFor(threshold: LoggingLevel): LogLine['level'] {
  const at = LEVELS.indexOf(threshold);
  return at <= 0 ? 'debug' : at === 1 ? 'info' : at <= 3 ? 'warn' : 'error';
}

/** Whether `level` is one of MCP's log levels: a threshold a client sent is read as untrusted. */
export function isLoggingLevel(level: unknown): level is LoggingLevel {
  return typeof level === 'string' && (LEVELS as readonly string[]).includes(level);
}

/**
 * The level a call's log lines reach its client at, when it asked for them: a 2026 request's own `logLevel` in its
 * `_meta`, or the level a 2025 session set with `logging/setLevel`. Undefined when it did not ask: it gets none.
 */
export function logThreshold(
  era: 'legacy' | 'modern',
  extra: ServerContext,
  sessionLevel: LoggingLevel | undefined,
): LoggingLevel | undefined {
  if (era === 'legacy') return sessionLevel;
  const asked = (extra.mcpReq.envelope as Record<string, unknown> | undefined)?.[LOG_LEVEL_META_KEY];
  return isLoggingLevel(asked) ? asked : undefined;
}

/**
 * Relays one call's `ctx.logger` lines at or above `threshold` to its client as `notifications/message` (the tool's
 * name as `logger`), in the order the tool wrote them; {@link LogRelay.close} settles once every line made before it
 * has been sent, so that a result never overtakes its own log lines. A failed send goes to `onFailed`; a line after
 * `close` is dropped.
 */
export class LogRelay {
  #sent: Promise<void> = Promise.resolve();
  #open = true;
  readonly #minimum: number;

  constructor(
    threshold: LoggingLevel,
    private readonly tool: string,
    private readonly send: (params: { level: LoggingLevel; logger: string; data: unknown }) => Promise<void>,
    private readonly onFailed: (error: unknown) => void,
  ) {
    this.#minimum = LEVELS.indexOf(threshold);
  }

  /** The `onLog` listener of the call. */
  readonly line = (line: LogLine): void => {
    const level = AS_MCP[line.level];
    if (!this.#open || LEVELS.indexOf(level) < this.#minimum) return;
    const data = line.fields === undefined ? line.message : { message: line.message, fields: line.fields };
    const params = { level, logger: this.tool, data };
    this.#sent = this.#sent.then(() => this.send(params)).catch(this.onFailed);
  };

  /** Stops relaying and settles when every line made so far has been sent (or failed). Never rejects. */
  close(): Promise<void> {
    this.#open = false;
    return this.#sent;
  }
}
