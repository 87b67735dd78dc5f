import type { AuditRecord } from '../contracts/AuditRecord.js';
import type { Logger } from '../contracts/Logger.js';
import type { AskedQuestion } from '../contracts/Question.js';
import { redactAndClip } from '../errors/redactSecrets.js';
import { ToolError } from '../errors/ToolError.js';
import { toJsonValue } from '../internal/toJsonValue.js';
import type { UnverifiedClaim } from './unverifiedClaims.js';

/** Where a trail sends its record: the resolved sink, and whether content goes in it. */
export interface AuditDestination {
  /** Takes one record. */
  readonly send: (record: AuditRecord) => void | Promise<void>;
  /** Whether records carry the (redacted) arguments and result. */
  readonly captureArguments: boolean;
  /** Where the sink's own failures go. */
  readonly logger: Logger;
}

const MAX_CONTENT = 16_000;
const MAX_QUESTION = 2_000;

/**
 * The audit record of one call in the making: the pipeline notes the verdicts as it passes them,
 * and `finish` sends exactly one record, whatever the outcome. A sink that throws or rejects
 * never fails the call; its failure goes to the logger.
 */
export class AuditTrail {
  readonly #started = performance.now();
  readonly #time = new Date().toISOString();
  access: AuditRecord['access'] = 'not_checked';
  reason: string | undefined;
  approval: AuditRecord['approval'];
  #questions: NonNullable<AuditRecord['questions']>[number][] | undefined;

  constructor(
    private readonly destination: AuditDestination,
    private readonly call: {
      readonly tool: string;
      readonly toolset: string | undefined;
      readonly callId: string;
      readonly caller: unknown;
      readonly permissions: readonly string[];
    },
    private readonly input: unknown,
    /** Claims the call carried unverified, read when the record is sent. */
    private readonly unverified?: readonly UnverifiedClaim[],
  ) {}

  /** A question the tool asked has ended: kept for the record, its answer only when content is captured. */
  question(asked: AskedQuestion): void {
    (this.#questions ??= []).push({
      message: redactAndClip(asked.message, MAX_QUESTION),
      fields: asked.fields,
      end: asked.end,
      ...(this.destination.captureArguments && asked.answer !== undefined && { answer: content(asked.answer) }),
    });
  }

  finish(outcome: { ok: true; result: unknown } | { ok: false; error: unknown }): void {
    const { destination } = this;
    const record: AuditRecord = {
      time: this.#time,
      ...this.call,
      access: this.access,
      ...(this.reason !== undefined && { reason: this.reason }),
      ...(this.approval !== undefined && { approval: this.approval }),
      ...(this.unverified !== undefined && this.unverified.length > 0 && { unverified: [...this.unverified] }),
      ...(this.#questions !== undefined && { questions: this.#questions }),
      outcome: outcome.ok ? 'ok' : outcome.error instanceof ToolError ? outcome.error.code : 'execution_failed',
      durationMs: performance.now() - this.#started,
      ...(destination.captureArguments && { arguments: content(this.input) }),
      ...(destination.captureArguments && outcome.ok && { result: content(outcome.result) }),
    };
    const failed = (error: unknown): void =>
      destination.logger.error('hermes-tools: the audit sink failed; the call was not affected', {
        tool: record.tool,
        callId: record.callId,
        error: error instanceof Error ? error.message : String(error),
      });
    try {
      const sent = destination.send(record);
      if (sent instanceof Promise) sent.catch(failed);
    } catch (error) {
      failed(error);
    }
  }
}

function content(value: unknown): string {
  const json = toJsonValue(value);
  return json.ok ? redactAndClip(JSON.stringify(json.value), MAX_CONTENT) : `(not JSON: ${json.reason})`;
}
