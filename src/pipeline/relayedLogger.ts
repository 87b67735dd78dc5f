import type { LogLine } from '../contracts/LogLine.js';
import type { Logger } from '../contracts/Logger.js';
import { redactAndClip } from '../errors/redactSecrets.js';

/** Lines of one call relayed at most; past it, one line says the rest are not. */
export const MAX_RELAYED_LINES = 100;
/** The levels, least severe first. */
const SEVERITY: Readonly<Record<LogLine['level'], number>> = { debug: 0, info: 1, warn: 2, error: 3 };

/** Characters of a relayed message, and of its fields as JSON, at most. */
const MAX_LINE_CHARS = 4096;

/** `fields` as redacted JSON text, or a marker naming why they cannot be JSON. */
function fieldsText(fields: Record<string, unknown>): string {
  let text: string;
  try {
    text = JSON.stringify(fields) ?? '{}';
  } catch (error) {
    // Converted: fields JSON cannot hold are named, never thrown into the tool that logged them.
    text = `[fields not JSON: ${error instanceof Error ? error.name : typeof error}]`;
  }
  return redactAndClip(text, MAX_LINE_CHARS);
}

/**
 * The `ctx.logger` of a call whose caller relays its lines (`CallOptions.onLog`): every line goes to the app's logger as
 * before, then a redacted copy to `onLog`, at most {@link MAX_RELAYED_LINES} per call. A listener that throws is logged
 * on the app's logger and the tool goes on.
 */
export function relayedLogger(
  base: Logger,
  onLog: (line: LogLine) => void,
  tool: string,
  minimum: LogLine['level'] = 'debug',
): Logger {
  let relayed = 0;
  const least = SEVERITY[minimum] ?? 0;
  const relay = (level: LogLine['level'], message: string, fields: Record<string, unknown> | undefined): void => {
    // Below the level asked for, a line is not relayed, and costs nothing: neither counted nor redacted.
    if (SEVERITY[level] < least || relayed > MAX_RELAYED_LINES) return;
    relayed++;
    const line: LogLine =
      relayed > MAX_RELAYED_LINES
        ? {
            level: least > SEVERITY.warn ? minimum : 'warn',
            message: `further log lines of this call are not relayed (at most ${MAX_RELAYED_LINES})`,
          }
        : {
            level,
            message: redactAndClip(String(message), MAX_LINE_CHARS),
            ...(fields === undefined ? {} : { fields: fieldsText(fields) }),
          };
    try {
      onLog(line);
    } catch (error) {
      base.warn('a log listener threw; the line was not relayed', {
        tool,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  };
  const line =
    (level: LogLine['level']) =>
    (message: string, fields?: Record<string, unknown>): void => {
      base[level](message, fields);
      relay(level, message, fields);
    };
  return { debug: line('debug'), info: line('info'), warn: line('warn'), error: line('error') };
}
