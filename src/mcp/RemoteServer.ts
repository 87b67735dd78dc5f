import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  type CallToolResult,
  ErrorCode,
  McpError,
  type Tool,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
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

/**
 * The SDK client would compile every listed tool's `outputSchema` (Ajv, in this process, on every listing) and run it
 * on
 * each result: a hostile server's schema could then hold the event loop (a catastrophic pattern) or the heap (thousands
 * of
 * schemas). Remote results are not checked against their schema here (the README says so): nothing is compiled.
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
 * One remote MCP server as `mcpToolset` sees it: a connected SDK Client (or none while it
 * reconnects, with doubling delays on timers that never keep the process alive), the tools it
 * offers now, and the input schemas the registry compiled at load.
 */
export class RemoteServer {
  private client: Client | undefined;
  private offered = new Map<string, Tool>();
  private readonly registered = new Map<string, string>();
  private attempt = 0;
  private timer: NodeJS.Timeout | undefined;
  private probing = false;
  private closed = false;

  constructor(private readonly options: ToolsetSettings) {}

  /** Connects and lists the tools, or rejects: the first connection is not retried. */
  async start(): Promise<readonly Tool[]> {
    const opened = await this.open();
    this.adopt(opened.client, opened.tools, opened.pid);
    return opened.tools;
  }

  /** Records the tools the registry holds, with the input schemas they were compiled from. */
  register(tools: readonly Tool[]): void {
    for (const tool of tools) this.registered.set(tool.name, schemaKey(tool));
  }

  /** Whether a registered remote tool can be called now: connected, still offered, same input schema. */
  isAvailable(name: string): boolean {
    const tool = this.offered.get(name);
    return this.client !== undefined && tool !== undefined && schemaKey(tool) === this.registered.get(name);
  }

  /** Calls a remote tool with validated input, relaying progress and cancellation. */
  async call(name: string, input: unknown, ctx: ToolContext): Promise<unknown> {
    const client = this.client;
    if (client === undefined)
      throw new ToolUnavailableError(ctx.tool, `the MCP server "${this.options.name}" is disconnected`);
    let result: CallToolResult;
    // A toolset's own timeoutMs is the pipeline's deadline, which aborts the signal; without one, the SDK's default
    // bounds the call.
    const timeout = this.options.timeoutMs === undefined ? remoteCallDefaults.timeoutMs : MAX_TIMEOUT_MS;
    try {
      result = (await client.callTool({ name, arguments: input as Record<string, unknown> }, undefined, {
        signal: ctx.signal,
        timeout,
        onprogress: (p) => ctx.progress(p.progress, p.total, p.message),
      })) as CallToolResult;
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
        // A server that does not answer one call may still be there: a ping tells.
        this.probe(client, error);
        throw new ToolTimeoutError(ctx.tool, timeout);
      }
      if (error instanceof McpError && error.code !== ErrorCode.ConnectionClosed) {
        throw new ToolExecutionError(ctx.tool, clip(error.message), { cause: error });
      }
      this.lost(client, describe(error));
      throw new ToolUnavailableError(
        ctx.tool,
        `the MCP server "${this.options.name}" could not be reached (${clip(describe(error), 200)})`,
      );
    }
    const texts = (result.content ?? []).flatMap((c) => (c.type === 'text' ? [c.text] : []));
    if (result.isError === true) {
      throw new ToolExecutionError(
        ctx.tool,
        clip(texts.join('\n')) || 'the remote tool reported an error without text',
        { cause: result },
      );
    }
    if (result.structuredContent !== undefined) return result.structuredContent;
    const content = result.content ?? [];
    return content.length > 0 && texts.length === content.length ? texts.join('\n') : content;
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
    const client = new Client(
      { name: 'hermes-tools', version: '1' },
      { capabilities: {}, jsonSchemaValidator: UNCHECKED_OUTPUT },
    );
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
    try {
      await client.connect(transport, { timeout });
      const tools = await this.listAll(client, timeout);
      return { client, tools, pid: stdio?.pid ?? undefined };
    } catch (error) {
      await client.close().catch((closing: unknown) => this.closeFailed(closing));
      throw error;
    }
  }

  private adopt(client: Client, tools: readonly Tool[], pid: number | undefined): void {
    this.client = client;
    this.attempt = 0;
    client.onclose = () => this.lost(client, 'the connection closed');
    client.onerror = (error) => this.probe(client, error);
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => void this.refresh(client));
    const changes = this.setOffered(tools);
    this.emit({
      type: 'connected',
      toolset: this.options.name,
      tools: tools.map((t) => t.name),
      ...(pid !== undefined && { pid }),
    });
    if (this.registered.size > 0 && (changes.unavailable.length > 0 || changes.added.length > 0))
      this.emit({ type: 'tools_changed', toolset: this.options.name, ...changes });
  }

  private setOffered(tools: readonly Tool[]): { unavailable: string[]; added: string[] } {
    this.offered = new Map(tools.map((t) => [t.name, t]));
    const unavailable = [...this.registered.keys()].filter((name) => !this.isAvailable(name));
    const added = tools.filter((t) => !this.registered.has(t.name)).map((t) => t.name);
    return { unavailable, added };
  }

  private async refresh(client: Client): Promise<void> {
    try {
      const tools = await this.listAll(client, this.options.connectTimeoutMs);
      if (client !== this.client) return;
      this.emit({ type: 'tools_changed', toolset: this.options.name, ...this.setOffered(tools) });
    } catch (error) {
      this.probe(client, error);
    }
  }

  /** Something went wrong on the transport: a ping tells whether the server is still there. */
  private probe(client: Client, error: unknown): void {
    if (client !== this.client || this.probing) return;
    this.probing = true;
    client
      .ping({ timeout: 10_000 })
      // No answer to the ping: the connection is lost, and reconnecting starts.
      .catch(() => this.lost(client, describe(error)))
      .finally(() => {
        this.probing = false;
      });
  }

  private lost(client: Client, reason: string): void {
    if (client !== this.client) return;
    this.client = undefined;
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

  private emit(event: McpToolsetEvent): void {
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
  private async listAll(client: Client, timeout: number): Promise<Tool[]> {
    const max = this.options.limits.maxTools;
    const tools: Tool[] = [];
    let cursor: string | undefined;
    let pages = 0;
    let dropped = 0;
    do {
      const page = await client.listTools(cursor === undefined ? {} : { cursor }, { timeout });
      pages++;
      const room = Math.max(0, max - tools.length);
      tools.push(...page.tools.slice(0, room));
      dropped += Math.max(0, page.tools.length - room);
      cursor = page.nextCursor;
    } while (cursor !== undefined && tools.length < max && pages < MAX_PAGES);
    if (dropped > 0 || cursor !== undefined) {
      this.options.logger.warn('hermes-tools: a remote server listed more tools than are kept; the rest are dropped', {
        toolset: this.options.name,
        kept: tools.length,
        dropped: cursor === undefined ? dropped : `${dropped} and every page after the ${pages}th`,
        maxTools: max,
        maxPages: MAX_PAGES,
      });
    }
    return tools;
  }
}

function schemaKey(tool: Tool): string {
  return JSON.stringify(tool.inputSchema);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

function clip(text: string, max = MAX_DETAIL): string {
  return redactAndClip(withoutLocations(text.slice(0, max * 4)).trim(), max);
}
