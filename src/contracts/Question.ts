import type { Newable } from './Newable.js';

/**
 * One field of a question a tool asks the user (`ctx.ask`): the MCP elicitation subset, flat, of strings, numbers,
 * booleans and enums, each with an optional title, description and default.
 */
export type QuestionField =
  | {
      readonly type: 'string';
      readonly title?: string;
      readonly description?: string;
      readonly default?: string;
      readonly minLength?: number;
      readonly maxLength?: number;
      readonly format?: 'email' | 'uri' | 'date' | 'date-time';
      /** A choice of values; with `enumNames`, their titles (the older form). */
      readonly enum?: readonly string[];
      readonly enumNames?: readonly string[];
      /** A choice of values, each with a title. */
      readonly oneOf?: readonly { readonly const: string; readonly title: string }[];
    }
  | {
      readonly type: 'number' | 'integer';
      readonly title?: string;
      readonly description?: string;
      readonly default?: number;
      readonly minimum?: number;
      readonly maximum?: number;
    }
  | { readonly type: 'boolean'; readonly title?: string; readonly description?: string; readonly default?: boolean }
  | {
      /** Several choices: `items.enum`, or `items.anyOf` with titles. */
      readonly type: 'array';
      readonly title?: string;
      readonly description?: string;
      readonly items:
        | { readonly type: 'string'; readonly enum: readonly string[] }
        | { readonly anyOf: readonly { readonly const: string; readonly title: string }[] };
      readonly minItems?: number;
      readonly maxItems?: number;
      readonly default?: readonly string[];
    };

/** A question for the person behind the call: what to show, and the fields of the answer. */
export interface Question {
  /** What the person is asked, in a sentence or two. */
  readonly message: string;
  readonly fields: Readonly<Record<string, QuestionField>>;
  /** Fields the answer must fill. Default: none (a field left out takes its default, if it has one). */
  readonly required?: readonly string[];
  /**
   * How long the person has to answer, in milliseconds; silence is no answer (`timed_out`). Default 5 minutes. The
   * tool's own time limit is paused while it waits: a person's answer is never cut by it.
   */
  readonly timeoutMs?: number;
}

/** An accepted answer: each field the person filled (or its default), checked against the question. */
export type QuestionAnswer = Readonly<Record<string, string | number | boolean | readonly string[]>>;

/** What an {@link AskFunction} is asked: the question as an elicitation schema, and the call it is for. */
export interface QuestionRequest {
  readonly tool: string;
  readonly callId: string;
  readonly caller: unknown;
  readonly message: string;
  /** The question as MCP's `requestedSchema`: `{ type: 'object', properties, required? }`. */
  readonly requestedSchema: {
    readonly type: 'object';
    readonly properties: Readonly<Record<string, QuestionField>>;
    readonly required?: readonly string[];
  };
  /** How long the person has, in milliseconds (`Question.timeoutMs`, or 5 minutes). */
  readonly timeoutMs: number;
  /** Aborted when the call ends or the question's time is up: stop asking then. */
  readonly signal: AbortSignal;
}

/** What the person did: answered (`content`), declined, or dismissed the question. */
export type QuestionReply =
  | { readonly action: 'accept'; readonly content: Readonly<Record<string, unknown>> }
  | { readonly action: 'decline' | 'cancel' };

/** Puts a tool's question to a person: `CallOptions.ask`. The MCP server asks its client's user (elicitation). */
export type AskFunction = (request: QuestionRequest) => QuestionReply | Promise<QuestionReply>;

/** Puts tools' questions to a person, as a class: resolved from the container, so it can inject services. */
export interface QuestionAsker {
  /** Puts `request` to a person and resolves with the reply (accepted with content, declined, or cancelled). */
  ask(request: QuestionRequest): QuestionReply | Promise<QuestionReply>;
}

/** `toolsModule({ questions })`: who the app's tools ask when their call brings no way to ask, and for how long. */
export interface QuestionOptions {
  /**
   * Asks when the call brings no asker of its own (`CallOptions.ask`, an MCP client's elicitation, `toAiSdkTools`'
   * `ask`): a function, an asker instance, or an injectable asker class. A queue worker asks through it too.
   */
  readonly ask?: AskFunction | QuestionAsker | Newable<QuestionAsker>;
  /** How long a person has to answer a question that says nothing, in milliseconds. Default 5 minutes. */
  readonly timeoutMs?: number;
}

/** How a question ended: answered, or why not (the `reason` of the QuestionNotAnsweredError the tool got). */
export type QuestionEnd =
  | 'accepted'
  | 'declined'
  | 'cancelled'
  | 'cannot_ask'
  | 'invalid_answer'
  | 'timed_out'
  | 'expired'
  | 'denied';

/** A question a call asked, as `ctx.questions` shows it to interceptors and the audit record keeps it. */
export interface AskedQuestion {
  /** What was asked. */
  readonly message: string;
  /** The names of the fields asked for. */
  readonly fields: readonly string[];
  /** How it ended. */
  readonly end: QuestionEnd;
  /** The accepted answer; in an audit record only with `captureArguments`, as redacted JSON text. */
  readonly answer?: QuestionAnswer;
}
