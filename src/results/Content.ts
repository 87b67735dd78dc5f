import type {
  AudioPart,
  EmbeddedResourcePart,
  ImagePart,
  ResourceLinkPart,
  TextPart,
} from '../contracts/ContentPart.js';

/** Binary data as parts carry it: bytes are encoded, a string is taken to be base64 already. */
function base64(data: Uint8Array | string): string {
  if (typeof data === 'string') return data;
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64');
}

/**
 * The parts a tool's result can hold, made explicitly: return them in a `ToolResult`. Binary data is given as bytes
 * (`Uint8Array`, a `Buffer`) or as a base64 string. Every part is checked when the call returns (its MIME type against
 * the tool's `content.mimeTypes`, its size, the base64 itself).
 *
 * @example
 * return ToolResult.of(Content.image(png, 'image/png'), Content.text('Sales by month, 2026.'));
 */
export const Content = Object.freeze({
  /** Text for the model. */
  text(text: string): TextPart {
    return { type: 'text', text };
  },
  /** An image (`image/png`, `image/jpeg`, …). */
  image(data: Uint8Array | string, mimeType: string): ImagePart {
    return { type: 'image', data: base64(data), mimeType };
  },
  /** Audio (`audio/wav`, `audio/mpeg`, …). */
  audio(data: Uint8Array | string, mimeType: string): AudioPart {
    return { type: 'audio', data: base64(data), mimeType };
  },
  /** A link to something the caller may read, by URI: not its content. */
  link(link: Omit<ResourceLinkPart, 'type'>): ResourceLinkPart {
    return { type: 'resource_link', ...link };
  },
  /** A resource's content carried in the result: `text`, or `blob` (bytes or base64). */
  resource(
    resource:
      | { readonly uri: string; readonly mimeType?: string; readonly text: string }
      | { readonly uri: string; readonly mimeType?: string; readonly blob: Uint8Array | string },
  ): EmbeddedResourcePart {
    const { uri, mimeType } = resource;
    const kind = 'text' in resource ? { text: resource.text } : { blob: base64(resource.blob) };
    return { type: 'resource', resource: { uri, ...(mimeType === undefined ? {} : { mimeType }), ...kind } };
  },
});
