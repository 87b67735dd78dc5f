import { Arg, Example, PermissionSet, Tool, toolset } from 'hermes-tools';
import { toAnthropicTools, toGeminiTools, toOpenAITools } from 'hermes-tools/providers';
import { buildRegistry } from './support/buildRegistry.js';

@Tool({ name: 'fs.read', description: 'Read a file.' })
@Example({ description: 'Read the readme', input: { path: 'README.md' } })
class ReadFile {
  execute(@Arg('path') path: string): string {
    return path;
  }
}

describe('examples in a provider definition', () => {
  it('call the tool by the name that provider knows it by', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'fs', tools: [ReadFile], granted: PermissionSet.all() }));
    const definitions = registry.definitions();
    expect(definitions[0]!.modelDescription).toContain('- Read the readme: fs.read({"path":"README.md"})');
    for (const description of [
      toOpenAITools(definitions).tools[0]!.function.description,
      toAnthropicTools(definitions).tools[0]!.description,
    ]) {
      expect(description).toContain('- Read the readme: fs_read({"path":"README.md"})');
      expect(description).not.toContain('fs.read(');
    }
    // Gemini allows dots: the name, and so the example, are unchanged.
    const gemini = toGeminiTools(definitions);
    expect(gemini.tools[0]!.functionDeclarations![0]!.description).toContain(
      `${gemini.report[0]!.providerName}({"path":"README.md"})`,
    );
  });
});
