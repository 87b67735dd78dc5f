import { createHash } from 'node:crypto';
import {
  type CallToolResult,
  Client,
  type JsonSchemaValidator,
  type jsonSchemaValidator,
  ProtocolError,
  SdkError,
  SdkErrorCode,
  StreamableHTTPClientTransport,
  type Tool,
} from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { ToolContext } from '../contracts/ToolContext.js';
import { redactAndClip } from '../errors/redactSecrets.js';
import { ToolExecutionError } from '../errors/ToolExecutionError.js';
import { ToolTimeoutError } from '../errors/ToolTimeoutError.js';
import { ToolUnavailableError } from '../errors/ToolUnavailableError.js';
import { withoutLocations } from '../errors/toToolError.js';
import { MAX_TIMEOUT_MS } from '../pipeline/callTimeout.js';
import type { McpToolsetEvent } from './McpToolsetOptions.js';
import type { ToolsetSettings } from './readToolsetOptions.js';

const MAX_DETAIL = 500;
/** Most pages of one tool listing: a server that never stops paging is listed this far. */
const MAX_PAGES = 100;

/** The revision `protocol: 'modern'` pins. */
const MODERN = '2026-07-28';
/** The longest `protocol: 'auto'` waits for an answer to `server/discover`. */
const PROBE_TIMEOUT_MS = 10_000;

/**
 * The SDK client would compile a called tool's `outputSchema` (Ajv, in this process) and run it on each result: a
 * hostile server's schema could then hold the event loop (a catastrophic pattern) or the heap. Remote results are not
 * checked against their schema here (the README says so): nothing is compiled.
 */
const UNCHECKED_OUTPUT: jsonSchemaValidator = {
  getValidator<T>(): JsonSchemaValidator<T> {
    return (data) => ({ valid: true, data: data as T, errorMessage: undefined });
  },
};

/**
 * The limit of a remote call when the toolset sets no `timeoutMs`: the MCP SDK's own default.
 * Mutable for tests only, which cannot wait that long.
 * @internal
 */
export const remoteCallDefaults = { timeoutMs: 60_000 };

/**
 * What `mcpToolset` does with a new listing of the server's tools (after a change notice or a reconnection): it
 * registers those it can take and returns their names and the names of those it refused.
 */
export type ListedTools = (tools: readonly Tool[]) => { added: readonly string[]; refused: readonly string[] };

/**
 * One remote MCP server as `mcpToolset` sees it: a connected SDK Client in the era the server speaks (or none while it
 * reconnects, with doubling delays on timers that never keep the process alive), the tools it offers now, and the
 * input schemas the registry compiled them from.
 */
export class RemoteServer {
  private client: Client | undefined;
  /** The tools the server offers now, each with its key: what it was listed as, whole. */
  private offered = new Map<string, { readonly tool: Tool; readonly key: string }>();
  private readonly registered = new Map<string, string>();
  private attempt = 0;
  private timer: NodeJS.Timeout | undefined;
  private probing = false;
  private closed = false;
  /** Whether the server answered `protocol: 'auto'` as a 2025-only server: reconnections do not ask again. */
  private legacyOnly = false;
  /** A listing after a change notice is running, and whether another notice came meanwhile. */
  private refreshing = false;
  private stale = false;
  /** Told of each new listing, once the first load is done. */
  onListed: ListedTools | undefined;
  /** Told of each update of a resource `watchResources` subscribed to, by the server's own URI. */
  onResourceUpdated: ((uri: string) => void) | undefined;
  /** The URIs subscribed to now: in 2025 one by one on the connection, in 2026 on one listen stream. */
  #watched: ReadonlySet<string> = new Set();
  readonly #subscribed = new Set<string>();
  #listening: { close(): Promise<void> } | undefined;
  /** Told when the server says its resources or prompts changed, and after a reconnection: `mcpToolset` lists them again. */
  onEntriesChanged: (() => void) | undefined;

  constructor(private readonly options: ToolsetSettings) {}

