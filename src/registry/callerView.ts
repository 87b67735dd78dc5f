import { isTimeoutMs, MAX_TIMEOUT_MS } from '../pipeline/callTimeout.js';
import { checkAccess } from '../pipeline/checkAccess.js';
import { onAbort } from '../internal/onAbort.js';
import { ownValue } from '../internal/ownValue.js';
import { PermissionSet } from '../permissions/PermissionSet.js';
import { coreOf, createRegisteredTool } from '../tools/createRegisteredTool.js';
import type { CallerIdentity } from './CallerIdentity.js';
import type { ForCallerOptions } from './ForCallerOptions.js';
import { isAvailable, ToolCatalog } from './ToolCatalog.js';

/**
 * The catalog as one caller sees it (`forCaller`): every tool bound to the caller's identity, and listed
 * only when available, in the view `catalog` already is, and allowed by the grants and every guard, asked now.
 * The identity and options are checked where they enter: a TypeError names what is wrong.
 */
export async function callerView(
  catalog: ToolCatalog,
  given: CallerIdentity,
  options: ForCallerOptions,
): Promise<ToolCatalog> {
  // Own keys only, of both: a polluted Object.prototype must not name the view's caller, grant it permissions, or stop
  // every listing.
  const identity: CallerIdentity = { caller: ownValue(given, 'caller'), permissions: ownValue(given, 'permissions') };
  const tools = catalog.all();
  // A view's identity is fixed: making a view of a view would let its holder become someone else.
  if (catalog.bound) {
    throw new TypeError(
      "forCaller: this registry is already a caller's view, whose identity cannot be replaced; make each caller's view from the full registry",
    );
  }
  const timeoutMs = ownValue(options, 'timeoutMs') ?? 10_000;
  if (!isTimeoutMs(timeoutMs))
    throw new TypeError(
      `forCaller: timeoutMs must be a number of milliseconds greater than 0 and at most ${MAX_TIMEOUT_MS}`,
    );
  // Checked here, not tool by tool: a list of strings in its place would otherwise hide every tool without a word. A
  // key given as undefined (a lookup that found nothing) is refused too: it would otherwise widen the caller to the
  // toolsets' grants.
  if (Object.hasOwn(given ?? {}, 'permissions') && identity.permissions === undefined) {
    throw new TypeError(
      "forCaller: permissions is undefined; pass a PermissionSet, or leave the key out for the toolsets' grants alone",
    );
  }
  if (identity.permissions !== undefined && !(identity.permissions instanceof PermissionSet)) {
    throw new TypeError(
      'forCaller: permissions must be a PermissionSet (PermissionSet.none().grant(...)), or left out',
    );
  }
  if (isThenable(identity.caller))
    throw new TypeError('forCaller: caller is a promise; await it, and pass the caller itself');
  const fixed = Object.freeze({ caller: identity.caller, permissions: identity.permissions });
  const bound = tools.map((tool) => createRegisteredTool({ ...coreOf(tool), identity: fixed }));
  // A guard that does not answer in time (or before the signal) leaves its tool out: listings fail closed, like calls.
  let giveUpNow!: (value: false) => void;
  const giveUp = new Promise<false>((resolve) => (giveUpNow = resolve));
  let removeAbort: (() => void) | undefined;
  // The signal first, and outside the promise: one that is not an AbortSignal rejects this call (not a promise nobody
  // awaits, which would crash the process) and leaves no timer behind; one that already aborted fires no 'abort' event.
  const signal = ownValue(options, 'signal');
  if (signal !== undefined) {
    try {
      if (signal.aborted === true) giveUpNow(false);
      else removeAbort = onAbort(signal, () => giveUpNow(false));
    } catch {
      // Converted: a signal whose `aborted` or listeners cannot be used is no AbortSignal.
      throw new TypeError('forCaller: signal must be an AbortSignal');
    }
  }
  const timer = setTimeout(() => giveUpNow(false), timeoutMs);
  try {
    const allowed = await Promise.all(
      bound.map(async (tool) => {
        if (!isAvailable(tool) || !catalog.isListed(tool.name)) return false;
        // Never throws: the permissions were checked above, and a guard that throws or rejects denies.
        const answer = checkAccess(coreOf(tool))(identity.caller, identity.permissions);
        if (!(answer instanceof Promise)) return answer === undefined;
        return await Promise.race([answer.then((denial) => denial === undefined), giveUp]);
      }),
    );
    const listed = new Set(bound.filter((_, i) => allowed[i]).map((tool) => tool.name));
    return ToolCatalog.of(bound, listed, identity);
  } finally {
    clearTimeout(timer);
    removeAbort?.();
  }
}

function isThenable(value: unknown): boolean {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false;
  return typeof (value as { then?: unknown }).then === 'function';
}
