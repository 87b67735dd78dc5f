import type { ToolDefinition } from '../contracts/ToolDefinition.js';
import type { ToolRegistry } from '../registry/ToolRegistry.js';

/** Which of a registry's lists changed since the last check. */
export interface ListChanges {
  readonly tools: boolean;
  /** The resources or the resource templates. */
  readonly resources: boolean;
  readonly prompts: boolean;
}

/**
 * Watches which of a registry's tools, resources, templates and prompts are available, with one timer however many listeners there
 * are: an HTTP server with a thousand sessions polls once per interval, not a thousand times. The
 * timer runs only while someone listens, and never keeps the process alive.
 */
export class AvailabilityWatch {
  readonly #listeners = new Set<(changes: ListChanges) => void>();
  #timer: NodeJS.Timeout | undefined;
  #known = { tools: '', resources: '', prompts: '' };
  /** A number for each definition seen, so that a key tells two definitions of one name apart. */
  readonly #numbers = new WeakMap<ToolDefinition, number>();
  #counted = 0;

  constructor(
    private readonly registry: ToolRegistry,
    /** Milliseconds between checks; 0 turns watching off. */
    readonly intervalMs: number,
  ) {}

  /**
   * The available tools, one per line, each its name and its definition's number: what a change is detected on. A
   * remote toolset's tool compiled again (a new schema, new hints) is a new definition under the same name.
   */
  key(): string {
    return this.registry
      .definitions()
      .map((d) => `${d.name} ${this.#numberOf(d)}`)
      .join('\n');
  }

  /**
   * The available resources and templates, one per line, each its URI or template; then the available prompts, by
   * name. An entry is compiled once, so its URI or name is enough to tell it.
   */
  resourcesKey(): string {
    const resources = this.registry.resources().map((r) => r.uri);
    return [...resources, ...this.registry.resourceTemplates().map((t) => `{} ${t.uriTemplate}`)].join('\n');
  }

  /** The available prompts, one name per line. */
  promptsKey(): string {
    return this.registry
      .prompts()
      .map((p) => p.name)
      .join('\n');
  }

  #keys(): { tools: string; resources: string; prompts: string } {
    return { tools: this.key(), resources: this.resourcesKey(), prompts: this.promptsKey() };
  }

  #numberOf(definition: ToolDefinition): number {
    let number = this.#numbers.get(definition);
    if (number === undefined) {
      number = ++this.#counted;
      this.#numbers.set(definition, number);
    }
    return number;
  }

  /** Calls `listener` after each change in availability, saying which lists changed; the returned function stops it. */
  subscribe(listener: (changes: ListChanges) => void): () => void {
    if (this.intervalMs <= 0) return () => undefined;
    this.#listeners.add(listener);
    if (this.#timer === undefined) {
      this.#known = this.#keys();
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
    const now = this.#keys();
    const known = this.#known;
    const changes: ListChanges = {
      tools: now.tools !== known.tools,
      resources: now.resources !== known.resources,
      prompts: now.prompts !== known.prompts,
    };
    if (!changes.tools && !changes.resources && !changes.prompts) return;
    this.#known = now;
    for (const listener of [...this.#listeners]) {
      try {
        listener(changes);
      } catch (error) {
        // One session failing to hear of the change must not keep the others from hearing it: reported, not thrown.
        process.emitWarning(
          `hermes-tools: a list_changed listener threw: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  }
}
