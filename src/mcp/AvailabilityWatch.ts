import type { ToolRegistry } from '../registry/ToolRegistry.js';

/**
 * Watches which of a registry's tools are available, with one timer however many listeners there
 * are: an HTTP server with a thousand sessions polls once per interval, not a thousand times. The
 * timer runs only while someone listens, and never keeps the process alive.
 */
export class AvailabilityWatch {
  readonly #listeners = new Set<() => void>();
  #timer: NodeJS.Timeout | undefined;
  #known = '';

  constructor(
    private readonly registry: ToolRegistry,
    /** Milliseconds between checks; 0 turns watching off. */
    readonly intervalMs: number,
  ) {}

  /** The names of the available tools, one per line: what a change is detected on. */
  key(): string {
    return this.registry
      .definitions()
      .map((d) => d.name)
      .join('\n');
  }

  /** Calls `listener` after each change in availability; the returned function stops it. */
  subscribe(listener: () => void): () => void {
    if (this.intervalMs <= 0) return () => undefined;
    this.#listeners.add(listener);
    if (this.#timer === undefined) {
      this.#known = this.key();
      this.#timer = setInterval(() => this.#check(), this.intervalMs);
      this.#timer.unref();
    }
    return () => {
      this.#listeners.delete(listener);
      if (this.#listeners.size === 0 && this.#timer !== undefined) {
        clearInterval(this.#timer);
        this.#timer = undefined;
      }
    };
  }

  /** How many listeners there are (sessions, for an HTTP server). */
  get listeners(): number {
    return this.#listeners.size;
  }

  #check(): void {
    const now = this.key();
    if (now === this.#known) return;
    this.#known = now;
    for (const listener of [...this.#listeners]) {
      try {
        listener();
      } catch (error) {
        // One session failing to hear of the change must not keep the others from hearing it: reported, not thrown.
        process.emitWarning(
          `hermes-tools: a tools/list_changed listener threw: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  }
}