  /** Connects and lists the tools, or rejects: the first connection is not retried. */
  async start(): Promise<readonly Tool[]> {
    const opened = await this.open();
    this.adopt(opened.client, opened.tools, opened.pid);
    return opened.tools;
  }

  /**
   * Subscribes to the server's updates of `uris` (its own URIs), in place of what was subscribed before, when it offers
   * subscriptions: `resources/subscribe` for each in 2025-11-25, one `subscriptions/listen` stream naming them in
   * 2026-07-28. Each update of one of them goes to `onResourceUpdated`. A subscription the server refuses is logged.
   */
  async watchResources(uris: readonly string[]): Promise<void> {
    const client = this.client;
    if (client === undefined || client.getServerCapabilities()?.resources?.subscribe !== true) return;
    const wanted = new Set(uris);
    this.#watched = wanted;
    const failed = (error: unknown): void =>
      this.options.logger.warn("hermes-tools: subscribing to a remote server's resource updates failed", {
        toolset: this.options.name,
        error: clip(describe(error), 200),
      });
    if (client.getProtocolEra() === 'modern') {
      const before = this.#listening;
      this.#listening = undefined;
      await before?.close().catch(failed);
      if (wanted.size === 0) return;
      try {
        this.#listening = await client.listen({ resourceSubscriptions: [...wanted] });
      } catch (error) {
        failed(error);
      }
      return;
    }
    for (const uri of this.#subscribed) {
      if (wanted.has(uri)) continue;
      this.#subscribed.delete(uri);
      await client.unsubscribeResource({ uri }).catch(failed);
    }
    for (const uri of wanted) {
      if (this.#subscribed.has(uri)) continue;
      try {
        await client.subscribeResource({ uri });
        this.#subscribed.add(uri);
      } catch (error) {
        failed(error);
      }
    }
  }

  /** Whether the server is connected now (an imported resource or prompt is available only then). */
  get connected(): boolean {
    return this.client !== undefined;
  }

  /** Records the tools the registry holds, with what they were compiled from; forgets the others. */
  register(tools: readonly Tool[]): void {
    this.registered.clear();
    for (const tool of tools) this.registered.set(tool.name, toolKey(tool));
  }

  /**
   * Whether a remote tool can be called now: connected, and offered exactly as `key` says (the listing its registered
   * tool was compiled from, by default the one registered last): a tool the server changed in any way (its schema, or
   * a hint that decides its approval) is not called through a tool compiled from what it was.
   */
  isAvailable(name: string, key: string | undefined = this.registered.get(name)): boolean {
    const offered = this.offered.get(name);
    return this.client !== undefined && offered !== undefined && offered.key === key;
  }

  /** Calls a remote tool with validated input, relaying progress and cancellation. */
  async call(name: string, input: unknown, ctx: ToolContext): Promise<unknown> {
    const client = this.client;
    const tool = this.offered.get(name)?.tool;
    if (client === undefined || tool === undefined)
      throw new ToolUnavailableError(ctx.tool, `the MCP server "${this.options.name}" is disconnected`);
    let result: CallToolResult;
    // A toolset's own timeoutMs is the pipeline's deadline, which aborts the signal; without one, the SDK's default
    // bounds the call.
    const timeout = this.options.timeoutMs === undefined ? remoteCallDefaults.timeoutMs : MAX_TIMEOUT_MS;
    try {
      result = await client.callTool(
        { name, arguments: input as Record<string, unknown> },
        {
          signal: ctx.signal,
          timeout,
          onprogress: (p) => ctx.progress(p.progress, p.total, p.message),
          // The definition listed: the SDK then needs no cached listing of its own to send the call.
          toolDefinition: tool,
        },
      );
    } catch (error) {
      throw this.failure(error, client, ctx, timeout, `"${name}"`);
    }
    // A task (a 2025 server's answer to a call that did not ask for one) is no result, though the SDK gives it content.
    const unasked = Object.hasOwn(result, 'task');
    if (unasked || !Array.isArray(result.content)) {
      const what = unasked ? 'with a task it was not asked to create, not a result' : 'without content';
      throw new ToolExecutionError(
        ctx.tool,
        `the MCP server "${this.options.name}" answered "${name}" ${what}; the call may or may not have run there: check the server before retrying`,
        { cause: result },
      );
    }
    const texts = result.content.flatMap((c) => (c.type === 'text' ? [c.text] : []));
    if (result.isError === true) {
      throw new ToolExecutionError(
        ctx.tool,
        clip(texts.join('\n')) || 'the remote tool reported an error without text',
        { cause: result },
      );
    }
    if (result.structuredContent !== undefined) return result.structuredContent;
    const content = result.content;
    return content.length > 0 && texts.length === content.length ? texts.join('\n') : content;
  }

  /**
   * Reads a resource of the remote server by its own URI (an imported resource's handler): its contents as the server
   * sent them, each reduced to its own `uri`, `mimeType`, `text` and `blob`.
   */
  async readResource(uri: string, ctx: ToolContext): Promise<Record<string, unknown>[]> {
    const client = this.#connected(ctx);
    const timeout = this.options.timeoutMs === undefined ? remoteCallDefaults.timeoutMs : MAX_TIMEOUT_MS;
    let result: { contents?: unknown };
    try {
      result = await client.readResource({ uri }, { signal: ctx.signal, timeout });
    } catch (error) {
      throw this.failure(error, client, ctx, timeout, `the resource ${clip(uri, 200)}`);
    }
    if (!Array.isArray(result.contents))
      throw new ToolExecutionError(ctx.tool, `the MCP server "${this.options.name}" answered a read without contents`, {
        cause: result,
      });
    return result.contents.map((body: unknown) => ownKeys(body, ['uri', 'mimeType', 'text', 'blob']));
  }

  /** Gets a prompt of the remote server by its own name (an imported prompt's handler): `{ description?, messages }`. */
  async getPrompt(name: string, args: Record<string, string>, ctx: ToolContext): Promise<Record<string, unknown>> {
    const client = this.#connected(ctx);
    const timeout = this.options.timeoutMs === undefined ? remoteCallDefaults.timeoutMs : MAX_TIMEOUT_MS;
    let result: { description?: unknown; messages?: unknown };
    try {
      result = await client.getPrompt({ name, arguments: args }, { signal: ctx.signal, timeout });
    } catch (error) {
      throw this.failure(error, client, ctx, timeout, `the prompt "${clip(name, 100)}"`);
    }
    if (!Array.isArray(result.messages))
      throw new ToolExecutionError(
        ctx.tool,
        `the MCP server "${this.options.name}" answered a prompt without messages`,
        { cause: result },
      );
    return {
      ...(typeof result.description === 'string' && { description: result.description }),
      messages: result.messages.map((message: unknown) => ownKeys(message, ['role', 'content'])),
    };
  }

  /**
   * Lists the server's resources, resource templates and prompts, when it offers them, within the toolset's limits
   * (the same as its tools': items and characters per listing, pages) and one deadline of connectTimeoutMs.
   */
  async listEntries(): Promise<RemoteEntries> {
    const client = this.client;
    if (client === undefined) return { resources: [], templates: [], prompts: [] };
    const offers = client.getServerCapabilities() ?? {};
    const deadline = Date.now() + this.options.connectTimeoutMs;
    const list = async (method: string, key: string): Promise<Record<string, unknown>[]> => {
      const page = (cursor: string | undefined) =>
        client.request({ method, ...(cursor !== undefined && { params: { cursor } }) } as never, {
          timeout: Math.max(1, deadline - Date.now()),
        });
      const items = await this.listPages(page, key);
      return items.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null);
    };
    return {
      resources: offers.resources === undefined ? [] : await list('resources/list', 'resources'),
      templates: offers.resources === undefined ? [] : await list('resources/templates/list', 'resourceTemplates'),
      prompts: offers.prompts === undefined ? [] : await list('prompts/list', 'prompts'),
    };
  }

