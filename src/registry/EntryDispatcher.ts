import { CallContext } from '../context/CallContext.js';
import type { CallOptions } from '../contracts/CallOptions.js';
import type { Completion, CompletionContext, CompletionReference } from '../contracts/Completion.js';
import type { PromptOutcome } from '../contracts/PromptOutcome.js';
import type { ResourceOutcome } from '../contracts/ResourceOutcome.js';
import type { ToolErrorPayload } from '../contracts/ToolErrorPayload.js';
import { readPromptMessages } from '../entries/readPromptMessages.js';
import { readResourceContents } from '../entries/readResourceContents.js';
import { OutputValidationError } from '../errors/OutputValidationError.js';
import { PermissionDeniedError } from '../errors/PermissionDeniedError.js';
import { PromptNotFoundError } from '../errors/PromptNotFoundError.js';
import { ResourceNotFoundError } from '../errors/ResourceNotFoundError.js';
import { ToolAbortedError } from '../errors/ToolAbortedError.js';
import type { ToolError } from '../errors/ToolError.js';
import { ToolExecutionError } from '../errors/ToolExecutionError.js';
import { onAbort } from '../internal/onAbort.js';
import { ownValue } from '../internal/ownValue.js';
import { checkAccess } from '../pipeline/checkAccess.js';
import { coreOf } from '../tools/createRegisteredTool.js';
import type { RegisteredTool } from '../tools/RegisteredTool.js';
import type { EntryCatalog } from './EntryCatalog.js';
import { metaOf } from './metaOf.js';
import { refuseUnknown } from './refuseUnknown.js';
import { ToolDispatcher } from './ToolDispatcher.js';
import type { ToolRegistryOptions } from './ToolRegistryOptions.js';

/** The most completion values sent, as MCP allows. */
const MAX_COMPLETIONS = 100;
/** The longest completion value kept. */
const MAX_COMPLETION_CHARS = 1000;

/**
 * A registry's reads, gets and completions: a URI matched to its resource, a prompt found by name, each run through its
 * own pipeline (guards, permissions, validation of its variables or arguments, interceptors, audit, time limit), and
 * what it returns read as contents or messages within its content limits. Never rejects but for completions, which
 * reject with the ToolError a caller may be shown.
 */
export class EntryDispatcher {
  readonly #entries: EntryCatalog;
  readonly #resources: ToolDispatcher;
  readonly #prompts: ToolDispatcher;
  readonly #audit: ToolRegistryOptions['audit'];

  constructor(entries: EntryCatalog, options: ToolRegistryOptions) {
    this.#entries = entries;
    this.#audit = options.audit;
    this.#resources = new ToolDispatcher(entries.resources, options);
    this.#prompts = new ToolDispatcher(entries.prompts, options);
  }

  async readResource(uri: unknown, options: CallOptions = {}): Promise<ResourceOutcome> {
    const text = typeof uri === 'string' ? uri : String(typeof uri);
    const found = typeof uri === 'string' ? this.#entries.match(uri) : undefined;
    if (found === undefined)
      return {
        ok: false,
        uri: text,
        error: await this.#unknown(text, { uri: text }, options, new ResourceNotFoundError(text)),
      };
    const outcome = await this.#resources.dispatch(found.tool.name, found.variables, options);
    if (!outcome.ok) return { ok: false, uri: text, error: outcome.error };
    const read = readResourceContents(
      outcome.value,
      text,
      metaOf(found.tool)?.mimeType,
      coreOf(found.tool).contentLimits,
    );
    if (!read.ok) return { ok: false, uri: text, error: faulty(found.tool, read.problem, 'resource contents') };
    return { ok: true, uri: text, contents: read.contents };
  }

