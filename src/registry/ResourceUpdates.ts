/**
 * Where an app announces that a resource changed, so that every client subscribed to it hears (MCP's
 * `notifications/resources/updated`). Injectable: a service takes it by `@inject(ResourceUpdates)` and calls `changed`;
 * the container's registry and its MCP servers listen to the same one.
 *
 * @example
 * constructor(@inject(ResourceUpdates) private readonly updates: ResourceUpdates) {}
 * save(order: Order) { …; this.updates.changed(`orders://${order.id}`); }
 */
export class ResourceUpdates {
  readonly #listeners = new Set<(uri: string) => void>();

  /** Announces that the resource at `uri` changed: each client subscribed to that URI is told, and reads it again. */
  changed(uri: string): void {
    if (typeof uri !== 'string') throw new TypeError('ResourceUpdates.changed: uri must be a string');
    for (const listener of [...this.#listeners]) {
      try {
        listener(uri);
      } catch (error) {
        // One listener failing (a session gone away) must not keep the others from hearing, nor throw at the app.
        process.emitWarning(
          `hermes-tools: a resource update listener threw: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  }

  /** How many listen now: one per MCP server or endpoint that relays changes. */
  get listening(): number {
    return this.#listeners.size;
  }

  /** Calls `listener` with each URI announced, until the function returned is called. */
  subscribe(listener: (uri: string) => void): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }
}
