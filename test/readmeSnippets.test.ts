import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');

/** Every README code block marked `<!-- snippet: file#region -->`, with the file's region it must equal. */
function snippets(): [string, string, string][] {
  const out: [string, string, string][] = [];
  const marker = /<!-- snippet: ([^#\s]+)#([\w-]+) -->\n```ts\n([\s\S]*?)```/g;
  for (const [, file, region, block] of readme.matchAll(marker)) out.push([`${file}#${region}`, block!, regionOf(file!, region!)]);
  return out;
}

function regionOf(file: string, region: string): string {
  const source = readFileSync(path.join(root, file), 'utf8');
  const start = source.indexOf(`// #region ${region}\n`);
  const end = source.indexOf(`// #endregion ${region}\n`);
  if (start === -1 || end === -1) throw new Error(`${file} has no region ${region}`);
  return source.slice(start + `// #region ${region}\n`.length, end);
}

describe('the README snippets', () => {
  it('are found', () => {
    expect(snippets().length).toBeGreaterThanOrEqual(4);
    const names = snippets().map(([name]) => name);
    // Every provider snippet of "Model providers" is one of them.
    expect(names).toEqual(
      expect.arrayContaining(['samples/providers/openaiChat.ts#openai', 'samples/providers/anthropicMessages.ts#anthropic', 'samples/providers/geminiContent.ts#gemini']),
    );
    const providers = readme.slice(readme.indexOf('### Model providers'), readme.indexOf('### Vercel AI SDK'));
    expect(providers.match(/```ts/g)).toHaveLength(providers.match(/<!-- snippet: /g)!.length);
  });

  it.each(snippets())('%s is the compiled sample, word for word', (_name, block, region) => {
    expect(block).toBe(region);
  });

  it("the provider snippets run against scripted clients: the tool results are appended in each SDK's shape", async () => {
    const openai = await import('../samples/providers/openaiChat.js');
    expect(openai.messages.slice(1)).toEqual([
      expect.objectContaining({ role: 'assistant' }),
      // The custom tool call is skipped: only function tools were sent.
      { role: 'tool', tool_call_id: 'call_1', content: 'buy milk' },
    ]);
    const anthropic = await import('../samples/providers/anthropicMessages.js');
    expect(anthropic.messages[2]).toEqual({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'buy milk' }] });
    const gemini = await import('../samples/providers/geminiContent.js');
    expect(gemini.contents[2]).toEqual({ role: 'user', parts: [{ functionResponse: { id: 'g1', name: 'notes.read', response: { output: 'buy milk' } } }] });
  });

  it('the sample they come from runs', async () => {
    const log = console.log;
    const lines: unknown[][] = [];
    console.log = (...args: unknown[]) => void lines.push(args);
    try {
      await import('../samples/concepts/openPipeline.js');
    } finally {
      console.log = log;
    }
    expect(lines[0]).toEqual([['sprint.show', 'sprint.close', 'sprint.delete', 'mail.team', 'results.read']]);
    expect(lines[1]).toEqual([['sprint.show', 'mail.team', 'results.read']]);
    expect(lines[2]).toEqual([false]);
    expect(JSON.stringify(lines)).toContain('approval_denied');
  });
});
