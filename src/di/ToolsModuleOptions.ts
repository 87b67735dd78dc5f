import type { AuditOptions, AuditSinkLike } from '../contracts/AuditRecord.js';
import type { QuestionOptions } from '../contracts/Question.js';
import type { ContentLimits } from '../contracts/ContentLimits.js';
import type { Logger } from '../contracts/Logger.js';
import type { ResultBudgetOptions } from '../contracts/ResultStore.js';
import type { ApprovalOptions } from '../contracts/ToolApprover.js';
import type { GuardLike } from '../contracts/ToolGuard.js';
import type { InterceptorLike } from '../contracts/ToolMiddleware.js';
import type { ValidationLimits } from '../schema/ValidationLimits.js';
import type { TypeManifest } from '../contracts/TypeManifest.js';

/** Options for every toolset in the container. Only own keys are read; an unknown one is a ToolDefinitionError. */
export interface ToolsModuleOptions {
  /** Wrap every tool, outermost. */
  readonly interceptors?: readonly InterceptorLike[];
  /** Guard every tool, first: every guard must allow a caller to see or call a tool. */
  readonly guards?: readonly GuardLike[];
  /** Which calls wait for a person's approval, and who gives it. */
  readonly approvals?: ApprovalOptions;
  /** Who the tools' questions (`ctx.ask`) go to when a call brings no asker, and how long a person has. */
  readonly questions?: QuestionOptions;
  /**
   * Receives one record per call (who, what, the verdicts, the outcome): a function, an instance,
   * an injectable class, or `{ sink, captureArguments }` to include the (redacted) arguments and results.
   */
  readonly audit?: AuditSinkLike | AuditOptions;
  /**
   * Result budgets, on by default: a result whose JSON is longer than its budget (default 100,000
   * characters) reaches the model cut, with a note on how to read the rest through `results.read`,
   * a tool added for it, from a bounded in-memory store. `false` turns them off, tools' own too.
   */
  readonly results?: ResultBudgetOptions | false;
  /**
   * What a result's content parts (a `ToolResult`'s images, audio, links, embedded resources) may be, for every tool:
   * how many, how large, which MIME types. `@Tool({ content })` overrides it per key. Defaults: see ContentLimits.
   */
  readonly content?: ContentLimits;
  /** Default time limit per call, in milliseconds. Default: none. */
  readonly timeoutMs?: number;
  /** Accept `"42"` for a number, `"true"` for a boolean and JSON text for an array or object. Default: false. */
  readonly coerce?: boolean;
  /** Bounds on argument size and depth. */
  readonly limits?: Partial<ValidationLimits>;
  /** The logger tools get as `ctx.logger`. Default: silent. */
  readonly logger?: Logger;
  /**
   * The module `hermes-tools typegen` wrote from the tools' TypeScript types: literal unions become `enum`s, optional
   * and nullable parameters behave as declared, interfaces are validated, JSDoc describes, and tools build without
   * decorator metadata (esbuild, tsx, Vite). Without it, schemas come from the decorators and reflection alone.
   */
  readonly types?: TypeManifest;
}
