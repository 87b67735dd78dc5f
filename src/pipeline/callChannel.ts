import { tracingChannel } from 'node:diagnostics_channel';
import type { ToolErrorCode } from '../contracts/ToolErrorCode.js';
import { ToolError } from '../errors/ToolError.js';

/**
 * What `hermes-tools:call` publishes about one call. Never the arguments, never the result:
 * `ok`, `code` and `durationMs` are filled in when the call settles, before `asyncEnd`.
 */
export interface CallMessage {
  readonly tool: string;
  /** Undefined for a name no tool has. */
  readonly toolset: string | undefined;
  readonly callId: string;
  readonly caller: unknown;
  ok?: boolean;
  /** `ok`, or the ToolError's code. */
  code?: 'ok' | ToolErrorCode;
  durationMs?: number;
  /** Set by the channel on failure: the ToolError the caller gets. */
  error?: unknown;
}

/**
 * Every call, refused ones included (unknown, unavailable, denied, invalid, not approved), is
 * published on this `node:diagnostics_channel` TracingChannel. Its `start`…`asyncEnd` events
 * bracket the whole call, the handler included, so a store bound to `start` (the way
 * OpenTelemetry instruments Node libraries) is the active one inside the tool.
 *
 * @example
 * import { tracingChannel } from 'node:diagnostics_channel';
 * tracingChannel('hermes-tools:call').subscribe({ asyncEnd: (m) => metrics.record(m.tool, m.code, m.durationMs) });
 */
export const CALL_CHANNEL = 'hermes-tools:call';

export const callChannel = tracingChannel<unknown, CallMessage>(CALL_CHANNEL);

/** Runs `run` as one traced call. Only called when someone subscribes: otherwise it costs nothing. */
export function traceCall(message: CallMessage, run: () => Promise<unknown>): Promise<unknown> {
  const started = performance.now();
  let result: unknown;
  // The result stays out of the message: tracePromise would publish what the traced function returns.
  return callChannel
    .tracePromise(async () => {
      try {
        result = await run();
        message.ok = true;
        message.code = 'ok';
      } catch (error) {
        message.ok = false;
        message.code = error instanceof ToolError ? error.code : 'execution_failed';
        throw error;
      } finally {
        message.durationMs = performance.now() - started;
      }
    }, message)
    .then(() => result);
}
