import type { Denial } from './Denial.js';
import type { GuardRequest, QuestionGuardRequest } from './ToolGuard.js';

/** A guard as the pipeline runs it: resolved from whatever was declared, its answer a Denial or undefined. */
export interface ResolvedGuard {
  /** For the log line when it throws. */
  readonly name: string;
  readonly check: (request: GuardRequest) => Denial | undefined | Promise<Denial | undefined>;
  /** The answer depends on the tool only (a PermissionSet), so it is computed once, at build. */
  readonly constant: boolean;
  /** The guard's `canAsk`, when it has one: whether the call may ask a question. */
  readonly checkQuestion?: (request: QuestionGuardRequest) => Denial | undefined | Promise<Denial | undefined>;
}
