import type { CallContext } from '../context/CallContext.js';
import type { AskFunction, Question, QuestionAnswer } from '../contracts/Question.js';
import { QuestionNotAnsweredError } from '../errors/QuestionNotAnsweredError.js';
import { onAbort } from '../internal/onAbort.js';
import { checkAnswer } from './checkAnswer.js';
import { questionProblem } from './questionProblem.js';

/**
 * `ctx.ask` of one call: the question checked (a malformed one is the tool's fault, a TypeError), put to `ask`, and the
 * reply read as untrusted. Without `ask` nobody can be asked, and the question ends in a QuestionNotAnsweredError that
 * names it; so does a decline, a dismissal, an answer that does not fit, or an `ask` that throws (logged).
 */
export async function askQuestion(
  ctx: CallContext,
  ask: AskFunction | undefined,
  question: Question,
): Promise<QuestionAnswer> {
  const { tool, logger } = ctx;
  const problem = questionProblem(question);
  if (problem !== undefined) throw new TypeError(`ctx.ask: ${problem}`);
  if (ask === undefined)
    throw new QuestionNotAnsweredError(
      tool,
      'cannot_ask',
      question.message,
      'this call came with no way to ask anyone: an MCP client with elicitation, or CallOptions.ask',
    );
  const { callId, caller } = ctx;
  const limit = question.timeoutMs ?? DEFAULT_QUESTION_TIMEOUT_MS;
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
