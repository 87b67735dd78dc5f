import { tracingChannel } from 'node:diagnostics_channel';
import type { ToolDefinition } from '../contracts/ToolDefinition.js';
import type { ToolErrorCode } from '../contracts/ToolErrorCode.js';
import { ToolError } from '../errors/ToolError.js';

/**
 * What `hermes-tools:call` publishes about one call. Never the arguments, never the result
 * (unless content capture is on, see `captureCallContent`): `ok`, `code` and `durationMs` are
 * filled in when the call settles, before `asyncEnd`.
 */
export interface CallMessage {
  readonly tool: string;
  /** Undefined for a name no tool has. */
  readonly toolset: string | undefined;
  /** The tool's definition (hints, description, permissions); undefined for a name no tool has. */
  readonly definition: ToolDefinition | undefined;
  readonly callId: string;
  readonly caller: unknown;
  /**
   * The caller's trace context (W3C `traceparent`, `tracestate`, `baggage`), when the call brought one (MCP `_meta`).
   */
  readonly trace: Readonly<Record<string, string>> | undefined;
  /**
   * Set by a `start` subscriber to run the call inside its own context: the call runs as
   * `runWithin(call)`. This is how a tracer makes its span the active one inside the tool when
   * its context is not an AsyncLocalStorage it could bind to `start`.
   */
  runWithin?: <T>(call: () => Promise<T>) => Promise<T>;
  /** The arguments as sent, only while content capture is on. */
  arguments?: unknown;
  /** The result, only while content capture is on and the call succeeded. */
  result?: unknown;
  ok?: boolean;
  /** `ok`, or the ToolError's code. */
  code?: 'ok' | ToolErrorCode;
  durationMs?: number;
  /** Set on failure: the ToolError the caller gets. */
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

const { start, end, asyncStart, asyncEnd, error: errorChannel } = callChannel;

/**
 * Whether anyone subscribes to the call channel: what `callChannel.hasSubscribers` answers, read
 * here channel by channel, which stays quick once subscribers have come and gone, where Node's own
 * getter does not (bench/NOTES.md, hot path).
 */
export function callObserved(): boolean {
  return (
    start.hasSubscribers ||
    end.hasSubscribers ||
    asyncStart.hasSubscribers ||
    asyncEnd.hasSubscribers ||
    errorChannel.hasSubscribers
  );
}

let contentCaptures = 0;

/**
 * Puts each call's arguments and result on its channel message (`arguments`, `result`) until the
 * returned function is called. For instrumentation that records content on request (OpenTelemetry's
 * opt-in content attributes); redact before you store them. Off by default.
 */
export function captureCallContent(): () => void {
  contentCaptures++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    contentCaptures--;
  };
}

/** Whether messages carry content now. */
export function capturingContent(): boolean {
  return contentCaptures > 0;
}

/**
 * Runs `run` as one traced call, publishing as `TracingChannel.tracePromise` does (`start` with
 * bound stores, `end`, then `error`, `asyncStart`, `asyncEnd`), and letting a `start` subscriber
 * wrap the call (`runWithin`). Only called when someone subscribes: otherwise it costs nothing.
 */
export function traceCall(message: CallMessage, run: () => Promise<unknown>): Promise<unknown> {
  const started = performance.now();
  return callChannel.start.runStores(message, () => {
    let running: Promise<unknown>;
    try {
      running = message.runWithin === undefined ? run() : message.runWithin(run);
    } catch (error) {
      running = Promise.reject(error);
    }
    callChannel.end.publish(message);
    return running.then(
      (result) => {
        message.ok = true;
        message.code = 'ok';
        message.durationMs = performance.now() - started;
        if (capturingContent()) message.result = result;
        callChannel.asyncStart.publish(message);
        callChannel.asyncEnd.publish(message);
        return result;
      },
      (error: unknown) => {
        message.ok = false;
        message.code = error instanceof ToolError ? error.code : 'execution_failed';
        message.durationMs = performance.now() - started;
        message.error = error;
        callChannel.error.publish(message);
        callChannel.asyncStart.publish(message);
        callChannel.asyncEnd.publish(message);
        throw error;
      },
    );
  });
}
