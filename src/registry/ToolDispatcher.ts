import type { CallOptions } from '../contracts/CallOptions.js';
import type { ContentPart } from '../contracts/ContentPart.js';
import type { ResolvedContentLimits } from '../contracts/ResolvedContentLimits.js';
import type { ToolCore } from '../contracts/ToolCore.js';
import type { ToolOutcome } from '../contracts/ToolOutcome.js';
import { newCallId } from '../context/newCallId.js';
import { invalidInputPayload } from '../errors/invalidInputPayload.js';
import { redactIssues } from '../errors/redactIssues.js';
import { InvalidInput } from '../pipeline/InvalidInput.js';
import { notJson } from '../pipeline/notJson.js';
import { ownValue } from '../internal/ownValue.js';
import { toJsonValue } from '../internal/toJsonValue.js';
import { withCallOptions } from '../pipeline/withCallOptions.js';
import { coreOf, pipelineOf } from '../tools/createRegisteredTool.js';
import type { RegisteredTool } from '../tools/RegisteredTool.js';
import { OutputValidationError } from '../errors/OutputValidationError.js';
import { DEFAULT_CONTENT_LIMITS } from '../results/contentDefaults.js';
import { fitContent, fitsAsIs } from './fitContent.js';
import { readContent } from '../results/readContent.js';
import { isToolResult, type ToolResult } from '../results/ToolResult.js';
import { cutToBudget } from './cutToBudget.js';
import type { Dispatcher } from './Dispatcher.js';
import { JSON_TEXT, type TextSinkOptions } from './JsonTextSink.js';
import { refuseUnknown } from './refuseUnknown.js';
import { safePayload } from './safePayload.js';
import type { ToolCatalog } from './ToolCatalog.js';
import type { ToolRegistryOptions } from './ToolRegistryOptions.js';

type Finish = (outcome: ToolOutcome, text?: string) => ToolOutcome;

const outcomeOnly: Finish = (outcome) => outcome;

/**
 * A registry's calls: `call` through a tool's pipeline, and `dispatch`, which turns what a call settles
 * with into a JSON outcome, cut to the tool's result budget. A name no tool has is refused and audited.
 */
export class ToolDispatcher implements Dispatcher {
  readonly #catalog: ToolCatalog;
  readonly #options: ToolRegistryOptions;

  constructor(catalog: ToolCatalog, options: ToolRegistryOptions) {
    this.#catalog = catalog;
    this.#options = options;
  }

  call(name: string, args: unknown, options?: CallOptions): Promise<unknown> {
    const tool = this.#catalog.find(name);
    if (tool !== undefined) return tool.execute(args, options);
    return this.#refuse(name, args, options);
  }

  /** `dispatch`; with a {@link JsonTextSink} in its options, the JSON text made on the way is left there. */
  dispatch(name: string, args: unknown, options: CallOptions = {}): Promise<ToolOutcome> {
    return this.#dispatch(name, args, options, false);
  }

  dispatchAsUnknown(name: string, args: unknown, options: CallOptions): Promise<ToolOutcome> {
    return this.#dispatch(name, args, options, true);
  }

  #refuse(name: unknown, args: unknown, options: CallOptions | undefined): Promise<unknown> {
    const catalog = this.#catalog;
    return refuseUnknown(name, args, options, () => catalog.notFound(name), catalog.caller, this.#options.audit);
  }

