import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  createRequestStateCodec,
  inputRequired,
  inputResponse,
  ProtocolError,
  ProtocolErrorCode,
  type RequestStateCodec,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { AskFunction, QuestionReply, QuestionRequest } from '../contracts/Question.js';
import type { SpentApprovalStore } from '../contracts/SpentApprovalStore.js';
import type { ApprovalAnswer, ApproveFunction } from '../contracts/ToolApprover.js';
import type { ToolOutcome } from '../contracts/ToolOutcome.js';
import { QuestionNotAnsweredError } from '../errors/QuestionNotAnsweredError.js';
import { onAbort } from '../internal/onAbort.js';
import { AskingCall, type RoundEnd } from './AskingCall.js';
import { APPROVAL_SCHEMA, cannotAsk, describeApproval } from './describeApproval.js';
import { MemorySpentApprovals } from './MemorySpentApprovals.js';

/**
 * What a round's `requestState` says: which call it belongs to, and what earlier rounds of it settled. Signed, not
 * secret: the client can read it, and cannot change it.
 */
interface RoundState {
  /** The tool's name. */
  readonly t: string;
  /** The SHA-256 of the call's arguments as sent (`JSON.stringify` of `params.arguments`). */
  readonly a: string;
  /** Who the call acts for, as a keyed hash: the client cannot read who it is, nor make the tag of another. */
  readonly o: string;
  /** A random id: a state is spent by the round that uses it (a replay settles nothing). */
  readonly n: string;
  /** What the last round asked (`approve`, `q1`, `q2`…): only these answers are read from `inputResponses`. */
  readonly k: readonly string[];
  /** The approval was given in an earlier round. */
  readonly g?: 1;
}

/** How long a person has to answer, and the client to retry with it, in seconds. */
export const APPROVAL_STATE_TTL_SECONDS = 300;

/** The most questions one call may ask over its rounds. */
const MAX_QUESTIONS = 10;

/** The most 2026 calls that may wait for an answer in one endpoint, and for one caller. */
export const MAX_WAITING_CALLS = 1000;
export const MAX_WAITING_CALLS_PER_CALLER = 16;

/** The key that signs states when the app sets none: one per process, which suits a single process only. */
let processKey: Uint8Array | undefined;

/** A question a call waits on here, under the nonce of the state that asked it. */
interface Waiting {
  readonly owner: string;
  readonly call: AskingCall;
  readonly key: string;
  readonly message: string;
  settle(reply: QuestionReply | Error): void;
}

/** One modern request's round: the approver and the asker its call uses, and how the round ends. */
export interface InputRound {
  readonly approve: ApproveFunction;
  readonly ask: AskFunction;
  /**
   * Runs the round. A new call is started with `dispatch` (given the call's asker), and `carry` is kept with it; a
   * request that answers a question its call waits on here resumes that call instead, and `dispatch` is not used. Ends
   * with the outcome, or with the `input_required` that asks the next question or the approval.
   */
  run<Carry>(dispatch: () => Promise<ToolOutcome>, carry: Carry, resume: (carry: Carry) => void): Promise<RoundEnd>;
}

/**
 * What a 2026-07-28 call asks its client's user, as Multi Round-Trip Requests: an approval (before the handler) and the
 * tool's questions (`ctx.ask`). A round that needs an answer ends with `input_required` and a signed `requestState`
 * bound to the caller, the tool and the exact arguments; the client's retry carries the answer and that state.
 *
 * - An approval comes before the handler: its retry runs the call from the start, approved.
 * - A question comes from inside the handler, which waits for it: the retry resumes the same handler with the answer,
 *   so nothing it did before the question is done again. The handler waits in this process; a retry that reaches
 *   another one (or comes after the question's time, or the state's 300 s) finds no call to resume and ends with
 *   `not_answered` (`expired`): the model may call again. Replicas need the retry routed to the process that asked.
 *
 * A state that is forged, expired, minted for another caller, tool or arguments settles nothing, and each state is
 * spent by the round that uses it in the endpoint's `SpentApprovalStore` (shared by replicas that share it).
 */
