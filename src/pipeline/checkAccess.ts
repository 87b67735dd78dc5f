import type { Denial } from '../contracts/Denial.js';
import type { PermissionGrant } from '../contracts/PermissionGrant.js';
import { PermissionSet } from '../permissions/PermissionSet.js';
import type { ToolCore } from '../contracts/ToolCore.js';
import type { ResolvedGuard } from '../contracts/ResolvedGuard.js';
import type { GuardRequest } from '../contracts/ToolGuard.js';

/** Whether a caller may use a tool: undefined, or why not. Synchronous unless a guard is async. */
export type AccessCheck = (
  caller: unknown,
  permissions: PermissionGrant | undefined,
) => Denial | undefined | Promise<Denial | undefined>;

const checks = new WeakMap<ToolCore, AccessCheck>();

/**
 * The guard step, shared by calls and by `forCaller` listings so that what a caller is shown and
 * what it may call cannot disagree: the grants (computed once), then the caller's own
 * permissions (which can only narrow them), then every other guard in order. The first denial
 * wins. A guard that throws or rejects denies; its error goes to the log, not to the caller.
 */
export function checkAccess(core: ToolCore): AccessCheck {
  let check = checks.get(core);
  if (check !== undefined) return check;
  const { definition, logger } = core;
  const constant = firstConstantDenial(core);
  const dynamic = core.guards.filter((g) => !g.constant);
  const failClosed = (guard: ResolvedGuard, error: unknown): Denial => {
    logger.error('hermes-tools: a guard threw, so the call is denied', {
      tool: definition.name,
      guard: guard.name,
      error: error instanceof Error ? error.message : String(error),
    });
    return { reason: 'access could not be checked' };
  };
  const runFrom = (index: number, request: GuardRequest): Denial | undefined | Promise<Denial | undefined> => {
    for (let i = index; i < dynamic.length; i++) {
      const guard = dynamic[i]!;
      let answer: Denial | undefined | Promise<Denial | undefined>;
      try {
        answer = guard.check(request);
      } catch (error) {
        return failClosed(guard, error);
      }
      if (answer instanceof Promise) {
        return answer.then(
          (denial) => denial ?? runFrom(i + 1, request),
          (error: unknown) => failClosed(guard, error),
        );
      }
      if (answer !== undefined) return answer;
    }
    return undefined;
  };
  check = (caller, permissions) => {
    if (constant !== undefined) return constant;
    if (permissions !== undefined) {
      if (!(permissions instanceof PermissionSet))
        throw new TypeError('CallOptions.permissions must be a PermissionSet');
      const permission = permissions.firstMissing(definition.permissions);
      if (permission !== undefined) return { permission };
    }
    if (dynamic.length === 0) return undefined;
    return runFrom(0, { tool: definition, caller, permissions });
  };
  checks.set(core, check);
  return check;
}

/**
 * Whether the guard step admits every call of this tool that brings no permissions of its own:
 * every guard answers from configuration alone, and none of them denies.
 */
export function admitsEveryCaller(core: ToolCore): boolean {
  return core.guards.every((guard) => guard.constant) && firstConstantDenial(core) === undefined;
}

function firstConstantDenial(core: ToolCore): Denial | undefined {
  const request: GuardRequest = { tool: core.definition, caller: undefined, permissions: undefined };
  for (const guard of core.guards) {
    if (!guard.constant) continue;
    const denial = guard.check(request);
    if (denial !== undefined && !(denial instanceof Promise)) return denial;
  }
  return undefined;
}
