/** One item of a read resource, in its JSON form (MCP's): text, or a base64 `blob`. */
export type ResourceContents =
  | { readonly uri: string; readonly mimeType?: string; readonly text: string }
  | { readonly uri: string; readonly mimeType?: string; readonly blob: string };

/**
 * One item a resource's method may return: text, or bytes with their MIME type. `uri` defaults to the URI read, and
 * `mimeType` to the resource's declared one.
 */
export type ResourceBody =
  | { readonly text: string; readonly mimeType?: string; readonly uri?: string }
  | { readonly blob: Uint8Array; readonly mimeType?: string; readonly uri?: string };

/** What a resource's method returns: text, bytes, or one or more bodies. */
export type ResourceReturn = string | Uint8Array | ResourceBody | readonly ResourceBody[];