export class InputRounds {
  readonly #codec: RequestStateCodec<RoundState>;
  readonly #key: string | Uint8Array;
  readonly #spent: SpentApprovalStore;
  /** The calls that wait for an answer, by the nonce of the state that asked. */
  readonly #waiting = new Map<string, Waiting>();
  readonly #perOwner = new Map<string, number>();
  /**
   * Calls whose question ended unanswered while no round listened (its own time ran out, the call was cancelled): the
   * handler went on without the answer, and the retry that carries it takes what the call did next (its outcome, or
   * its next question) instead of running anything. Kept until the state's 300 s end; past 16 of one caller's, or
   * 1,000 in all, the oldest (of that caller, or of all) go first.
   */
  readonly #unclaimed = new Map<string, Unclaimed>();
  #closed = false;

  /**
   * @param key The HMAC key (at least 32 bytes); every replica that may receive a retry needs the same one.
   * @param spent Where used states are remembered; replicas sharing the key need to share it too.
   */
  constructor(key: string | Uint8Array | undefined, spent: SpentApprovalStore = new MemorySpentApprovals()) {
    processKey ??= randomBytes(32);
    this.#key = key ?? processKey;
    this.#spent = spent;
    // Throws a RangeError for a key under 32 bytes, when the endpoint is made.
    this.#codec = createRequestStateCodec<RoundState>({ key: this.#key, ttlSeconds: APPROVAL_STATE_TTL_SECONDS });
  }

  /** The `requestState.verify` hook of every server of the endpoint. */
  readonly verify = (state: string, ctx: ServerContext): Promise<RoundState> => this.#codec.verify(state, ctx);

  /** How many calls wait for an answer here now. */
  get waiting(): number {
    return this.#waiting.size;
  }

