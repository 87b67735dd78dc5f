import type { ToolCore } from '../contracts/ToolCore.js';
import { runInCall, trackingCalls } from '../context/currentCall.js';
import { ToolAbortedError } from '../errors/ToolAbortedError.js';
import { toToolError } from '../errors/toToolError.js';
import { checkResult } from './checkResult.js';
import type { PendingCall } from './PendingCall.js';
import { withDeadline } from './withDeadline.js';

/**
 * The handler step: the interceptors and the handler, under the call's time limit and signal, then the output check
 * (`checkResult`). A failure becomes the ToolError the caller gets through `failed`, the pipeline's own.
 */
export function runHandler(
  core: ToolCore,
  call: PendingCall,
  value: unknown,
  failed: (error: unknown) => never,
): Promise<unknown> {
  const { invoke, checkOutput } = core;
  const name = core.definition.name;
  const ctx = call.context;
  // The common case (no limit, no signal, nothing reading the injected context) calls straight through.
  const running =
    !call.bounded && !trackingCalls()
      ? invoke(value, ctx)
      : withDeadline(() => runInCall(ctx, () => invoke(value, ctx)), ctx, call.timeoutMs, call.signal);
  const followed = call.followed;
  // Settling only silences late progress and unlinks a followed signal: with neither and no output to check, a result
  // passes as it is.
  if (followed === undefined && call.options.onProgress === undefined && checkOutput === undefined)
    return running.then(undefined, failed);
  return running.then(
    (result) => {
      ctx.settle();
      // A followed signal that aborted ends the call as aborted, as a raced one would have ended it, only later.
      if (followed?.aborted) throw new ToolAbortedError(name);
      return checkResult(core, result);
    },
    (error: unknown) => {
      ctx.settle();
      if (followed?.aborted) throw new ToolAbortedError(name);
      throw toToolError(name, error);
    },
  );
}
