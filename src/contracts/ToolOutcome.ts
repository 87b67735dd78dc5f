import type { ToolErrorPayload } from './ToolErrorPayload.js';

/** What `dispatch` returns: never a rejection, always JSON-serialisable, never a stack trace. */
export type ToolOutcome =
  | {
      readonly ok: true;
      readonly tool: string;
      readonly callId: string;
      readonly value: unknown;
      /**
       * Present when the result was over its budget: `value` is its first part, with notes saying what was left out;
       * `id` reads the rest with `results.read`.
       */
      readonly truncated?: {
        readonly id: string | undefined;
        readonly shownChars: number;
        readonly totalChars: number;
      };
    }
  | { readonly ok: false; readonly tool: string; readonly callId: string; readonly error: ToolErrorPayload };
