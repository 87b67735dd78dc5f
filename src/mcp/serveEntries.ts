import { ProtocolError, ProtocolErrorCode, ResourceNotFoundError, type Server } from '@modelcontextprotocol/server';
import type { CallOptions } from '../contracts/CallOptions.js';
import type { ToolErrorPayload } from '../contracts/ToolErrorPayload.js';
import type { ToolError } from '../errors/ToolError.js';
import type { CallerIdentity } from '../registry/CallerIdentity.js';
import { ERROR_META_KEY } from './toCallToolResult.js';
import type { McpRequestExtra } from './McpServerOptions.js';
import type { ServedRegistry } from './ServedRegistry.js';

/** The most resources one 2025 session may subscribe to at once. */
export const MAX_SUBSCRIPTIONS_PER_SESSION = 100;

/** What serving the entries needs of the server that holds them. */
export interface EntryServing {
  readonly era: 'legacy' | 'modern';
  /** Who a request acts for. */
  identityOf(extra: McpRequestExtra): CallerIdentity;
  /** The registry as that caller sees it. */
  visible(identity: CallerIdentity, extra: McpRequestExtra): Promise<ServedRegistry>;
  /** Where the resources' change notices come from. */
  readonly registry: ServedRegistry;
  /** Where what fails outside a request goes. */
  failed(error: unknown): void;
}

/**
 * The resources, resource templates, prompts and completions of a registry on one MCP server, in either era: each
 * listed, read, got or completed through the caller's view (what it may not see answers as unknown), with the request's
 * caller, permissions and signal. A 2025 session subscribes to URIs it may read (at most
 * {@link MAX_SUBSCRIPTIONS_PER_SESSION}), hears `notifications/resources/updated` for them until it unsubscribes or
 * closes; a 2026 client names its URIs on its `subscriptions/listen` stream, fed by the endpoint.
 * Returns how to stop listening for changes (when the server closes).
 */
