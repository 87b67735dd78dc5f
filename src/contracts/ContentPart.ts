/**
 * One part of a tool's result, in its JSON form: what `dispatch` puts in an outcome's `content` and every kernel maps
 * (the shapes are MCP's). Binary data is base64. Make parts with {@link Content}, and return them in a `ToolResult`.
 */
export type ContentPart = TextPart | ImagePart | AudioPart | ResourceLinkPart | EmbeddedResourcePart;

/** Text for the model. */
export interface TextPart {
  readonly type: 'text';
  readonly text: string;
}

/** An image: base64 `data` of the given MIME type (`image/png`, …). */
export interface ImagePart {
  readonly type: 'image';
  readonly data: string;
  readonly mimeType: string;
}

/** Audio: base64 `data` of the given MIME type (`audio/wav`, …). */
export interface AudioPart {
  readonly type: 'audio';
  readonly data: string;
  readonly mimeType: string;
}

/** A link to something the caller may read (a file, a record): not its content. */
export interface ResourceLinkPart {
  readonly type: 'resource_link';
  readonly uri: string;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly mimeType?: string;
  /** Its size in bytes, when known. */
  readonly size?: number;
}

/** A resource's content, carried in the result: text, or a base64 `blob`. */
export interface EmbeddedResourcePart {
  readonly type: 'resource';
  readonly resource:
    | { readonly uri: string; readonly mimeType?: string; readonly text: string }
    | { readonly uri: string; readonly mimeType?: string; readonly blob: string };
}
