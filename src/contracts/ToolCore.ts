import type { EntryMeta } from './EntryMeta.js';
import type { AskFunction } from './Question.js';
import type { ResolvedContentLimits } from './ResolvedContentLimits.js';
import type { AuditRecord } from './AuditRecord.js';
import type { Logger } from './Logger.js';
import type { ValidationIssue } from './ValidationIssue.js';
import type { PermissionGrant } from './PermissionGrant.js';
import type { ApproveFunction } from './ToolApprover.js';
import type { Invoke } from './Invoke.js';
import type { ResolvedGuard } from './ResolvedGuard.js';
import type { InputValidation } from './InputValidation.js';
import type { ToolDefinition } from './ToolDefinition.js';

/** The parts a RegisteredTool's pipeline is composed from. Internal: users see RegisteredTool. */
export interface ToolCore {
  readonly definition: ToolDefinition;
  /**
   * Every guard the call must pass, in order: the toolset's grant, the module's, toolset's, class's and method's
   * guards, any `withPermissions`.
   */
  readonly guards: readonly ResolvedGuard[];
  /** The guards with a `canAsk`, in the same order: each question the tool asks passes them first. */
  readonly questionGuards?: readonly ResolvedGuard[];
  /** `toolsModule({ questions })`: who asks when a call brings no asker, and how long a question waits by default. */
  readonly questions?: { readonly ask: AskFunction | undefined; readonly timeoutMs: number | undefined };
  /** Why the tool is unavailable now, or undefined when it is available. */
  readonly unavailable: () => string | undefined;
  /** The input's issues, or the value the handler gets; never throws (what reading the input throws is an issue). */
  readonly validate: (input: unknown) => InputValidation | Promise<InputValidation>;
  /** Present when calls wait for approval: the module's approver (if any) and its time limit. */
  readonly approval: { readonly approve: ApproveFunction | undefined; readonly timeoutMs: number } | undefined;
  /** Interceptors and handler, composed; never throws (a throw in either is the promise's rejection). */
  readonly invoke: Invoke;
  /** Issues with a result in its JSON form, or undefined when it matches the declared output. */
  readonly checkOutput: ((result: unknown) => readonly ValidationIssue[] | undefined) | undefined;
  readonly timeoutMs: number | undefined;
  /** Characters of JSON the result may take in an outcome, when result budgets are on. */
  readonly maxResultChars?: number;
  /** What the parts of a ToolResult may be. */
  readonly contentLimits: ResolvedContentLimits;
  readonly logger: Logger;
  /** Where each call's audit record goes, when `toolsModule({ audit })` is set. */
  readonly audit?: {
    readonly send: (record: AuditRecord) => void | Promise<void>;
    readonly captureArguments: boolean;
    readonly logger: Logger;
  };
  /** Present for a resource, a resource template or a prompt: what it is, beside its pipeline. */
  readonly entry?: EntryMeta;
  /** Set in a `forCaller` view: every call carries this caller and these permissions, whatever its options say. */
  readonly identity?: { readonly caller: unknown; readonly permissions: PermissionGrant | undefined };
}