export function serveEntries(server: Server, serving: EntryServing): () => void {
  const { era, identityOf, visible } = serving;
  const view = (extra: McpRequestExtra): Promise<ServedRegistry> => visible(identityOf(extra), extra);
  const optionsOf = (extra: McpRequestExtra): CallOptions => {
    const { caller, permissions } = identityOf(extra);
    return { caller, permissions, signal: extra.mcpReq.signal };
  };

  server.setRequestHandler('resources/list', async (_request, extra) => ({
    resources: (await view(extra)).resources().map((resource) => ({
      uri: resource.uri,
      name: resource.name,
      ...(resource.title === undefined ? {} : { title: resource.title }),
      description: resource.description,
      ...(resource.mimeType === undefined ? {} : { mimeType: resource.mimeType }),
    })),
  }));

  server.setRequestHandler('resources/templates/list', async (_request, extra) => ({
    resourceTemplates: (await view(extra)).resourceTemplates().map((template) => ({
      uriTemplate: template.uriTemplate,
      name: template.name,
      ...(template.title === undefined ? {} : { title: template.title }),
      description: template.description,
      ...(template.mimeType === undefined ? {} : { mimeType: template.mimeType }),
    })),
  }));

  server.setRequestHandler('resources/read', async (request, extra) => {
    const outcome = await (await view(extra)).readResource(request.params.uri, optionsOf(extra));
    if (!outcome.ok) throw protocolErrorOf(outcome.error, outcome.uri);
    return { contents: outcome.contents.map((contents) => ({ ...contents })) };
  });

  server.setRequestHandler('prompts/list', async (_request, extra) => ({
    prompts: (await view(extra)).prompts().map((prompt) => ({
      name: prompt.name,
      ...(prompt.title === undefined ? {} : { title: prompt.title }),
      description: prompt.description,
      arguments: prompt.arguments.map((argument) => ({ ...argument })),
    })),
  }));

  server.setRequestHandler('prompts/get', async (request, extra) => {
    const outcome = await (await view(extra)).getPrompt(
      request.params.name,
      request.params.arguments ?? {},
      optionsOf(extra),
    );
    if (!outcome.ok) throw protocolErrorOf(outcome.error);
    return {
      ...(outcome.description === undefined ? {} : { description: outcome.description }),
      messages: outcome.messages.map((message) => ({ role: message.role, content: { ...message.content } })) as never,
    };
  });

  server.setRequestHandler('completion/complete', async (request, extra) => {
    const { ref, argument, context } = request.params;
    const reference =
      ref.type === 'ref/prompt'
        ? { type: 'ref/prompt' as const, name: String((ref as { name?: unknown }).name) }
        : { type: 'ref/resource' as const, uri: String((ref as { uri?: unknown }).uri) };
    try {
      const completion = await (await view(extra)).complete(
        reference,
        { name: argument.name, value: argument.value },
        { arguments: { ...context?.arguments } },
        optionsOf(extra),
      );
      return { completion: { values: [...completion.values], total: completion.total, hasMore: completion.hasMore } };
    } catch (error) {
      if (isToolError(error)) throw protocolErrorOf(error.toPayload());
      throw error;
    }
  });

  if (era === 'modern') return () => undefined;
  // 2025: this session's subscriptions, checked against what the caller may read when made. The server listens for
  // changes from its first subscription on (a stateless request's server never does).
  const subscribed = new Set<string>();
  let stop: (() => void) | undefined;
  server.setRequestHandler('resources/subscribe', async (request, extra) => {
    const { uri } = request.params;
    // Over HTTP without a session, nothing outlives the request: no notice could ever reach the subscriber.
    if (extra.http !== undefined && extra.sessionId === undefined)
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        'resources/subscribe needs a session: this server answers stateless requests, which nothing can reach later; read the resource again when you need it',
      );
    if (!(await view(extra)).hasResource(uri))
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `There is no resource at ${JSON.stringify(uri.slice(0, 200))} to subscribe to; subscribe to a URI resources/list gives, or one a template matches`,
      );
    if (!subscribed.has(uri) && subscribed.size >= MAX_SUBSCRIPTIONS_PER_SESSION)
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `this session holds ${MAX_SUBSCRIPTIONS_PER_SESSION} resource subscriptions, the most it may; unsubscribe from one first`,
      );
    subscribed.add(uri);
    stop ??= serving.registry.resourceUpdates.subscribe((changed) => {
      if (subscribed.has(changed)) server.sendResourceUpdated({ uri: changed }).catch(serving.failed);
    });
    return {};
  });
  server.setRequestHandler('resources/unsubscribe', async (request) => {
    subscribed.delete(request.params.uri);
    return {};
  });
  return () => {
    stop?.();
    stop = undefined;
    subscribed.clear();
  };
}

/**
 * A read's, get's or completion's error as the JSON-RPC error MCP expects: an unknown URI or prompt and invalid
 * arguments are invalid params (the SDK maps a resource not found there in every era); anything else an internal error
 * whose message is the one written for the caller, with the error payload in `data`.
 */
function protocolErrorOf(error: ToolErrorPayload, uri?: string): ProtocolError {
  // The SDK's own error for an unknown URI (its data is { uri }), which its clients recognise; hidden reads the same.
  if (error.code === 'resource_not_found' && uri !== undefined) return new ResourceNotFoundError(uri, error.message);
  const invalid =
    error.code === 'resource_not_found' ||
    error.code === 'prompt_not_found' ||
    error.code === 'invalid_input' ||
    error.code === 'permission_denied';
  return new ProtocolError(invalid ? ProtocolErrorCode.InvalidParams : ProtocolErrorCode.InternalError, error.message, {
    [ERROR_META_KEY]: { ...error },
  });
}

function isToolError(error: unknown): error is ToolError {
  return typeof error === 'object' && error !== null && typeof (error as ToolError).toPayload === 'function';
}
