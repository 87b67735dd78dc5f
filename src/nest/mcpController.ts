import { All, Controller, Inject, type OnModuleDestroy, Req, Res, UseGuards } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { McpHttpHandler } from '../mcp/McpHttpHandler.js';
import { replyError } from '../mcp/replyError.js';
import type { McpRequestExtra } from '../mcp/McpServerOptions.js';
import { ToolRegistry } from '../registry/ToolRegistry.js';
import type { McpCallerIdentity } from './McpCallerIdentity.js';
import type { McpEndpointOptions } from './McpEndpointOptions.js';
import { principalOf } from './principalOf.js';

/** A request as Express gives it: Node's, with the body its parser read. */
type NodeRequest = IncomingMessage & { body?: unknown };
/** A request as Fastify gives it: Node's is `raw`. */
type FastifyLikeRequest = { readonly raw: IncomingMessage; readonly body?: unknown };
/** A reply as Fastify gives it: Node's is `raw`, written once `hijack()` takes it from Fastify. */
type FastifyLikeReply = { readonly raw: ServerResponse; hijack(): void };

/** Where the request's caller travels, in `extra.authInfo.extra`, from the controller to the MCP handlers. */
const CALLER = 'hermes-tools/nest-caller';

/**
 * A controller serving MCP Streamable HTTP on `options.path`, behind `options.guards`: the same
 * handler as `serveHttp` (sessions or stateless), with the caller from `options.caller(request)`.
 * The MCP SDK is loaded on the first request, so an app without `mcp` never loads it.
 * @internal
 */
export function mcpController(options: McpEndpointOptions): Function {
  const callerOf = options.caller ?? ((request: unknown): McpCallerIdentity => ({ caller: (request as { user?: unknown }).user }));
  const allowedOrigins = new Set(options.allowedOrigins ?? []);

  @Controller(options.path ?? 'mcp')
  @UseGuards(...(options.guards ?? []))
  class McpController implements OnModuleDestroy {
    #handler: Promise<McpHttpHandler> | undefined;

    constructor(@Inject(ToolRegistry) private readonly registry: ToolRegistry) {}

    #load(): Promise<McpHttpHandler> {
      this.#handler ??= import('../mcp/McpHttpHandler.js').then(
        ({ McpHttpHandler }) =>
          new McpHttpHandler(
            this.registry,
            {
              ...options,
              name: options.name ?? 'hermes-tools',
              version: options.version ?? '0.0.0',
              caller: (extra: McpRequestExtra) => extra.authInfo?.extra?.[CALLER],
            },
            'HermesToolsModule mcp',
            // Every request has a principal (see principalOf): tasks belong to the user who made them.
            true,
          ),
      );
      return this.#handler;
    }

    /** POST (messages), GET (a session's stream) and DELETE (end a session); other methods get 405 from the transport. */
    @All()
    async serve(@Req() request: NodeRequest | FastifyLikeRequest, @Res() response: ServerResponse | FastifyLikeReply): Promise<void> {
      // Express hands over Node's own objects; Fastify wraps them, and its reply is taken over before Node's is written.
      const req = 'raw' in request ? request.raw : request;
      const take = (): ServerResponse => {
        if (!('raw' in response)) return response;
        response.hijack();
        return response.raw;
      };
      const origin = req.headers.origin;
      if (origin !== undefined && !allowedOrigins.has(origin)) {
        return replyError(take(), 403, 'this origin may not call this MCP endpoint; add it to mcp.allowedOrigins to let its pages in');
      }
      // Before the reply is taken: a Nest HttpException thrown here is answered by Nest.
      const identity = await callerOf(request);
      const res = take();
      const principal = principalOf(identity);
      if (principal instanceof Error) return replyError(res, 500, principal.message);
      const who: AuthInfo = {
        token: '',
        clientId: principal ?? '',
        scopes: [],
        extra: { principal, permissions: identity.permissions, [CALLER]: identity.caller },
      };
      try {
        const handler = await this.#load();
        await handler.serve(req, res, req.method === 'POST' ? request.body : undefined, who, principal);
      } catch {
        if (!res.headersSent) replyError(res, 500, 'the MCP request could not be handled');
        else res.end();
      }
    }

    /** The app is closing: every session ends (`shutdown`), and their streams with them, before the server stops. */
    async onModuleDestroy(): Promise<void> {
      await (await this.#handler)?.close();
    }
  }
  return McpController;
}
