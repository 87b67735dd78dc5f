import type { Denial } from '../contracts/Denial.js';
import { PermissionSet } from '../permissions/PermissionSet.js';
import type { ResolvedGuard } from '../contracts/ResolvedGuard.js';
import type { GuardFunction, GuardVerdict, ToolGuard } from '../contracts/ToolGuard.js';

/**
 * A guard function or instance as the pipeline runs it. A PermissionSet is a guard whose answer
 * depends on the tool alone and names the missing permission; any other guard's `false` or
 * reason becomes a denial with that reason.
 */
export function resolveGuard(guard: GuardFunction | ToolGuard, name: string): ResolvedGuard {
  if (guard instanceof PermissionSet) {
    return {
      name,
      constant: true,
      check: (request) => {
        const permission = guard.firstMissing(request.tool.permissions);
        return permission === undefined ? undefined : { permission };
      },
    };
  }
  const canActivate =
    typeof guard === 'function' ? guard : (request: Parameters<GuardFunction>[0]) => guard.canActivate(request);
  const resolved: ResolvedGuard = {
    name,
    constant: false,
    check: (request) => {
      const verdict = canActivate(request);
      return verdict instanceof Promise ? verdict.then(toDenial) : toDenial(verdict);
    },
  };
  if (typeof guard === 'function' || typeof guard.canAsk !== 'function') return resolved;
  return {
    ...resolved,
    checkQuestion: (request) => {
      const verdict = (guard.canAsk as NonNullable<ToolGuard['canAsk']>).call(guard, request);
      return verdict instanceof Promise ? verdict.then(toDenial) : toDenial(verdict);
    },
  };
}

/** `true` allows; a non-empty reason is kept; anything else is a denial without one. */
function toDenial(verdict: GuardVerdict): Denial | undefined {
  if (verdict === true) return undefined;
  if (typeof verdict === 'string' && verdict.trim() !== '') return { reason: verdict.trim() };
  return { reason: 'this caller may not use it' };
}
