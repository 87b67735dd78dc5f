import type { ResourceContents } from './ResourceContents.js';
import type { ToolErrorPayload } from './ToolErrorPayload.js';

/** What `readResource` resolves to, never a rejection: the contents, or the error a caller may be shown. */
export type ResourceOutcome =
  | { readonly ok: true; readonly uri: string; readonly contents: readonly ResourceContents[] }
  | { readonly ok: false; readonly uri: string; readonly error: ToolErrorPayload };
