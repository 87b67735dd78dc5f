import type { Tool } from 'ai';
import type { ContentPart } from '../contracts/ContentPart.js';
import { filenameOf, linkText, resourceText } from '../results/partText.js';
import { isToolResult } from '../results/ToolResult.js';

/** What a tool's `toModelOutput` gives the AI SDK. */
type ModelOutput = Awaited<ReturnType<NonNullable<Tool<unknown, unknown>['toModelOutput']>>>;
type ModelContent = Extract<ModelOutput, { type: 'content' }>['value'][number];

/** One part as the AI SDK's model-output content: images as image data, other binary as file data, the rest as text. */
function toModelContent(part: ContentPart): ModelContent {
  switch (part.type) {
    case 'text':
      return { type: 'text', text: part.text };
    case 'image':
      return { type: 'image-data', data: part.data, mediaType: part.mimeType };
    case 'audio':
      return { type: 'file-data', data: part.data, mediaType: part.mimeType };
    case 'resource_link':
      return { type: 'text', text: linkText(part) };
    case 'resource': {
      const { resource } = part;
      if ('text' in resource) return { type: 'text', text: resourceText(resource) };
      return {
        type: 'file-data',
        data: resource.blob,
        mediaType: resource.mimeType ?? 'application/octet-stream',
        filename: filenameOf(resource.uri),
      };
    }
  }
}

/**
 * A tool's output as the AI SDK hands it to the model: a ToolResult's parts as `content` (each provider of the AI SDK
 * then carries what it can), its value as JSON text after them; any other value as the AI SDK would on its own (a
 * string as text, anything else as JSON).
 */
export function modelOutput(output: unknown): ModelOutput {
  if (!isToolResult(output)) {
    return typeof output === 'string'
      ? { type: 'text', value: output }
      : { type: 'json', value: (output ?? null) as never };
  }
  const value = output.content.map(toModelContent);
  if (output.value !== undefined) value.push({ type: 'text', text: JSON.stringify(output.value) ?? 'null' });
  return { type: 'content', value };
}