  async getPrompt(name: unknown, args: unknown, options: CallOptions = {}): Promise<PromptOutcome> {
    const text = typeof name === 'string' ? name.slice(0, 200) : String(typeof name);
    const tool = typeof name === 'string' ? this.#entries.prompt(name) : undefined;
    if (tool === undefined)
      return { ok: false, name: text, error: await this.#unknown(text, args, options, new PromptNotFoundError(text)) };
    const outcome = await this.#prompts.dispatch(tool.name, args ?? {}, options);
    if (!outcome.ok) return { ok: false, name: text, error: outcome.error };
    const read = readPromptMessages(outcome.value, coreOf(tool).contentLimits);
    if (!read.ok) return { ok: false, name: text, error: faulty(tool, read.problem, 'prompt messages') };
    return {
      ok: true,
      name: text,
      ...(read.description === undefined ? {} : { description: read.description }),
      messages: read.messages,
    };
  }

  /** A URI or a prompt name nothing this caller sees answers to: refused, and audited as an unknown tool's call is. */
  async #unknown(text: string, args: unknown, options: CallOptions, error: ToolError): Promise<ToolErrorPayload> {
    try {
      await refuseUnknown(text, args, options, () => error, this.#entries.resources.caller, this.#audit);
    } catch (refused) {
      if (refused !== error) throw refused;
    }
    return error.toPayload();
  }

  /**
   * The completions of a prompt's argument or a template's variable: only for an entry the caller sees and may use
   * (its guards and permissions, asked now), from the class's `@Complete` method; none when it has none.
   */
  async complete(
    ref: CompletionReference,
    argument: { readonly name: string; readonly value: string },
    context: CompletionContext = { arguments: {} },
    options: CallOptions = {},
  ): Promise<Completion> {
    const type = ownValue(ref, 'type');
    const tool =
      type === 'ref/prompt'
        ? this.#entries.prompt(String(ownValue(ref as { name: string }, 'name')))
        : type === 'ref/resource'
          ? this.#entries.template(String(ownValue(ref as { uri: string }, 'uri')))
          : undefined;
    if (tool === undefined)
      throw type === 'ref/resource'
        ? new ResourceNotFoundError(
            String(ownValue(ref as { uri: string }, 'uri')),
            'A completion names a template by its uriTemplate, as resources/templates/list gives it.',
          )
        : new PromptNotFoundError(String(ownValue(ref as { name: string }, 'name')));
    const core = coreOf(tool);
    const caller = core.identity?.caller ?? ownValue(options, 'caller');
    const permissions = core.identity?.permissions ?? ownValue(options, 'permissions');
    const denial = await checkAccess(core)(caller, permissions);
    if (denial !== undefined) throw new PermissionDeniedError(tool.name, denial);
    const completer = core.entry?.completers[String(ownValue(argument, 'name'))];
    if (completer === undefined) return { values: [], hasMore: false };
    // The request's signal reaches the completion method's ctx.signal: a client that gives up ends it.
    const signal = ownValue(options, 'signal');
    const link =
      signal instanceof AbortSignal
        ? (controller: AbortController) => onAbort(signal, () => controller.abort(signal.reason))
        : undefined;
    const ctx = new CallContext(
      core.definition,
      undefined,
      caller,
      permissions,
      core.logger,
      undefined,
      undefined,
      link,
    );
    if (signal instanceof AbortSignal && signal.aborted) throw new ToolAbortedError(tool.name);
    let given: unknown;
    try {
      given = await completer(String(ownValue(argument, 'value') ?? ''), context, ctx);
    } catch (error) {
      core.logger.error('hermes-tools: a completion method failed', {
        tool: tool.name,
        error: error instanceof Error ? error.message : String(error),
      });
      throw new ToolExecutionError(tool.name, 'its completion method failed', { cause: error });
    } finally {
      ctx.settle();
    }
    const values = (Array.isArray(given) ? given : [])
      .filter((value): value is string => typeof value === 'string')
      .map((value) => value.slice(0, MAX_COMPLETION_CHARS));
    return {
      values: values.slice(0, MAX_COMPLETIONS),
      total: values.length,
      hasMore: values.length > MAX_COMPLETIONS,
    };
  }
}

/** The error of an entry whose method returned what cannot be sent: the author's fault, named. */
function faulty(tool: RegisteredTool, problem: string, what: string): ToolErrorPayload {
  return new OutputValidationError(
    tool.name,
    [{ path: what === 'resource contents' ? 'contents' : 'messages', message: problem, constraint: 'shape' }],
    false,
    `cannot be sent as ${what}`,
  ).toPayload();
}
