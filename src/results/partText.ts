import type { ResourceLinkPart } from '../contracts/ContentPart.js';

/** A link as text for a model: `[report.pdf: file:///reports/q3.pdf (application/pdf)]`. */
export function linkText(part: ResourceLinkPart): string {
  return `[${part.name}: ${part.uri}${part.mimeType === undefined ? '' : ` (${part.mimeType})`}]`;
}

/** An embedded text resource as text for a model: its URI on a line, then its text. */
export function resourceText(resource: { readonly uri: string; readonly text: string }): string {
  return `[${resource.uri}]\n${resource.text}`;
}

/** The last segment of a part's URI, as a file name a provider accepts (word characters, dots and dashes). */
export function filenameOf(uri: string): string {
  const last = uri.split(/[/\\]/).filter(Boolean).at(-1) ?? 'file';
  return last.replace(/[^\w.-]/g, '_').slice(0, 100) || 'file';
}
