import type { CallContext } from '../context/CallContext.js';
import type { Denial } from '../contracts/Denial.js';
import type { AskedQuestion, AskFunction, Question, QuestionAnswer, QuestionEnd } from '../contracts/Question.js';
import type { ResolvedGuard } from '../contracts/ResolvedGuard.js';
import { QuestionNotAnsweredError } from '../errors/QuestionNotAnsweredError.js';
import { onAbort } from '../internal/onAbort.js';
import { checkAnswer } from './checkAnswer.js';
import { questionProblem } from './questionProblem.js';

/** Where a call's questions are recorded besides its context: its audit trail. */
export interface QuestionTrail {
  question(asked: AskedQuestion): void;
}

/**
 * `ctx.ask` of one call: the question checked (a malformed one is the tool's fault, a TypeError), passed by the tool's
 * question guards (`canAsk`), put to `ask`, and the reply read as untrusted. Without `ask` nobody can be asked, and the
 * question ends in a QuestionNotAnsweredError that names it; so does a guard's refusal, a decline, a dismissal, an
 * answer that does not fit, or an `ask` that throws (logged). However it ends, the context (for interceptors) and the
 * trail (for the audit record) note it.
 */
export async function askQuestion(
  ctx: CallContext,
  ask: AskFunction | undefined,
  question: Question,
  guards?: readonly ResolvedGuard[],
  trail?: QuestionTrail,
  defaultTimeoutMs: number = DEFAULT_QUESTION_TIMEOUT_MS,
): Promise<QuestionAnswer> {
  const problem = questionProblem(question);
  if (problem !== undefined) throw new TypeError(`ctx.ask: ${problem}`);
  const note = (end: QuestionEnd, answer?: QuestionAnswer): void => {
    const asked: AskedQuestion = {
      message: question.message,
      fields: Object.keys(question.fields),
      end,
      ...(answer !== undefined && { answer }),
    };
    ctx.noteQuestion(asked);
    trail?.question(asked);
  };
  try {
    if (guards !== undefined) await passGuards(ctx, guards, question);
    const answer = await putQuestion(ctx, ask, question, defaultTimeoutMs);
    note('accepted', answer);
    return answer;
  } catch (error) {
    // The call's end (its signal, its time limit) ends the question too: dismissed, as far as the record goes.
    note(error instanceof QuestionNotAnsweredError ? error.reason : 'cancelled');
    throw error;
  }
}

/** Each question guard in turn; the first refusal (or failure: fail closed, logged) ends the question unasked. */
async function passGuards(ctx: CallContext, guards: readonly ResolvedGuard[], question: Question): Promise<void> {
  const request = { tool: ctx.definition, caller: ctx.caller, permissions: ctx.permissions, question };
  for (const guard of guards) {
    let denial: Denial | undefined;
    try {
      denial = await guard.checkQuestion?.(request);
    } catch (error) {
      ctx.logger.error('hermes-tools: a guard failed on a question, so the question was refused', {
        tool: ctx.tool,
        guard: guard.name,
        error: error instanceof Error ? error.message : String(error),
      });
      denial = { reason: 'a guard could not decide' };
    }
    if (denial !== undefined)
      throw new QuestionNotAnsweredError(
        ctx.tool,
        'denied',
        question.message,
        denial.reason ?? `missing permission ${denial.permission}`,
      );
  }
}

/** Puts a checked, allowed question to `ask`, and reads the reply. */
async function putQuestion(
  ctx: CallContext,
  ask: AskFunction | undefined,
  question: Question,
  defaultTimeoutMs: number,
): Promise<QuestionAnswer> {
  const { tool, logger } = ctx;
  if (ask === undefined)
    throw new QuestionNotAnsweredError(
      tool,
      'cannot_ask',
      question.message,
      'this call came with no way to ask anyone: an MCP client with elicitation, CallOptions.ask, or toolsModule({ questions: { ask } })',
    );
  const { callId, caller } = ctx;
  const limit = question.timeoutMs ?? defaultTimeoutMs;
  // The question's own limit, and the call's end, stop the asking; the call's time limit waits meanwhile.
  const asking = new AbortController();
  const stopAsking = onAbort(ctx.signal, () => asking.abort(ctx.signal.reason));
  if (ctx.signal.aborted) asking.abort(ctx.signal.reason);
  const timer = setTimeout(
    () => asking.abort(new QuestionNotAnsweredError(tool, 'timed_out', question.message, `${limit} ms`)),
    limit,
  );
  const resume = ctx.pauseDeadline();
  const signal = asking.signal;
  let reply: unknown;
  try {
    reply = await untilAborted(signal, () =>
      ask({
        tool,
        callId,
        caller,
        message: question.message,
        requestedSchema: {
          type: 'object',
          properties: question.fields,
          ...(question.required === undefined ? {} : { required: question.required }),
        },
        timeoutMs: limit,
        signal,
      }),
    );
  } catch (error) {
    // The call ended, the question's time is up, or the asker said itself why nobody can be asked: as it is.
    if (signal.aborted || error instanceof QuestionNotAnsweredError) throw error;
    logger.error('hermes-tools: asking a question failed, so it counts as unanswered', {
      tool,
      error: error instanceof Error ? error.message : String(error),
    });
    throw new QuestionNotAnsweredError(tool, 'cannot_ask', question.message, 'asking failed');
  } finally {
    clearTimeout(timer);
    stopAsking();
    resume();
  }
  const action = (reply as { action?: unknown } | null)?.action;
  if (action === 'decline') throw new QuestionNotAnsweredError(tool, 'declined', question.message);
  if (action !== 'accept') throw new QuestionNotAnsweredError(tool, 'cancelled', question.message);
  const checked = checkAnswer(question, (reply as { content?: unknown }).content);
  if ('problem' in checked)
    throw new QuestionNotAnsweredError(tool, 'invalid_answer', question.message, checked.problem);
  return checked.answer;
}

/** How long a person has to answer a question when it says nothing: as long as an approval. */
export const DEFAULT_QUESTION_TIMEOUT_MS = 5 * 60 * 1000;

/** `run()`, or the reason `signal` aborts with, whichever comes first: an asker that ignores its signal cannot hold on. */
function untilAborted<T>(signal: AbortSignal, run: () => T | Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const stop = onAbort(signal, () => reject(signal.reason));
    Promise.resolve()
      .then(run)
      .then(
        (value) => {
          stop();
          resolve(value);
        },
        (error: unknown) => {
          stop();
          reject(error);
        },
      );
  });
}