  /** The connected client, or the error that says the server is not. */
  #connected(ctx: ToolContext): Client {
    const client = this.client;
    if (client === undefined)
      throw new ToolUnavailableError(ctx.tool, `the MCP server "${this.options.name}" is disconnected`);
    return client;
  }

  /** What a failed request to the server becomes: its timeout, its own error, or the connection lost. */
  private failure(error: unknown, client: Client, ctx: ToolContext, timeout: number, what: string): unknown {
    if (ctx.signal.aborted) return error;
    if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) {
      // A server that does not answer one call may still be there: a probe tells.
      this.probe(client, error);
      return new ToolTimeoutError(ctx.tool, timeout);
    }
    if (error instanceof SdkError && error.code === SdkErrorCode.UnsupportedResultType) {
      return new ToolExecutionError(
        ctx.tool,
        `the MCP server "${this.options.name}" asked for input to finish ${what} (${clip(describeResultType(error), 40)}); hermes-tools does not answer a remote server's questions: give the tool what it needs in its arguments, or have the server's own approver answer`,
        { cause: error },
      );
    }
    if (error instanceof ProtocolError || (error instanceof SdkError && isAnswered(error.code))) {
      return new ToolExecutionError(ctx.tool, clip(error.message), { cause: error });
    }
    this.lost(client, describe(error));
    return new ToolUnavailableError(
      ctx.tool,
      `the MCP server "${this.options.name}" could not be reached (${clip(describe(error), 200)})`,
    );
  }

  /** Closes the connection and stops reconnecting. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    await client?.close().catch((error: unknown) => this.closeFailed(error));
  }

  private async open(): Promise<{ client: Client; tools: Tool[]; pid: number | undefined }> {
    const server = this.options.server;
    const protocol = this.options.protocol;
    let refreshing: (() => void) | undefined;
    const client = new Client(
      { name: 'hermes-tools', version: '1' },
      {
        capabilities: {},
        jsonSchemaValidator: UNCHECKED_OUTPUT,
        versionNegotiation: {
          mode: protocol === 'modern' ? { pin: MODERN } : protocol,
          // A 2025 server that never answers the question costs this long (over stdio; over HTTP it is an outage).
          probe: { timeoutMs: Math.min(this.options.connectTimeoutMs, PROBE_TIMEOUT_MS) },
        },
        // A question from the server (input_required) comes back as an error this class names; none is answered.
        inputRequired: { autoFulfill: false },
        // A change notice (the 2025 notification, or the 2026 subscription the SDK opens at connect) lists again.
        listChanged: {
          tools: { autoRefresh: false, onChanged: () => refreshing?.() },
          resources: { autoRefresh: false, onChanged: () => entriesChanged() },
          prompts: { autoRefresh: false, onChanged: () => entriesChanged() },
        },
      },
    );
    refreshing = () => void this.refresh(client);
    // A resource's update, 2025 (unsolicited) or 2026 (on a listen stream): told only for a URI subscribed to.
    client.setNotificationHandler('notifications/resources/updated', (notification) => {
      const uri = notification.params.uri;
      if (client === this.client && this.#watched.has(uri)) this.onResourceUpdated?.(uri);
    });
    const entriesChanged = (): void => {
      if (client === this.client) this.onEntriesChanged?.();
    };
    // Until the connection is adopted, what the client reports is said, not lost.
    client.onerror = (error) =>
      this.options.logger.warn('hermes-tools: the MCP client reported an error while connecting', {
        toolset: this.options.name,
        error: clip(describe(error), 200),
      });
    let stdio: StdioClientTransport | undefined;
    const transport =
      'command' in server
        ? (stdio = new StdioClientTransport({
            command: server.command,
            args: [...(server.args ?? [])],
            // Every key given, so that the SDK reads none from a polluted Object.prototype.
            env: server.env !== undefined ? { ...server.env } : getDefaultEnvironment(),
            cwd: server.cwd,
            stderr: server.stderr ?? 'inherit',
          }))
        : new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { ...server.headers } } });
    const timeout = this.options.connectTimeoutMs;
    // One deadline for all of it (the question of 'auto', the handshake, every page of the listing): each step has a
    // timeout of its own in the SDK, and their sum could be several times connectTimeoutMs.
    const deadline = Date.now() + timeout;
    let expiry: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_resolve, reject) => {
      expiry = setTimeout(
        () => reject(new Error(`it did not connect and list its tools within connectTimeoutMs (${timeout} ms)`)),
        timeout,
      );
    });
    const opening = async () => {
      // A server found to speak only 2025-11-25 is not asked again on reconnection.
      await client.connect(transport, { timeout, ...(this.legacyOnly && { prior: { kind: 'legacy' as const } }) });
      if (protocol === 'auto' && client.getProtocolEra() === 'legacy') this.legacyOnly = true;
      if (
        client.getServerCapabilities()?.tools?.listChanged === true &&
        client.getProtocolEra() === 'modern' &&
        client.autoOpenedSubscription === undefined
      )
        this.options.logger.warn(
          "hermes-tools: the remote server's change subscription could not be opened; changes to its tools are seen at its next reconnection",
          { toolset: this.options.name },
        );
      return this.listAll(client, deadline);
    };
    const opened = opening();
    try {
      const tools = await Promise.race([opened, expired]);
      return { client, tools, pid: stdio?.pid ?? undefined };
    } catch (error) {
      const close = () => client.close().catch((closing: unknown) => this.closeFailed(closing));
      await close();
      // A step still under way at the deadline (over stdio, the spawn that follows the question) is closed when it
      // ends; this also takes the opening's own rejection.
      void opened.then(close, close);
      throw error;
    } finally {
      clearTimeout(expiry);
    }
  }

  private adopt(client: Client, tools: readonly Tool[], pid: number | undefined): void {
    this.client = client;
    this.attempt = 0;
    client.onclose = () => this.lost(client, 'the connection closed');
    client.onerror = (error) => this.probe(client, error);
    // In the 2026 era nothing stays connected but the change subscription: its end is the server's going away.
    void client.autoOpenedSubscription?.closed.then((how) => {
      if (how !== 'local') this.lost(client, `the server ended its change subscription (${how})`);
    });
    this.emit({
      type: 'connected',
      toolset: this.options.name,
      tools: tools.map((t) => t.name),
      protocolVersion: client.getNegotiatedProtocolVersion() ?? 'unknown',
      ...(pid !== undefined && { pid }),
    });
    // The first listing is the load's own; a reconnection's is a new listing, of its resources and prompts too.
    if (this.onListed === undefined) this.offered = offering(tools);
    else {
      this.listed(tools);
      this.onEntriesChanged?.();
    }
  }

  /** A new listing: offered now, registered as `mcpToolset` can, and told as a change when something changed. */
  private listed(tools: readonly Tool[]): void {
    const before = new Map(this.registered);
    this.offered = offering(tools);
    const { added, refused } = this.onListed?.(tools) ?? { added: [], refused: [] };
    const unavailable = [...before.keys()].filter((name) => !this.isAvailable(name));
    const changed = [...before].filter(([name, key]) => this.registered.has(name) && this.registered.get(name) !== key);
    if (unavailable.length > 0 || added.length > 0 || refused.length > 0 || changed.length > 0)
      this.emit({
        type: 'tools_changed',
        toolset: this.options.name,
        unavailable,
        added,
        refused,
        changed: changed.map(([name]) => name),
      });
  }

  /**
   * Lists again after a change notice. One listing at a time: a notice that comes while one runs makes one more run
   * after it, so that the last listing taken is the newest, and a server that sends notices in a loop costs one listing
   * at a time.
   */
  private async refresh(client: Client): Promise<void> {
    if (this.refreshing) {
      this.stale = true;
      return;
    }
    this.refreshing = true;
    try {
      do {
        this.stale = false;
        let tools: Tool[];
        try {
          tools = await this.listAll(client, Date.now() + this.options.connectTimeoutMs);
        } catch (error) {
          this.options.logger.warn(
            "hermes-tools: listing a remote server's tools again failed; its tools stay as they were",
            {
              toolset: this.options.name,
              error: clip(describe(error), 200),
            },
          );
          this.probe(client, error);
          return;
        }
        if (client !== this.client) return;
        try {
          this.listed(tools);
        } catch (error) {
          // A listener or logger that throws must not leave the refresh half done without a word.
          this.options.logger.error("hermes-tools: taking a remote server's new tool list failed", {
            toolset: this.options.name,
            error: clip(describe(error), 200),
          });
        }
      } while (this.stale && client === this.client);
    } finally {
      this.refreshing = false;
    }
  }

  /** Something went wrong on the transport: a ping tells whether the server is still there. */
  private probe(client: Client, error: unknown): void {
    if (client !== this.client || this.probing) return;
    this.probing = true;
    // The 2026 era has no ping: asking for the server's description tells as much.
    const asked =
      client.getProtocolEra() === 'modern' ? client.discover({ timeout: 10_000 }) : client.ping({ timeout: 10_000 });
    asked
      // No answer: the connection is lost, and reconnecting starts.
      .catch(() => this.lost(client, describe(error)))
      .finally(() => {
        this.probing = false;
      });
  }

  private lost(client: Client, reason: string): void {
    if (client !== this.client) return;
    this.client = undefined;
    // Its subscriptions end with it: the next connection subscribes again once its resources are listed.
    this.#subscribed.clear();
    this.#listening = undefined;
    void client.close().catch((error: unknown) => this.closeFailed(error));
    const retryInMs = this.nextDelay();
    this.emit({ type: 'disconnected', toolset: this.options.name, reason: clip(reason, 200), retryInMs });
    this.schedule(retryInMs);
  }

  private schedule(delay: number): void {
    if (this.closed) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.reconnect(), delay);
    this.timer.unref();
  }

  private async reconnect(): Promise<void> {
    this.timer = undefined;
    if (this.closed || this.client !== undefined) return;
    try {
      const opened = await this.open();
      if (this.closed) {
        await opened.client.close().catch((error: unknown) => this.closeFailed(error));
        return;
      }
      this.adopt(opened.client, opened.tools, opened.pid);
    } catch (error) {
      const retryInMs = this.nextDelay();
      this.emit({
        type: 'reconnect_failed',
        toolset: this.options.name,
        reason: clip(describe(error), 200),
        retryInMs,
      });
      this.schedule(retryInMs);
    }
  }

  private nextDelay(): number {
    const { initialMs: initial, maxMs: max } = this.options.reconnect;
    const delay = Math.min(max, initial * 2 ** this.attempt);
    this.attempt = Math.min(this.attempt + 1, 30);
    return delay;
  }

  /** Tells `onEvent` of `event`; a listener that throws is logged, never thrown. */
  emit(event: McpToolsetEvent): void {
    try {
      this.options.onEvent?.(event);
    } catch (error) {
      // A listener's failure must not break the connection's bookkeeping: it is logged.
      this.options.logger.error('hermes-tools: an mcpToolset onEvent listener threw', {
        toolset: this.options.name,
        event: event.type,
        error: describe(error),
      });
    }
  }

  /** Closing a connection that failed: nothing is left to do but say so. */
  private closeFailed(error: unknown): void {
    this.options.logger.warn('hermes-tools: closing an MCP connection failed', {
      toolset: this.options.name,
      error: clip(describe(error), 200),
    });
  }

  /**
   * The server's tools, page by page, up to `limits.maxTools` tools and MAX_PAGES pages; the rest are dropped and
   * logged.
   */
  private async listAll(client: Client, deadline: number): Promise<Tool[]> {
    // One page at a time (the SDK's own walk would hold every page before these limits apply), not cached.
    const page = (cursor: string | undefined) =>
      client.request(
        { method: 'tools/list', ...(cursor !== undefined && { params: { cursor } }) },
        { timeout: Math.max(1, deadline - Date.now()) },
      );
    return (await this.listPages(page, 'tools', (tool) => describeTool(tool as Tool).chars)) as Tool[];
  }

  /**
   * Walks a listing's pages within the toolset's limits: at most `maxTools` items and `maxListingChars` characters of
   * JSON in all, and 100 pages. An item past either limit is dropped, and so is every one after it: the listing stays a
   * prefix. One deadline covers the whole walk (the pages' own timeouts say what is left of it).
   */
  private async listPages(
    fetch: (cursor: string | undefined) => Promise<unknown>,
    key: string,
    charsOf: (item: unknown) => number = (item) => JSON.stringify(item)?.length ?? 0,
  ): Promise<unknown[]> {
    const max = this.options.limits.maxTools;
    const maxChars = this.options.limits.maxListingChars;
    const items: unknown[] = [];
    let chars = 0;
    let full = false;
    let cursor: string | undefined;
    let pages = 0;
    let dropped = 0;
    do {
      const page = (await fetch(cursor)) as Record<string, unknown>;
      pages++;
      const listed = Object.hasOwn(page, key) && Array.isArray(page[key]) ? (page[key] as unknown[]) : [];
      for (const item of listed) {
        full ||= items.length >= max || chars + charsOf(item) > maxChars;
        if (full) dropped++;
        else {
          items.push(item);
          chars += charsOf(item);
        }
      }
      const next = page.nextCursor;
      cursor = typeof next === 'string' ? next : undefined;
    } while (cursor !== undefined && !full && pages < MAX_PAGES);
    if (dropped > 0 || cursor !== undefined) {
      const what = key === 'resourceTemplates' ? 'resource templates' : key;
      this.options.logger.warn(
        `hermes-tools: a remote server listed more ${what} than are kept; the rest are dropped`,
        {
          toolset: this.options.name,
          listing: key,
          kept: items.length,
          dropped: cursor === undefined ? dropped : `${dropped} and every page after the ${pages}th`,
          maxTools: max,
          maxListingChars: maxChars,
          maxPages: MAX_PAGES,
        },
      );
    }
    return items;
  }
}

