import type { DefinitionProblem } from '../contracts/DefinitionProblem.js';
import type { AskFunction } from '../contracts/Question.js';
import type { Logger } from '../contracts/Logger.js';
import type { ToolContext } from '../contracts/ToolContext.js';
import type { PermissionSet } from '../permissions/PermissionSet.js';
import type { ApproveFunction } from '../contracts/ToolApprover.js';
import type { ResolvedGuard } from '../contracts/ResolvedGuard.js';
import type { AuditDestination } from '../pipeline/AuditTrail.js';
import type { ToolDefinition } from '../contracts/ToolDefinition.js';
import type { ToolMiddleware } from '../contracts/ToolMiddleware.js';
import type { ResolvedContentLimits } from '../contracts/ResolvedContentLimits.js';
import type { ValidationLimits } from '../schema/ValidationLimits.js';

/** What the composition root decided for the tools of one toolset. */
export interface ToolEnvironment {
  readonly toolset: string;
  readonly granted: PermissionSet;
  /** toolsModule's, then the toolset's, already resolved to functions. */
  readonly outerMiddlewares: readonly ToolMiddleware[];
  /** toolsModule's, then the toolset's, already resolved. */
  readonly outerGuards: readonly ResolvedGuard[];
  /** Guard functions, instances and classes to resolved guards; undefined with a problem pushed when it cannot. */
  readonly toGuard: (guard: unknown, where: string, problems: DefinitionProblem[]) => ResolvedGuard | undefined;
  /** The module's approval policy, when it has one. */
  /** The default result budget, when `toolsModule({ results })` turns budgets on. */
  readonly maxResultChars: number | undefined;
  /** The module's content limits, over the defaults. */
  readonly contentLimits: ResolvedContentLimits;
  /** Where audit records go, when the module has a sink. */
  readonly audit: AuditDestination | undefined;
  readonly approvals:
    | {
        readonly approve: ApproveFunction | undefined;
        readonly when: (tool: ToolDefinition) => boolean;
        readonly timeoutMs: number;
      }
    | undefined;
  /** `toolsModule({ questions })`: the asker of calls that bring none, and the default time to answer. */
  readonly questions: { readonly ask: AskFunction | undefined; readonly timeoutMs: number | undefined } | undefined;
  readonly coerce: boolean;
  readonly limits: ValidationLimits;
  readonly timeoutMs: number | undefined;
  readonly logger: Logger;
  /** The instance whose method handles the call: a singleton, or made for this call's context. */
  readonly instanceFor: (target: Function) => ((ctx: ToolContext) => object) | undefined;
  /** Interceptor classes and instances to middleware functions; undefined with a problem pushed when it cannot. */
  readonly toMiddleware: (
    interceptor: unknown,
    where: string,
    problems: DefinitionProblem[],
  ) => ToolMiddleware | undefined;
}
