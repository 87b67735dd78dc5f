import type { ToolErrorPayload } from './ToolErrorPayload.js';

/** What `dispatch` returns: never a rejection, always JSON-serialisable, never a stack trace. */
export type ToolOutcome =
  | { readonly ok: true; readonly tool: string; readonly callId: string; readonly value: unknown }
  | { readonly ok: false; readonly tool: string; readonly callId: string; readonly error: ToolErrorPayload };
