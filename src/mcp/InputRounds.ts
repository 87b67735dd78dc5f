import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  createRequestStateCodec,
  type InputRequiredResult,
  inputRequired,
  inputResponse,
  ProtocolError,
  ProtocolErrorCode,
  type RequestStateCodec,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { AskFunction, QuestionReply } from '../contracts/Question.js';
import type { SpentApprovalStore } from '../contracts/SpentApprovalStore.js';
import type { ApprovalAnswer, ApproveFunction } from '../contracts/ToolApprover.js';
import { QuestionNotAnsweredError } from '../errors/QuestionNotAnsweredError.js';
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
  /** The accepted answers of earlier rounds' questions, by key. */
  readonly q?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

/** How long a person has to answer, and the client to retry with it, in seconds. */
export const APPROVAL_STATE_TTL_SECONDS = 300;

/** The most questions one call may ask over its rounds. */
const MAX_QUESTIONS = 10;

/** The key that signs states when the app sets none: one per process, which suits a single process only. */
let processKey: Uint8Array | undefined;

/** One modern call's round: the approver and the asker the pipeline uses, and what they asked, once the call has run. */
export interface InputRound {
  readonly approve: ApproveFunction;
  readonly ask: AskFunction;
  /** The `input_required` result that asks the person, when the call stopped to ask; else undefined. */
  asked(): Promise<InputRequiredResult | undefined>;
}

/**
 * What a 2026-07-28 call asks its client's user, as Multi Round-Trip Requests: an approval (before the handler) and the
 * tool's questions (`ctx.ask`). A round that needs an answer ends with `input_required` and a signed `requestState`
 * bound to the caller, the tool and the exact arguments, carrying what earlier rounds settled (the approval, accepted
 * answers); the client's retry carries the answer and that state, and the call runs again from the start with
 * everything answered so far: a question is answered from the state, the handler goes on to its next one. So a handler
 * runs once per round up to its last question: what it does before a question is done again (ask first, act after).
 * A state that is forged, expired, minted for another caller, tool or arguments settles nothing, and each state is
 * spent by the round that uses it in the endpoint's `SpentApprovalStore` (shared by replicas that share it).
 */
export class InputRounds {
  readonly #codec: RequestStateCodec<RoundState>;
  readonly #key: string | Uint8Array;
  readonly #spent: SpentApprovalStore;

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

  /**
   * One `tools/call` round. A verified state minted for another caller, another tool or other arguments is refused at
   * once, and so is one already used (spent here, atomically: of two retries racing with one state, one goes on).
   * @param owner Who the request acts for, the same string on every round of one caller's call.
   * @param canAsk Whether the client declared elicitation; without it approvals and questions are refused, saying so.
   */
  round(
    ctx: ServerContext,
    owner: string,
    name: string,
    args: unknown,
    canAsk: boolean,
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
      this.#open(ctx, name, canAsk, state, storeError, argsDigest, ownerTag);
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

  /** The round of a call whose state (if any) is spent: its approver, its asker, and what they asked. */
  #open(
    ctx: ServerContext,
    name: string,
    canAsk: boolean,
    state: RoundState | undefined,
    storeError: unknown,
    argsDigest: () => string,
    ownerTag: () => string,
  ): InputRound {
    const storeFailed = storeError !== undefined;
    const usable = storeFailed ? undefined : state;
    // A state minted before questions existed says nothing was asked.
    const askedBefore = (k: string): boolean => usable?.k?.includes(k) === true;
    let granted = usable?.g === 1;
    const answers: Record<string, Readonly<Record<string, unknown>>> = Object.assign(Object.create(null), usable?.q);
    let pending: { key: string; message: string; requestedSchema: unknown } | undefined;
    let asking: string | undefined;

    const approve: ApproveFunction = (request): ApprovalAnswer => {
      if (storeFailed) throw storeError;
      if (!canAsk) return cannotAsk(request.tool.name);
      if (granted) return true;
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'approve');
      // An answer counts only beside the state this server minted when it asked: without it, nobody was asked.
      if (askedBefore('approve') && answer.kind === 'elicit') {
        if (answer.action === 'accept' && answer.content?.approve === true) {
          granted = true;
          return true;
        }
        return answer.action === 'cancel' ? 'the user dismissed the request' : 'the user declined it';
      }
      asking = describeApproval(request);
      return PENDING;
    };

    let next = 0;
    const ask: AskFunction = ({ tool, message, requestedSchema }): QuestionReply => {
      const questionKey = `q${++next}`;
      if (storeFailed) throw storeError;
      if (!canAsk)
        throw new QuestionNotAnsweredError(tool, 'cannot_ask', message, 'the MCP client did not declare elicitation');
      const earlier = answers[questionKey];
      if (earlier !== undefined) return { action: 'accept', content: earlier };
      const answer = inputResponse(ctx.mcpReq.inputResponses, questionKey);
      if (askedBefore(questionKey) && answer.kind === 'elicit') {
        if (answer.action !== 'accept') return { action: answer.action };
        const content = (answer.content ?? {}) as Record<string, unknown>;
        answers[questionKey] = content;
        return { action: 'accept', content };
      }
      if (next > MAX_QUESTIONS)
        throw new QuestionNotAnsweredError(
          tool,
          'cannot_ask',
          message,
          `a call asks at most ${MAX_QUESTIONS} questions`,
        );
      pending = { key: questionKey, message, requestedSchema };
      throw new QuestionNotAnsweredError(
        tool,
        'cannot_ask',
        message,
        'put to the 2026 client, whose retry carries the answer: this round ends here; do not act on this error',
      );
    };

    const codec = this.#codec;
    const mint = (asked: string): Promise<string> =>
      codec.mint({
        t: name,
        a: argsDigest(),
        o: ownerTag(),
        n: randomBytes(16).toString('base64url'),
        k: [asked],
        ...(granted ? { g: 1 as const } : {}),
        ...(Object.keys(answers).length === 0 ? {} : { q: { ...answers } }),
      });
    return {
      approve,
      ask,
      async asked() {
        if (asking !== undefined)
          return inputRequired({
            inputRequests: { approve: inputRequired.elicit({ message: asking, requestedSchema: APPROVAL_SCHEMA }) },
            requestState: await mint('approve'),
          });
        if (pending !== undefined)
          return inputRequired({
            inputRequests: {
              [pending.key]: inputRequired.elicit({
                message: pending.message,
                requestedSchema: pending.requestedSchema as never,
              }),
            },
            requestState: await mint(pending.key),
          });
        return undefined;
      },
    };
  }
}

/** The reason the first round's outcome (and its audit record) gives: it stopped to ask. */
const PENDING =
  "waiting for a person's approval: the MCP client was asked (input_required), and its retry carries the answer";
