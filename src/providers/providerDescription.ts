import type { ToolDefinition } from '../contracts/ToolDefinition.js';

/**
 * The model description, with its worked examples calling the tool by the name this provider
 * knows it by (`fs_read({...})`, not `fs.read({...})`): a model copies what it is shown.
 */
export function providerDescription(definition: ToolDefinition, providerName: string): string {
  const text = definition.modelDescription;
  if (providerName === definition.name || definition.examples.length === 0) return text;
  const at = text.lastIndexOf('\n\nExamples:\n');
  if (at < 0) return text;
  return text.slice(0, at) + text.slice(at).split(`: ${definition.name}(`).join(`: ${providerName}(`);
}
