import type { RequiresOptions } from '../metadata/RequiresOptions.js';
import { alwaysAvailable } from '../pipeline/CallPlan.js';

/**
 * A function telling why a tool is unavailable now, or undefined when it is available. Read on
 * each listing and call, so a tool appears as soon as its variable is set, with no restart.
 * It names variables, never their values.
 */
export function checkRequirements(requirements: readonly RequiresOptions[]): () => string | undefined {
  if (requirements.length === 0) return alwaysAvailable;
  const env = requirements.flatMap((r) => r.env ?? []);
  const checks = requirements.filter((r) => r.check !== undefined);
  return () => {
    for (const name of env) {
      const value = process.env[name];
      if (value === undefined || value === '') return `it requires the environment variable ${name}, which is not set`;
    }
    for (const r of checks) {
      let ok: boolean;
      try {
        ok = r.check!() === true;
      } catch {
        // A check that throws counts as not met: the tool is unavailable, and its message says the check failed.
        ok = false;
      }
      if (!ok)
        return r.description === undefined
          ? 'its availability check failed'
          : `it requires ${r.description}, which is not available`;
    }
    return undefined;
  };
}
