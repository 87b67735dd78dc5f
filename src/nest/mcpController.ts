import {
  All,
  Controller,
  Inject,
  Logger,
  type OnModuleDestroy,
  type OnModuleInit,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/server';
import type { McpHttpHandler } from '../mcp/McpHttpHandler.js';
import { loadOptionalPeers } from '../errors/loadOptionalPeers.js';
import { replyError } from '../mcp/replyError.js';
import type { McpRequestExtra } from '../mcp/McpServerOptions.js';
import { ToolRegistry } from '../registry/ToolRegistry.js';
import type { McpCallerIdentity } from './McpCallerIdentity.js';
import type { McpEndpointOptions } from './McpEndpointOptions.js';
import { ownCopy } from '../internal/ownOptions.js';
import { principalOf } from './principalOf.js';
import { readIdentity } from './readIdentity.js';

/** A request as Express gives it: Node's, with the body its parser read. */
type NodeRequest = IncomingMessage & { body?: unknown };
/** A request as Fastify gives it: Node's is `raw`. */
type FastifyLikeRequest = { readonly raw: IncomingMessage; readonly body?: unknown };
/** A reply as Fastify gives it: Node's is `raw`, written once `hijack()` takes it from Fastify. */
type FastifyLikeReply = { readonly raw: ServerResponse; hijack(): void };

/** Where the request's caller travels, in `extra.authInfo.extra`, from the controller to the MCP handlers. */
const CALLER = 'hermes-tools/nest-caller';

type HandlerClass = typeof import('../mcp/McpHttpHandler.js').McpHttpHandler;

/** The MCP handler's class, or one line naming the missing SDK: asked when the app starts, not on the first request. */
async function loadHandlerClass(): Promise<HandlerClass> {
  await loadOptionalPeers(
    'hermes-tools/nest',
    {
      '@modelcontextprotocol/server': '@modelcontextprotocol/server',
      '@modelcontextprotocol/node': '@modelcontextprotocol/node',
    },
    'its mcp endpoint',
  );
  return (await import('../mcp/McpHttpHandler.js')).McpHttpHandler;
}

/**
 * A controller serving MCP Streamable HTTP on `options.path`, behind `options.guards`: the same
 * handler as `serveHttp` (sessions or stateless), with the caller from `options.caller(request)`.
 * The MCP SDK is loaded when the app initialises (a missing one fails `app.init()`), so an app
 * without `mcp` never loads it. Options are read as own keys only.
 * @internal
 */
export function mcpController(given: McpEndpointOptions): Function {
  const options = ownCopy(given);
  const callerOf =
    options.caller ?? ((request: unknown): McpCallerIdentity => ({ caller: (request as { user?: unknown }).user }));
  const allowedOrigins = new Set(options.allowedOrigins ?? []);
  const logger = new Logger('HermesToolsModule');

  @Controller(options.path ?? 'mcp')
  @UseGuards(...(options.guards ?? []))
  class McpController implements OnModuleInit, OnModuleDestroy {
    #Handler: Promise<HandlerClass> | undefined;
    #handler: Promise<McpHttpHandler> | undefined;

    constructor(@Inject(ToolRegistry) private readonly registry: ToolRegistry) {}

    /** Loads the MCP SDK at startup: without it, `app.init()` fails with one line saying what to install. */
    async onModuleInit(): Promise<void> {
      this.#Handler ??= loadHandlerClass();
      await this.#Handler;
    }

    #load(): Promise<McpHttpHandler> {
      this.#handler ??= (this.#Handler ??= loadHandlerClass()).then(
        (McpHttpHandler) =>
          new McpHttpHandler(
            this.registry,
            // On a null prototype, as `options`: the handler reads what the app gave, never Object.prototype.
            Object.assign(Object.create(null) as McpEndpointOptions, options, {
              name: options.name ?? 'hermes-tools',
              version: options.version ?? '0.0.0',
              caller: (extra: McpRequestExtra) => extra.http?.authInfo?.extra?.[CALLER],
            }),
            'HermesToolsModule mcp',
            // Every request has a principal (see principalOf): tasks belong to the user who made them.
            true,
          ),
      );
      return this.#handler;
    }

    /**
     * POST (messages), GET (a session's stream) and DELETE (end a session); other methods get 405 from the transport.
     */
    @All()
    async serve(
      @Req() request: NodeRequest | FastifyLikeRequest,
      @Res() response: ServerResponse | FastifyLikeReply,
    ): Promise<void> {
      // Express hands over Node's own objects; Fastify wraps them, and its reply is taken over before Node's is
      // written.
      const req = 'raw' in request ? request.raw : request;
      const take = (): ServerResponse => {
        if (!('raw' in response)) return response;
        response.hijack();
        return response.raw;
      };
      const origin = req.headers.origin;
      if (origin !== undefined && !allowedOrigins.has(origin)) {
        return replyError(
          take(),
          403,
          'this origin may not call this MCP endpoint; add it to mcp.allowedOrigins to let its pages in',
        );
      }
      // Before the reply is taken: a Nest HttpException thrown here is answered by Nest.
      const returned: unknown = await callerOf(request);
      const res = take();
      // A wrong answer from the hook fails this request (500, naming mcp.caller), never widens it.
      const identity = readIdentity(returned);
      if (identity instanceof Error) return failed(res, identity);
      const principal = principalOf(identity);
      if (principal instanceof Error) return failed(res, principal);
      const who: AuthInfo = {
        token: '',
        clientId: principal ?? '',
        scopes: [],
        extra: { principal, permissions: identity.permissions, [CALLER]: identity.caller },
      };
      try {
        const handler = await this.#load();
        await handler.serve(req, res, req.method === 'POST' ? request.body : undefined, who, principal);
      } catch (error) {
        // Logged, then answered 500 (or the stream ended, once its headers are out): the client learns
        // it failed, the operator why.
        logger.error(
          `the MCP request could not be handled: ${(error as Error)?.message ?? String(error)}`,
          (error as Error)?.stack,
        );
        if (!res.headersSent) replyError(res, 500, 'the MCP request could not be handled; the server logged why');
        else res.end();
      }
    }

    /** The app is closing: every session ends (`shutdown`), and their streams with them, before the server stops. */
    async onModuleDestroy(): Promise<void> {
      await (await this.#handler)?.close();
    }
  }
  /** A request refused for what the app's hook returned: logged, and answered 500 with the reason. */
  function failed(res: ServerResponse, error: Error): void {
    logger.error(error.message);
    replyError(res, 500, error.message);
  }
  return McpController;
}
