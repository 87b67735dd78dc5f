import type { ContentPart } from './ContentPart.js';
import type { ToolErrorPayload } from './ToolErrorPayload.js';

/** What `dispatch` returns: never a rejection, always JSON-serialisable, never a stack trace. */
export type ToolOutcome =
  | {
      readonly ok: true;
      readonly tool: string;
      readonly callId: string;
      /** The result; of a `ToolResult`, its structured value (absent when it has none). */
      readonly value: unknown;
      /**
       * The content parts of a `ToolResult` (text, images, audio, links, embedded resources), checked against the tool's
       * content limits; absent for a plain value.
       */
      readonly content?: readonly ContentPart[];
      /**
       * Present when the result was over its budget: `value` (or the text of `content`) is its first part, with notes
       * saying what was left out; `id` reads the rest with `results.read`.
       */
      readonly truncated?: {
        readonly id: string | undefined;
        readonly shownChars: number;
        readonly totalChars: number;
      };
    }
  | { readonly ok: false; readonly tool: string; readonly callId: string; readonly error: ToolErrorPayload };