  /** The endpoint closes: every call waiting for an answer ends, its question unanswered. */
  close(): void {
    this.#closed = true;
    for (const { timer } of this.#unclaimed.values()) clearTimeout(timer);
    this.#unclaimed.clear();
    for (const waiting of [...this.#waiting.values()])
      waiting.settle(
        new QuestionNotAnsweredError(
          waiting.call.tool,
          'cannot_ask',
          waiting.message,
          'the MCP server closed before the answer came',
        ),
      );
  }

  /**
   * One `tools/call` round. A verified state minted for another caller, another tool or other arguments is refused at
   * once, and so is one already used (spent here, atomically: of two retries racing with one state, one goes on).
   * @param owner Who the request acts for, the same string on every round of one caller's call.
   * @param canAsk Whether the client declared elicitation; without it approvals and questions are refused, saying so.
   * @param failed Where a store's failure is reported when no pipeline runs to log it (a question's retry).
   */
  round(
    ctx: ServerContext,
    owner: string,
    name: string,
    args: unknown,
    canAsk: boolean,
    failed: (error: unknown) => void,
  ): InputRound | Promise<InputRound> {
    const state = ctx.mcpReq.requestState<RoundState>();
    let digest: string | undefined;
    const argsDigest = (): string => {
      digest ??= createHash('sha256')
        .update(JSON.stringify(args) ?? '')
        .digest('base64url');
      return digest;
    };
    const key = this.#key;
    const ownerTag = (): string =>
      createHmac('sha256', key).update(`hermes-tools approval owner\0${owner}`).digest('base64url');
    if (state !== undefined && (state.o !== ownerTag() || state.t !== name || state.a !== argsDigest())) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        'this requestState was issued for another call (another caller, tool or arguments); call again without it',
      );
    }
    // Most calls carry no state: their round opens at once, without waiting on the store.
    const open = (storeError: unknown): InputRound =>
      this.#open(ctx, name, canAsk, state, storeError, argsDigest, ownerTag, failed);
    return state === undefined ? open(undefined) : this.#spend(state.n).then(open);
  }

  /**
   * Spends a state, atomically: resolves undefined, or with the store's error when it failed (a store that fails
   * settles nothing: its error is thrown where an approval or a question is asked, so that the approval is refused and
   * the question goes unanswered, each logged by the pipeline: fails closed). Rejects when the state was spent already.
   */
  async #spend(id: string): Promise<unknown> {
    let fresh: boolean;
    try {
      fresh = await this.#spent.spend(id, APPROVAL_STATE_TTL_SECONDS * 1000);
    } catch (error) {
      return error ?? new Error('the spent-approval store failed');
    }
    if (!fresh)
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        'this requestState has answered already; call again without it, and the person is asked again',
      );
    return undefined;
  }

  /** The round of a call whose state (if any) is spent: its approver, its asker, and how it runs. */
  #open(
    ctx: ServerContext,
    name: string,
    canAsk: boolean,
    state: RoundState | undefined,
    storeError: unknown,
    argsDigest: () => string,
    ownerTag: () => string,
    failed: (error: unknown) => void,
  ): InputRound {
    const storeFailed = storeError !== undefined;
    const stateKey = state?.k?.[0];
    // The state answers a question: its call waits here, or no longer does. When the store could not say whether the
    // state was used, the answer is not taken (it may be a replay) and nothing runs: the call still waits, and a retry
    // with the same state resumes it once the store answers again.
    if (state !== undefined && stateKey !== undefined && stateKey !== 'approve') {
      if (!storeFailed) return this.#resume(ctx, name, state.n, stateKey);
      failed(storeError);
      return unchecked();
    }
    const usable = storeFailed ? undefined : state;
    const askedKey = usable?.k?.[0];
    let granted = usable?.g === 1;
    let asking: string | undefined;
    let call: AskingCall | undefined;

    const approve: ApproveFunction = (request): ApprovalAnswer => {
      if (storeFailed) throw storeError;
      if (!canAsk) return cannotAsk(request.tool.name);
      if (granted) return true;
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'approve');
      // An answer counts only beside the state this server minted when it asked: without it, nobody was asked.
      if (askedKey === 'approve' && answer.kind === 'elicit') {
        if (answer.action === 'accept' && answer.content?.approve === true) {
          granted = true;
          return true;
        }
        return answer.action === 'cancel' ? 'the user dismissed the request' : 'the user declined it';
      }
      asking = describeApproval(request);
      return PENDING;
    };

    const ask: AskFunction = (request): Promise<QuestionReply> => {
      const { tool, message } = request;
      if (storeFailed) throw storeError;
      if (!canAsk)
        throw new QuestionNotAnsweredError(tool, 'cannot_ask', message, 'the MCP client did not declare elicitation');
      if (call === undefined) throw new TypeError('InputRounds: a question came before its call started');
      return this.#wait(call, request, ownerTag(), (nonce, questionKey) =>
        this.#codec.mint({
          t: name,
          a: argsDigest(),
          o: ownerTag(),
          n: nonce,
          k: [questionKey],
          ...(granted ? { g: 1 as const } : {}),
        }),
      );
    };

    const codec = this.#codec;
    return {
      approve,
      ask,
      async run(dispatch, carry) {
        const started = new AskingCall(name, dispatch(), carry);
        call = started;
        const end = await started.next();
        if (asking === undefined || !('outcome' in end)) return end;
        return {
          ask: inputRequired({
            inputRequests: { approve: inputRequired.elicit({ message: asking, requestedSchema: APPROVAL_SCHEMA }) },
            requestState: await codec.mint({
              t: name,
              a: argsDigest(),
              o: ownerTag(),
              n: randomBytes(16).toString('base64url'),
              k: ['approve'],
              ...(granted ? { g: 1 as const } : {}),
            }),
          }),
        };
      },
    };
  }

  /**
   * Puts a question of a running call to the client: the round ends with `input_required`, and the handler waits for
   * the retry that answers it (or for the question's end: its time, the call's end, the endpoint's close).
   */
  #wait(
    call: AskingCall,
    request: QuestionRequest,
    owner: string,
    mint: (nonce: string, questionKey: string) => Promise<string>,
  ): Promise<QuestionReply> {
    const { tool, message, requestedSchema, signal } = request;
    if (this.#closed) throw new QuestionNotAnsweredError(tool, 'cannot_ask', message, 'the MCP server is closing');
    if (call.waiting)
      throw new QuestionNotAnsweredError(tool, 'cannot_ask', message, 'a call asks one question at a time');
    const { key: questionKey, count } = call.nextKey();
    if (count > MAX_QUESTIONS)
      throw new QuestionNotAnsweredError(tool, 'cannot_ask', message, `a call asks at most ${MAX_QUESTIONS} questions`);
    const mine = this.#perOwner.get(owner) ?? 0;
    if (mine >= MAX_WAITING_CALLS_PER_CALLER || this.#waiting.size >= MAX_WAITING_CALLS)
      throw new QuestionNotAnsweredError(
        tool,
        'cannot_ask',
        message,
        mine >= MAX_WAITING_CALLS_PER_CALLER
          ? `${mine} calls of this caller wait for answers on this server already (clients that are not told apart, such as unauthenticated ones of a stateless endpoint, are one caller)`
          : 'too many calls wait for answers on this server',
      );
    const nonce = randomBytes(16).toString('base64url');
    const asked = Date.now();
    return new Promise<QuestionReply>((resolve, reject) => {
      let expiry: Timer | undefined;
      let stopAsking: (() => void) | undefined;
      let told = false;
      const finish = (reply: unknown, keep = true): void => {
        if (this.#waiting.get(nonce)?.call !== call) return;
        this.#waiting.delete(nonce);
        // Ended without the retry, after its round was told: what the handler does next waits for that retry.
        if (keep && told && !isReply(reply)) this.#keep(nonce, call, questionKey, owner, asked);
        const left = (this.#perOwner.get(owner) ?? 1) - 1;
        if (left === 0) this.#perOwner.delete(owner);
        else this.#perOwner.set(owner, left);
        clearTimeout(expiry);
        stopAsking?.();
        call.resumed();
        if (isReply(reply)) resolve(reply);
        else reject(reply);
      };
      this.#waiting.set(nonce, { owner, call, key: questionKey, message, settle: finish });
      this.#perOwner.set(owner, mine + 1);
      // The call waits from here, before the state is minted: a second question asked meanwhile is refused.
      call.asking();
      // A state lives 300 s: a question that says it waits longer still ends then, since no retry can answer it after.
      expiry = setTimeout(
        () =>
          finish(
            new QuestionNotAnsweredError(tool, 'timed_out', message, `${APPROVAL_STATE_TTL_SECONDS} s to retry`),
            false,
          ),
        APPROVAL_STATE_TTL_SECONDS * 1000,
      );
      expiry.unref?.();
      stopAsking = onAbort(signal, () => finish(signal.reason));
      if (signal.aborted) finish(signal.reason);
      mint(nonce, questionKey).then((requestState) => {
        // A question that ended while its state was minted (its time, the call's end) ends no round.
        if (this.#waiting.get(nonce)?.call !== call) return;
        told = true;
        call.stopped(
          inputRequired({
            inputRequests: {
              [questionKey]: inputRequired.elicit({ message, requestedSchema: requestedSchema as never }),
            },
            requestState,
          }),
        );
      }, finish);
    });
  }

  /**
   * A retry that answers a question: the call waiting on it takes the answer and goes on, and this round ends as that
   * call's next round does. A call that no longer waits here (it ended, its time ran out, another process asked) is
   * not run again: the round ends with `not_answered`, `expired`.
   */
  #resume(ctx: ServerContext, name: string, nonce: string, questionKey: string): InputRound {
    const waiting = this.#waiting.get(nonce);
    const unclaimed = waiting === undefined ? this.#claim(nonce, questionKey) : undefined;
    const refuse = (): never => {
      throw new TypeError('InputRounds: a resumed call asks through the round that started it');
    };
    return {
      approve: refuse,
      ask: refuse,
      run: async (_dispatch, carry, resume) => {
        if (unclaimed !== undefined) {
          // Its question ended unanswered: the answer is not used, and the round ends as the call's next one does.
          resume(unclaimed.carry as typeof carry);
          return unclaimed.next();
        }
        if (waiting === undefined || waiting.key !== questionKey) return { outcome: expired(name) };
        const { call } = waiting;
        resume(call.carry as typeof carry);
        const answer = inputResponse(ctx.mcpReq.inputResponses, questionKey);
        const next = call.next();
        waiting.settle(
          answer.kind !== 'elicit'
            ? { action: 'cancel' }
            : answer.action === 'accept'
              ? { action: 'accept', content: (answer.content ?? {}) as Record<string, unknown> }
              : { action: answer.action },
        );
        return next;
      },
    };
  }

  /** Keeps a call whose question ended unanswered for the retry of its state, until that state expires. */
  #keep(nonce: string, call: AskingCall, key: string, owner: string, asked: number): void {
    if (this.#closed) return;
    const drop = (which: string): void => {
      clearTimeout(this.#unclaimed.get(which)?.timer);
      this.#unclaimed.delete(which);
    };
    // Map order is the order kept: the first of a caller's is its oldest.
    const mine = [...this.#unclaimed].filter(([, kept]) => kept.owner === owner);
    if (mine.length >= MAX_WAITING_CALLS_PER_CALLER) drop(mine[0]![0]);
    else if (this.#unclaimed.size >= MAX_WAITING_CALLS) drop(this.#unclaimed.keys().next().value as string);
    const timer = setTimeout(
      () => this.#unclaimed.delete(nonce),
      Math.max(0, asked + APPROVAL_STATE_TTL_SECONDS * 1000 - Date.now()),
    );
    timer.unref?.();
    this.#unclaimed.set(nonce, { call, key, owner, timer });
  }

  /** Takes the call kept for a state's retry, if any. */
  #claim(nonce: string, key: string): AskingCall | undefined {
    const kept = this.#unclaimed.get(nonce);
    if (kept === undefined || kept.key !== key) return undefined;
    clearTimeout(kept.timer);
    this.#unclaimed.delete(nonce);
    return kept.call;
  }
}

/**
 * The round of a question's retry whose state could not be checked (the spent-approval store failed): it runs nothing
 * and takes no answer, and its request gets a JSON-RPC error that says to retry with the same state.
 */
function unchecked(): InputRound {
  const refuse = (): never => {
    throw new TypeError('InputRounds: a round whose state was not checked runs no call');
  };
  return {
    approve: refuse,
    ask: refuse,
    run: () =>
      Promise.reject(
        new ProtocolError(
          ProtocolErrorCode.InternalError,
          'the server could not check this requestState (its store of used states failed); the call still waits for the answer: retry with the same requestState',
        ),
      ),
  };
}

/** A `setTimeout` handle. */
type Timer = ReturnType<typeof setTimeout>;

/** A call whose question ended unanswered, kept for the retry of its state. */
interface Unclaimed {
  readonly call: AskingCall;
  readonly key: string;
  readonly owner: string;
  readonly timer: Timer;
}

/** The outcome of a retry whose call no longer waits for its answer here. */
function expired(tool: string): ToolOutcome {
  const error = new QuestionNotAnsweredError(
    tool,
    'expired',
    'the question of an earlier round',
    'no call waits for this answer on this server (the state is older than its 300 s, the server restarted, or the retry reached another server); this retry ran nothing, but the call may have gone on without the answer: check before calling again',
  );
  return { ok: false, tool, callId: '', error: error.toPayload() };
}

function isReply(value: unknown): value is QuestionReply {
  return typeof value === 'object' && value !== null && 'action' in value && !(value instanceof Error);
}

/** The reason the first round's outcome (and its audit record) gives: it stopped to ask. */
const PENDING =
  "waiting for a person's approval: the MCP client was asked (input_required), and its retry carries the answer";
