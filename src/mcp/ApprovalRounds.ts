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
import type { SpentApprovalStore } from '../contracts/SpentApprovalStore.js';
import type { ApprovalAnswer, ApproveFunction } from '../contracts/ToolApprover.js';
import { APPROVAL_SCHEMA, cannotAsk, describeApproval } from './describeApproval.js';
import { MemorySpentApprovals } from './MemorySpentApprovals.js';

/** What an approval's `requestState` says: which call it asked about. Signed, not secret: the client can read it. */
interface ApprovalState {
  /** The tool's name. */
  readonly t: string;
  /** The SHA-256 of the call's arguments as sent (`JSON.stringify` of `params.arguments`). */
  readonly a: string;
  /** Who the call acts for, as a keyed hash: the client cannot read who it is, nor make the tag of another. */
  readonly o: string;
  /** A random id: a state that answered once is spent (a replay approves nothing). */
  readonly n: string;
}

/** How long a person has to answer an approval, and the client to retry with it, in seconds. */
export const APPROVAL_STATE_TTL_SECONDS = 300;

/** The key that signs approvals when the app sets none: one per process, which suits a single process only. */
let processKey: Uint8Array | undefined;

/** One modern call's approval: the approver the pipeline asks, and what it asked, once the call has run. */
export interface ApprovalRound {
  readonly approve: ApproveFunction;
  /** The `input_required` result that asks the person, when the call stopped to ask; else undefined. */
  asked(): Promise<InputRequiredResult | undefined>;
}

/**
 * Approvals in the 2026-07-28 era, as Multi Round-Trip Requests: a call that needs a person's yes ends its first round
 * with `input_required` (an elicitation asking it) and a signed `requestState` bound to the caller, the tool and the
 * exact arguments; the client's retry carries the answer and that state, and the call runs again with it. A state
 * that is forged, expired, minted for another caller (the SDK's `verify` hook refuses those) or for another call
 * approves nothing, and a state that answered once is spent in the endpoint's `SpentApprovalStore`: used again, it
 * approves nothing (on another replica too, when the replicas share the store). One per endpoint: every server it
 * builds verifies with the same key.
 */
export class ApprovalRounds {
  readonly #codec: RequestStateCodec<ApprovalState>;
  readonly #key: string | Uint8Array;
  readonly #spent: SpentApprovalStore;

  /**
   * @param key The HMAC key (at least 32 bytes); every replica that may receive a retry needs the same one.
   * @param spent Where answered states are remembered; replicas sharing the key need to share it too.
   */
  constructor(key: string | Uint8Array | undefined, spent: SpentApprovalStore = new MemorySpentApprovals()) {
    processKey ??= randomBytes(32);
    this.#key = key ?? processKey;
    this.#spent = spent;
    // Throws a RangeError for a key under 32 bytes, when the endpoint is made.
    this.#codec = createRequestStateCodec<ApprovalState>({ key: this.#key, ttlSeconds: APPROVAL_STATE_TTL_SECONDS });
  }

  /** The `requestState.verify` hook of every server of the endpoint. */
  readonly verify = (state: string, ctx: ServerContext): Promise<ApprovalState> => this.#codec.verify(state, ctx);

  /**
   * The approval of one `tools/call` round. A verified state minted for another caller, another tool or other
   * arguments is refused at once: it is not this call's.
   * @param owner Who the request acts for, the same string on every round of one caller's call.
   * @param canAsk Whether the client declared elicitation; without it the call is refused with a reason saying so.
   */
  async round(ctx: ServerContext, owner: string, name: string, args: unknown, canAsk: boolean): Promise<ApprovalRound> {
    const state = ctx.mcpReq.requestState<ApprovalState>();
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
    if (state !== undefined && (await this.#isSpent(state.n)))
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        'this requestState has answered already; call again without it, and the person is asked again',
      );
    let asking: string | undefined;
    const spent = this.#spent;
    const approve: ApproveFunction = async (request): Promise<ApprovalAnswer> => {
      if (!canAsk) {
        return cannotAsk(request.tool.name);
      }
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'approve');
      // An answer counts only beside the state this server minted for this call: without it, nobody was asked.
      if (state !== undefined && answer.kind === 'elicit') {
        // Spent here, atomically: of two retries racing with one state, one is answered. A store that fails rejects,
        // and the pipeline refuses the call (it fails closed).
        if (!(await spent.spend(state.n, APPROVAL_STATE_TTL_SECONDS * 1000)))
          return 'this approval was used already: the same answer was sent twice';
        if (answer.action === 'accept' && answer.content?.approve === true) return true;
        return answer.action === 'cancel' ? 'the user dismissed the request' : 'the user declined it';
      }
      asking = describeApproval(request);
      return PENDING;
    };
    const codec = this.#codec;
    return {
      approve,
      async asked() {
        if (asking === undefined) return undefined;
        return inputRequired({
          inputRequests: { approve: inputRequired.elicit({ message: asking, requestedSchema: APPROVAL_SCHEMA }) },
          requestState: await codec.mint({
            t: name,
            a: argsDigest(),
            o: ownerTag(),
            n: randomBytes(16).toString('base64url'),
          }),
        });
      },
    };
  }

  async #isSpent(id: string): Promise<boolean> {
    try {
      return await this.#spent.isSpent(id);
    } catch (error) {
      throw new ProtocolError(
        ProtocolErrorCode.InternalError,
        'could not check whether this requestState has answered already (the spent-approval store failed); try again',
        { cause: error instanceof Error ? error.message : String(error) },
      );
    }
  }
}

/** The reason the first round's outcome (and its audit record) gives: it stopped to ask. */
const PENDING =
  "waiting for a person's approval: the MCP client was asked (input_required), and its retry carries the answer";
