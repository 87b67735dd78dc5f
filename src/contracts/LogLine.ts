/** One line a tool wrote to `ctx.logger`, as `CallOptions.onLog` receives it: redacted, its fields as JSON. */
export interface LogLine {
  readonly level: 'debug' | 'info' | 'warn' | 'error';
  readonly message: string;
  /** The line's structured fields, redacted JSON text cut to 4,096 characters; absent when it had none. */
  readonly fields?: string;
}