  /**
   * `dispatch`, `asUnknown` or not. Not an async function: the outcome is made in the call's own settlement,
   * without the turns an `await` adds.
   */
  #dispatch(name: string, args: unknown, options: CallOptions, asUnknown: boolean): Promise<ToolOutcome> {
    const tool = typeof name === 'string' ? name.slice(0, 200) : String(typeof name);
    let callId = '';
    let finish = outcomeOnly;
    let running: Promise<unknown>;
    // The tool as found when the call began: a live toolset may drop or replace it while the call runs.
    let found: RegisteredTool | undefined;
    // The caller's own options, read once: a polluted Object.prototype sets no call id, caller or permissions,
    // here or in the steps.
    let passed: CallOptions;
    try {
      const given = ownValue(options, 'callId');
      callId = typeof given === 'string' ? given.slice(0, 200) : newCallId();
      // A kernel that sends the result on as JSON text (MCP) gives a sink for the text made on the way.
      const sink = ownValue(options as TextSinkOptions, JSON_TEXT);
      if (sink !== undefined) finish = (outcome, text) => sink.keep(outcome, text);
      found = asUnknown ? undefined : this.#catalog.find(name);
      passed = withCallOptions(options, { callId });
      running = found === undefined ? this.#refuse(name, args, passed) : pipelineOf(found).attempt(args, passed);
    } catch (error) {
      return Promise.resolve(finish({ ok: false, tool, callId, error: safePayload(tool, error) }));
    }
    const failed = (error: unknown): ToolOutcome => {
      return finish({ ok: false, tool, callId, error: safePayload(tool, error) });
    };
    return running.then((value) => {
      try {
        return this.#outcome(found, tool, callId, value, passed, finish, failed);
      } catch (error) {
        return failed(error);
      }
    }, failed);
  }

  /**
   * The outcome of a call that settled with `value`, handed to `finish` with the JSON text made on the way:
   * an invalid input's payload (made without an Error), or the value as JSON within its budget.
   */
  #outcome(
    found: RegisteredTool | undefined,
    tool: string,
    callId: string,
    value: unknown,
    options: CallOptions,
    finish: Finish,
    failed: (error: unknown) => ToolOutcome,
  ): ToolOutcome | Promise<ToolOutcome> {
    if (value instanceof InvalidInput) {
      return finish({ ok: false, tool, callId, error: invalidInputPayload(tool, redactIssues(value.issues, false)) });
    }
    if (isToolResult(value)) return this.#richOutcome(found, tool, callId, value, options, finish, failed);
    const json = toJsonValue(value);
    if (!json.ok) {
      return finish({ ok: false, tool, callId, error: safePayload(tool, notJson(tool, json.reason, false)) });
    }
    const store = this.#options.results;
    const core = store === undefined || found === undefined ? undefined : coreOf(found);
    const budget = core?.maxResultChars;
    if (budget === undefined) return finish({ ok: true, tool, callId, value: json.value }, json.text);
    const text = json.text ?? JSON.stringify(json.value);
    if (text.length <= budget) return finish({ ok: true, tool, callId, value: json.value }, text);
    const cut = cutToBudget(store!, core!, text, json.value, budget, options);
    return cut.then((kept) => finish({ ok: true, tool, callId, ...kept }), failed);
  }

  /**
   * The outcome of a ToolResult: its parts checked against the tool's content limits and fitted to them (binary parts
   * over their size kept in the result store, text cut to the budget), beside its structured value as JSON.
   */
  #richOutcome(
    found: RegisteredTool | undefined,
    tool: string,
    callId: string,
    result: ToolResult,
    options: CallOptions,
    finish: Finish,
    failed: (error: unknown) => ToolOutcome,
  ): ToolOutcome | Promise<ToolOutcome> {
    const core = found === undefined ? undefined : coreOf(found);
    const limits = core?.contentLimits ?? DEFAULT_CONTENT_LIMITS;
    const read = readContent(result.content, limits);
    if (!read.ok)
      return failed(new OutputValidationError(tool, read.issues, false, 'has content parts that cannot be sent'));
    let value: unknown;
    let text: string | undefined;
    if (result.value !== undefined) {
      const json = toJsonValue(result.value);
      if (!json.ok) return failed(notJson(tool, json.reason, false));
      value = json.value;
      text = json.text ?? JSON.stringify(json.value);
    }
    const budget = core?.maxResultChars;
    // Most results leave as they are: then no store is asked and nothing waits.
    if (
      (budget === undefined || (text?.length ?? 0) <= budget) &&
      fitsAsIs(read.parts, read.bytes, limits, budget, text?.length ?? 0)
    )
      return finish({ ok: true, tool, callId, value, content: read.parts }, text);
    return this.#fitRich(core, tool, callId, value, text, read, limits, options, finish).catch(failed);
  }

  /** A ToolResult that does not fit as it is: its value cut to the budget, its parts fitted (kept, cut, refused). */
  async #fitRich(
    core: ToolCore | undefined,
    tool: string,
    callId: string,
    given: unknown,
    givenText: string | undefined,
    read: { readonly parts: readonly ContentPart[]; readonly bytes: readonly number[] },
    limits: ResolvedContentLimits,
    options: CallOptions,
    finish: Finish,
  ): Promise<ToolOutcome> {
    const store = this.#options.results;
    const budget = core?.maxResultChars;
    let value = given;
    let text = givenText;
    let truncated: { id: string | undefined; shownChars: number; totalChars: number } | undefined;
    if (
      text !== undefined &&
      budget !== undefined &&
      store !== undefined &&
      core !== undefined &&
      text.length > budget
    ) {
      const cut = await cutToBudget(store, core, text, value, budget, options);
      ({ value, truncated } = cut);
      text = undefined;
    }
    const used = truncated === undefined ? (text?.length ?? 0) : (budget ?? 0);
    const fitted = await fitContent(read.parts, read.bytes, limits, tool, core, store, budget, used, options);
    truncated ??= fitted.truncated;
    return finish(
      {
        ok: true,
        tool,
        callId,
        value,
        content: fitted.parts,
        ...(truncated === undefined ? {} : { truncated }),
      },
      text,
    );
  }
}
