import { injectable } from 'inversify';
import type { Logger } from 'hermes-tools';

/** The application's logger: here it keeps lines in memory and can echo them. */
@injectable()
export class AppLogger implements Logger {
  readonly lines: string[] = [];
  echo = false;
  /** Called with each line as it is written, to follow the log live. */
  onLine: ((line: string) => void) | undefined;

  debug(message: string, fields?: Record<string, unknown>): void {
    this.write('debug', message, fields);
  }
  info(message: string, fields?: Record<string, unknown>): void {
    this.write('info', message, fields);
  }
  warn(message: string, fields?: Record<string, unknown>): void {
    this.write('warn', message, fields);
  }
  error(message: string, fields?: Record<string, unknown>): void {
    this.write('error', message, fields);
  }

  private write(level: string, message: string, fields?: Record<string, unknown>): void {
    const line = `${level} ${message}${fields === undefined ? '' : ` ${JSON.stringify(fields)}`}`;
    this.lines.push(line);
    this.onLine?.(line);
    if (this.echo) console.log(`  [log] ${line}`);
  }
}
