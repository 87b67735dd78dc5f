import type { ToolDefinition } from '../contracts/ToolDefinition.js';
import type { Logger } from '../contracts/Logger.js';
import type { PermissionGrant } from '../contracts/PermissionGrant.js';
import type { ToolContext } from '../contracts/ToolContext.js';
import { newCallId } from './newCallId.js';

export type ProgressListener = (progress: number, total?: number, message?: string) => void;

/**
 * The ToolContext of one call. Its AbortController is made on first use of `signal`, and its id on
 * first read of `callId`, so a call whose tool never looks at them pays nothing for them; an abort
 * before that is still seen.
 */
export class CallContext implements ToolContext {
  #controller: AbortController | undefined;
  #callId: string | undefined;
  #settled = false;

  readonly tool: string;
  readonly toolset: string;

  constructor(
    readonly definition: ToolDefinition,
    callId: string | undefined,
    readonly caller: unknown,
    readonly permissions: PermissionGrant | undefined,
    readonly logger: Logger,
    private readonly onProgress: ProgressListener | undefined,
    readonly trace: Readonly<Record<string, string>> | undefined = undefined,
  ) {
    this.tool = definition.name;
    this.toolset = definition.toolset;
    this.#callId = callId;
  }

  get callId(): string {
    return (this.#callId ??= newCallId());
  }

  get signal(): AbortSignal {
    return (this.#controller ??= new AbortController()).signal;
  }

  progress(progress: number, total?: number, message?: string): void {
    // After the call settled its caller has its answer; a late report would arrive after the result.
    if (this.onProgress === undefined || this.#settled) return;
    try {
      this.onProgress(progress, total, message);
    } catch {
      // A failing progress listener is the caller's problem and must not fail the tool.
    }
  }

  abort(reason: unknown): void {
    (this.#controller ??= new AbortController()).abort(reason);
  }

  /** The call has its outcome: later progress reports are dropped. */
  settle(): void {
    this.#settled = true;
  }
}