/** A remote server's resources, resource templates and prompts, as it listed them (within the toolset's limits). */
export interface RemoteEntries {
  readonly resources: readonly Record<string, unknown>[];
  readonly templates: readonly Record<string, unknown>[];
  readonly prompts: readonly Record<string, unknown>[];
}

/** The own keys of `value` among `keys`, on an object without a prototype (a listing's item is the remote's JSON). */
function ownKeys(value: unknown, keys: readonly string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = Object.create(null);
  if (typeof value !== 'object' || value === null) return picked;
  for (const key of keys) if (Object.hasOwn(value, key)) picked[key] = (value as Record<string, unknown>)[key];
  return picked;
}

/** Each listed tool's key and the length of its JSON, made once per tool object. */
const described = new WeakMap<Tool, { readonly key: string; readonly chars: number }>();

function describeTool(tool: Tool): { readonly key: string; readonly chars: number } {
  let known = described.get(tool);
  if (known === undefined) {
    const json = JSON.stringify(tool);
    known = { key: createHash('sha256').update(json).digest('base64url'), chars: json.length };
    described.set(tool, known);
  }
  return known;
}

/** What a listed tool is compared by: all of it, as listed (a digest of its JSON, short to keep and compare). */
export function toolKey(tool: Tool): string {
  return describeTool(tool).key;
}

function offering(tools: readonly Tool[]): Map<string, { readonly tool: Tool; readonly key: string }> {
  return new Map(tools.map((tool) => [tool.name, { tool, key: toolKey(tool) }]));
}

/** SDK errors that mean the server answered, and the call failed: not a lost connection. */
function isAnswered(code: SdkErrorCode): boolean {
  return (
    code === SdkErrorCode.InvalidResult ||
    code === SdkErrorCode.InputRequiredRoundsExceeded ||
    code === SdkErrorCode.CapabilityNotSupported ||
    code === SdkErrorCode.MethodNotSupportedByProtocolVersion
  );
}

/** The kind of result the server sent that the client cannot take (`input_required`, or a task). */
function describeResultType(error: SdkError): string {
  const data = error.data as { resultType?: unknown } | undefined;
  return typeof data?.resultType === 'string' ? data.resultType : 'an unsupported result';
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

function clip(text: string, max = MAX_DETAIL): string {
  return redactAndClip(withoutLocations(text.slice(0, max * 4)).trim(), max);
}
