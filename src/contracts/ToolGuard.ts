import type { Newable } from './Newable.js';
import type { PermissionGrant } from './PermissionGrant.js';
import type { Question } from './Question.js';
import type { ToolDefinition } from './ToolDefinition.js';

/** What a guard is asked: which tool, for whom, with which of the caller's permissions. */
export interface GuardRequest {
  readonly tool: ToolDefinition;
  /** Whatever the call was given as `caller` (or the `forCaller` view's): carried, never interpreted. */
  readonly caller: unknown;
  /** The caller's own grant, when the call carries one. */
  readonly permissions: PermissionGrant | undefined;
}

/** What a guard's `canAsk` is asked: the call's request, and the question its tool is about to ask. */
export interface QuestionGuardRequest extends GuardRequest {
  readonly question: Question;
}

/** A guard's answer: `true` allows; `false` or a reason (shown to the model) denies. */
export type GuardVerdict = boolean | string;

/**
 * Decides whether a caller may see and call a tool, Nest's `CanActivate` for tools. It runs
 * before validation, and `forCaller` listings show only what every guard allows. A guard that
 * throws denies the call (fail closed); its error is logged, never shown.
 */
export interface ToolGuard {
  /** `true` allows the call; `false` or a string (the reason) denies it. */
  canActivate(request: GuardRequest): GuardVerdict | Promise<GuardVerdict>;
  /**
   * Asked before the tool puts a question to the person (`ctx.ask`): `true` lets it ask; `false` or a reason ends the
   * question, unasked, with `not_answered` (`denied`). A guard without it lets every allowed call ask. A guard that
   * throws denies the question (fail closed).
   */
  canAsk?(request: QuestionGuardRequest): GuardVerdict | Promise<GuardVerdict>;
}

/** A guard written as a function. */
export type GuardFunction = (request: GuardRequest) => GuardVerdict | Promise<GuardVerdict>;

/**
 * What `@UseGuards`, `toolset` and `toolsModule` accept: functions, guard instances (a PermissionSet too), or
 * injectable guard classes.
 */
export type GuardLike = GuardFunction | ToolGuard | Newable<ToolGuard>;
