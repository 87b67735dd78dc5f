import type { CallOptions } from '../contracts/CallOptions.js';
import type { ToolCore } from '../contracts/ToolCore.js';
import type { ToolDefinition } from '../contracts/ToolDefinition.js';
import { newCallId } from '../context/newCallId.js';
import { AuditTrail } from './AuditTrail.js';
import { type CallMessage, callObserved, capturingContent, traceCall } from './callChannel.js';
import { unverifiedClaims } from './unverifiedClaims.js';
import { withCallId } from './withCallOptions.js';

/**
 * Runs a call that someone watches: the tool's audit record and the `hermes-tools:call` channel,
 * both given the call's outcome, its ToolError included. The call gets an id, if it brought none,
 * and `run` gets the options carrying it and the audit trail the steps note their verdicts on.
 */
export function watchCall(
  core: ToolCore,
  input: unknown,
  options: CallOptions,
  run: (options: CallOptions, trail: AuditTrail | undefined) => Promise<unknown>,
): Promise<unknown> {
  const { definition, audit } = core;
  const callId = options.callId ?? newCallId();
  const traced = withCallId(options, callId);
  const tool = definition.name;
  const toolset = definition.toolset;
  const caller = options.caller;
  const trail =
    audit === undefined
      ? undefined
      : new AuditTrail(
          audit,
          { tool, toolset, callId, caller, permissions: definition.permissions },
          input,
          unverifiedClaims(options.signal),
        );
  if (!callObserved()) {
    const running = run(traced, trail);
    return trail === undefined ? running : finishTrail(running, trail);
  }
  const message = callMessage(definition, callId, caller, options.trace, input);
  const running = traceCall(message, () => run(traced, trail));
  return trail === undefined ? running : finishTrail(running, trail);
}

/** The call channel's message about one call of a tool, with its arguments while content capture is on. */
export function callMessage(
  definition: ToolDefinition,
  callId: string,
  caller: unknown,
  trace: CallMessage['trace'],
  input: unknown,
): CallMessage {
  const tool = definition.name;
  const toolset = definition.toolset;
  // Object literals, never a spread: a subscriber adds keys to the message (its span, `runWithin`), and the call adds
  // its outcome, which costs a spread copy far more than a literal on Node 20 (bench/NOTES.md, hot path).
  return capturingContent()
    ? { tool, toolset, definition, callId, caller, trace, arguments: input }
    : { tool, toolset, definition, callId, caller, trace };
}

/** The call's audit record, given its outcome. */
function finishTrail(running: Promise<unknown>, trail: AuditTrail): Promise<unknown> {
  return running.then(
    (result) => {
      trail.finish({ ok: true, result });
      return result;
    },
    (error: unknown) => {
      trail.finish({ ok: false, error });
      throw error;
    },
  );
}
