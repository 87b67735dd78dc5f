import type { ExampleOptions } from '../contracts/ExampleOptions.js';

/** The text a model reads for a tool: description, deprecation notice, then worked examples. */
export function renderModelDescription(
  name: string,
  description: string,
  deprecated: string | undefined,
  examples: readonly ExampleOptions[],
): string {
  const parts = [description.trim()];
  if (deprecated !== undefined) parts.push(`DEPRECATED: ${deprecated.trim()}`);
  if (examples.length > 0) {
    const lines = examples.map((e) => {
      const call = `${name}(${JSON.stringify(e.input)})`;
      return e.output === undefined
        ? `- ${e.description}: ${call}`
        : `- ${e.description}: ${call} returns ${JSON.stringify(e.output)}`;
    });
    parts.push(`Examples:\n${lines.join('\n')}`);
  }
  return parts.join('\n\n');
}
