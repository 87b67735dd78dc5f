import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Every TypeScript block of README.md and docs/*.md is marked `<!-- snippet: file -->` (the whole file, imports
// included) or `<!-- snippet: file#region -->`, and must equal that file or region word for word. The files are
// compiled by the build (tsconfig.json includes test/ and samples/), so every snippet compiles against the package.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pages = [
  'README.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const text = (page: string): string => readFileSync(path.join(root, page), 'utf8');

interface Snippet {
  page: string;
  source: string;
  block: string;
}

function snippetsOf(page: string): Snippet[] {
  const marker = /<!-- snippet: ([^\s]+) -->\n```ts\n([\s\S]*?)```/g;
  return [...text(page).matchAll(marker)].map(([, source, block]) => ({ page, source: source!, block: block! }));
}

const snippets = pages.flatMap(snippetsOf);

/** A file's text, or the part between `// #region name` and `// #endregion name`. */
function sourceOf(source: string): string {
  const [file, region] = source.split('#');
  const whole = readFileSync(path.join(root, file!), 'utf8');
  if (region === undefined) return whole;
  const start = whole.indexOf(`// #region ${region}\n`);
  const end = whole.indexOf(`// #endregion ${region}\n`);
  if (start === -1 || end === -1) throw new Error(`${file} has no region ${region}`);
  return whole.slice(start + `// #region ${region}\n`.length, end);
}

/** A sample's region, less its import lines: the part a docs snippet shows too, which the sample runs. */
function regionBody(source: string): string {
  return sourceOf(source)
    .split('\n')
    .filter((line) => !line.startsWith('import '))
    .join('\n')
    .trim();
}

describe('the snippets of the README and docs/', () => {
  it('are found, and every TypeScript block is one of them', () => {
    expect(pages).toEqual(expect.arrayContaining(['README.md', 'docs/concepts.md', 'docs/nest.md', 'docs/mcp.md']));
    for (const page of pages)
      expect([page, text(page).match(/```ts\n/g)?.length ?? 0]).toEqual([page, snippetsOf(page).length]);
    expect(snippets.length).toBeGreaterThanOrEqual(25);
  });

  it.each(snippets.map((s) => [`${s.page}: ${s.source}`, s] as const))(
    '%s is the compiled file, word for word',
    (_name, { block, source }) => {
      expect(block).toBe(sourceOf(source));
    },
  );

  it('each is a module with its own imports: no name comes from around it', () => {
    for (const { page, block } of snippets) {
      // A snippet that uses the package imports it: decorators bind to ours, not to a global such as the DOM's
      // Permissions.
      const uses = [
        ...block.matchAll(/@(Tool|Permissions|Arg|Input|UseGuards|RequiresApproval|Injectable|Module)\(/g),
      ].map(([, name]) => name!);
      for (const name of uses)
        expect([page, name, new RegExp(`import \\{[^}]*\\b${name}\\b[^}]*\\} from`).test(block)]).toEqual([
          page,
          name,
          true,
        ]);
      expect([page, block.startsWith('import ') || block.startsWith('/**')]).toEqual([page, true]);
    }
  });

  it('the Caller type is defined where guards and approvals use it', () => {
    for (const { page, block } of snippets.filter((s) => s.block.includes('as Caller'))) {
      expect([page, /type Caller = \{/.test(block)]).toEqual([page, true]);
    }
  });

  it('the provider snippets show what the provider samples run', () => {
    const docs = text('docs/providers.md');
    for (const sample of [
      'samples/providers/openaiChat.ts#openai',
      'samples/providers/anthropicMessages.ts#anthropic',
      'samples/providers/geminiContent.ts#gemini',
    ]) {
      expect([sample, docs.includes(regionBody(sample))]).toEqual([sample, true]);
    }
  });

  it("the provider snippets run against scripted clients: the tool results are appended in each SDK's shape", async () => {
    const openai = await import('../samples/providers/openaiChat.js');
    expect(openai.messages.slice(1)).toEqual([
      expect.objectContaining({ role: 'assistant' }),
      // The custom tool call is skipped: only function tools were sent.
      { role: 'tool', tool_call_id: 'call_1', content: 'buy milk' },
    ]);
    const anthropic = await import('../samples/providers/anthropicMessages.js');
    expect(anthropic.messages[2]).toEqual({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'buy milk' }],
    });
    const gemini = await import('../samples/providers/geminiContent.js');
    expect(gemini.contents[2]).toEqual({
      role: 'user',
      parts: [{ functionResponse: { id: 'g1', name: 'notes.read', response: { output: 'buy milk' } } }],
    });
  });

  it("the caller views snippet runs: each caller lists what it may use, and the approver's answer decides", async () => {
    const log = console.log;
    const lines: unknown[][] = [];
    console.log = (...args: unknown[]) => void lines.push(args);
    try {
      await import('./fixtures/docs/callers.js');
    } finally {
      console.log = log;
    }
    expect(lines[0]).toEqual([['sprint.close', 'sprint.delete', 'mail.team', 'results.read']]);
    expect(lines[1]).toEqual([['mail.team', 'results.read']]);
    expect(lines[2]).toEqual([false]);
    expect(lines[3]).toEqual([expect.objectContaining({ ok: true, value: 'deleted 41' })]);
    expect(JSON.stringify(lines[4])).toContain('approval_denied');
  });

  it('the sample behind the concepts runs', async () => {
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
