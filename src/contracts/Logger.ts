/** The logger a tool receives on its context. Any pino-, winston- or console-like logger fits. */
export interface Logger {
  /** Detail for debugging; `fields` are structured context. */
  debug(message: string, fields?: Record<string, unknown>): void;
  /** Something worth knowing happened. */
  info(message: string, fields?: Record<string, unknown>): void;
  /** Something unexpected that did not fail the call. */
  warn(message: string, fields?: Record<string, unknown>): void;
  /** A failure (a guard or approver that threw, a fault in a tool). */
  error(message: string, fields?: Record<string, unknown>): void;
}
