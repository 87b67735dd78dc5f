import type { ContentPart } from '../contracts/ContentPart.js';
import type { ToolOutcome } from '../contracts/ToolOutcome.js';
import { filenameOf, linkText, resourceText } from '../results/partText.js';

/** A part a provider takes as its own block, and what it was. */
export interface CarriedPart {
  readonly kind: 'text' | 'image' | 'file';
  /** The text (kind `text`), or the base64 data. */
  readonly data: string;
  readonly mimeType?: string;
  /** A file's name, from its URI. */
  readonly filename?: string;
}

/** What a provider takes of a result: each part as a block it carries, and what it could not carry. */
export interface FittedParts {
  readonly parts: readonly CarriedPart[];
  /** One line per part that went as a note instead: what it was, and why. */
  readonly notes: readonly string[];
}

/** What a provider can carry, besides text. */
export interface ProviderMedia {
  /** Its name, in notes: `Anthropic tool results`. */
  readonly name: string;
  /** Image MIME types it takes as images. */
  readonly images: readonly string[];
  /** MIME types it takes as files (documents), base64. */
  readonly files: readonly string[];
}

/**
 * A successful outcome's result as the blocks a provider carries: text parts as text, images and files of the types it
 * takes as their own blocks, links and embedded text as text, and every other part (audio, say) as a text note naming
 * it, with a line in `notes` saying it could not be carried. The structured value, when there is one, follows as JSON
 * text. A plain value (no `content`) is one text.
 */
export function fitResultParts(outcome: Extract<ToolOutcome, { ok: true }>, media: ProviderMedia): FittedParts {
  const { value, content } = outcome;
  const valueText = (): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? 'null'));
  if (content === undefined) return { parts: [{ kind: 'text', data: valueText() }], notes: [] };
  const parts: CarriedPart[] = [];
  const notes: string[] = [];
  const text = (data: string): undefined => {
    parts.push({ kind: 'text', data });
    return undefined;
  };
  const unsent = (part: ContentPart, what: string, index: number): undefined => {
    text(`[${what}, not shown: ${media.name} cannot carry it]`);
    notes.push(`content[${index}]: ${media.name} cannot carry ${what} (${part.type}); a text note names it instead`);
    return undefined;
  };
  const carry = (part: ContentPart, index: number): undefined => {
    switch (part.type) {
      case 'text':
        return text(part.text);
      case 'image':
        if (media.images.includes(part.mimeType.toLowerCase())) {
          parts.push({ kind: 'image', data: part.data, mimeType: part.mimeType.toLowerCase() });
          return undefined;
        }
        return unsent(part, `a ${part.mimeType} image`, index);
      case 'audio':
        return unsent(part, `${part.mimeType} audio`, index);
      case 'resource_link':
        return text(linkText(part));
      case 'resource': {
        const { resource } = part;
        if ('text' in resource) return text(resourceText(resource));
        const mimeType = resource.mimeType?.toLowerCase();
        if (mimeType !== undefined && media.files.includes(mimeType)) {
          parts.push({ kind: 'file', data: resource.blob, mimeType, filename: filenameOf(resource.uri) });
          return undefined;
        }
        return unsent(part, `the ${resource.mimeType ?? 'binary'} resource ${resource.uri}`, index);
      }
    }
  };
  for (let index = 0; index < content.length; index++) carry(content[index]!, index);
  if (value !== undefined) text(valueText());
  return { parts, notes };
}
