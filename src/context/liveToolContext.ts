import type { ToolDefinition } from '../contracts/ToolDefinition.js';
import type { Logger } from '../contracts/Logger.js';
import type { AskedQuestion, Question, QuestionAnswer } from '../contracts/Question.js';
import type { PermissionGrant } from '../contracts/PermissionGrant.js';
import { currentCall, trackCalls } from './currentCall.js';
import type { ToolContext } from '../contracts/ToolContext.js';

/**
 * What `@inject(ToolContext)` gives: a context that always reads the call it is used in. A
 * singleton service that injects it sees each call's own caller, never the first call's.
 */
class LiveToolContext implements ToolContext {
  get tool(): string {
    return call().tool;
  }
  get toolset(): string {
    return call().toolset;
  }
  get definition(): ToolDefinition {
    return call().definition;
  }
  get callId(): string {
    return call().callId;
  }
  get signal(): AbortSignal {
    return call().signal;
  }
  get caller(): unknown {
    return call().caller;
  }
  get permissions(): PermissionGrant | undefined {
    return call().permissions;
  }
  get trace(): Readonly<Record<string, string>> | undefined {
    return call().trace;
  }
  get logger(): Logger {
    return call().logger;
  }
  progress(progress: number, total?: number, message?: string): void {
    call().progress(progress, total, message);
  }
  ask(question: Question): Promise<QuestionAnswer> {
    return call().ask(question);
  }
  get questions(): readonly AskedQuestion[] {
    return call().questions;
  }
}

function call(): ToolContext {
  const ctx = currentCall();
  if (ctx === undefined) {
    throw new Error(
      'ToolContext was read outside a tool call (in a constructor, or after the call ended); read it inside the handler, or take it as a @Ctx() parameter',
    );
  }
  return ctx;
}

let live: ToolContext | undefined;

/** The injectable ToolContext. Asking for it turns call tracking on. */
export function liveToolContext(): ToolContext {
  trackCalls();
  return (live ??= Object.freeze(new LiveToolContext()));
}
