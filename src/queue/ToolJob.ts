/** A JSON value, as it crosses Redis. */
export type JsonValue = null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/**
 * What a queued call puts in Redis, and all of it: the tool's name, the input the agent
 * validated, the call's id, the caller as the app describes it, the caller's own grant and the
 * trace context. Nothing else from the agent (its environment, its connections, its tools) goes in.
 */
export interface ToolJob {
  /** The format's version: a worker refuses a job of a version it does not know. */
  readonly v: 1;
  readonly tool: string;
  /** The input as the agent's validation gave it, as JSON. The worker validates it again. */
  readonly input: JsonValue;
  readonly callId: string;
  /** `QueuedToolsetOptions.describeCaller`'s answer: the worker's tools see it as `ctx.caller`. */
  readonly caller: JsonValue;
  /** The caller's own grant as the permissions it allows (`["*"]` for all), or null when the call carries none. */
  readonly permissions: readonly string[] | null;
  /** The caller's W3C trace context (`traceparent`, `tracestate`, `baggage`), or null. */
  readonly trace: Readonly<Record<string, string>> | null;
  /** Present when the agent asked for, and got, a person's approval before queueing the call. */
  readonly approval: { readonly by: string | null } | null;
  /**
   * With a signing key: when the agent queued the job (milliseconds since the epoch) and the job's
   * HMAC-SHA256, base64url, over its queue, id, `at` and every other field (see `queuedToolset`'s `signingKey`).
   */
  readonly signed?: { readonly at: number; readonly mac: string };
}
