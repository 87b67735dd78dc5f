import type { CallOptions } from '../contracts/CallOptions.js';
import type { ToolCore } from '../contracts/ToolCore.js';
import { newCallId } from '../context/newCallId.js';
import { AuditTrail } from './AuditTrail.js';
import { callObserved, capturingContent, traceCall } from './callChannel.js';
import { unverifiedClaims } from './unverifiedClaims.js';
import { withCallOptions } from './withCallOptions.js';

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
  const traced = withCallOptions(options, { callId });
  const about = { tool: definition.name, toolset: definition.toolset, callId, caller: options.caller };
  const trail =
    audit === undefined
      ? undefined
      : new AuditTrail(
          audit,
          { ...about, permissions: definition.permissions },
          input,
          unverifiedClaims(options.signal),
        );
  const running = !callObserved()
    ? run(traced, trail)
    : traceCall({ ...about, definition, trace: options.trace, ...(capturingContent() && { arguments: input }) }, () =>
        run(traced, trail),
      );
  if (trail === undefined) return running;
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
