// Resources, resource templates and prompts through the registry, as a user calls them: listed, read, got and
// completed under the same guards, permissions and caller views as tools, with definition problems reported at once.
import 'reflect-metadata';
import {
  Arg,
  type AuditRecord,
  Complete,
  PermissionSet,
  Prompt,
  Resource,
  ResourceTemplate,
  type ToolContext,
  toolset,
  toolsModule,
} from 'hermes-tools';
import { Docs, entryCalls, Floods, LANGUAGES } from './fixtures/entryTools.js';
import { buildRegistry, definitionProblems } from './support/buildRegistry.js';

async function docs() {
  return (
    await buildRegistry(
      toolsModule({}),
      toolset({ name: 'docs', tools: [Docs], granted: PermissionSet.none().grant('docs:*') }),
    )
  ).registry;
}

afterEach(() => {
  entryCalls.length = 0;
});

describe('resources', () => {
  it('lists fixed resources and templates apart from tools, with what each declares', async () => {
    const registry = await docs();
    expect(registry.definitions()).toEqual([expect.objectContaining({ name: 'results.read' })]);
    expect(registry.resources().map((r) => r.uri)).toEqual(['docs://handbook', 'docs://logo', 'docs://salaries']);
    expect(registry.resources()[0]).toEqual({
      uri: 'docs://handbook',
      name: 'handbook',
      description: 'The staff handbook.',
      mimeType: 'text/markdown',
      toolset: 'docs',
      permissions: [],
    });
    expect(registry.resourceTemplates().map((t) => [t.uriTemplate, t.variables])).toEqual([
      ['orders://{id}', ['id']],
      ['orders://{id}/lines', ['id']],
      ['files:///srv/{+path}', ['path']],
    ]);
  });

  it('reads text and bytes (base64), each body with the URI read and the declared MIME type', async () => {
    const registry = await docs();
    expect(await registry.readResource('docs://handbook')).toEqual({
      ok: true,
      uri: 'docs://handbook',
      contents: [{ uri: 'docs://handbook', mimeType: 'text/markdown', text: '# Handbook\n' }],
    });
    expect(await registry.readResource('docs://logo')).toMatchObject({
      ok: true,
      contents: [
        { uri: 'docs://logo', mimeType: 'image/png', blob: Buffer.from([0x89, 0x50, 0x4e, 0x47]).toString('base64') },
      ],
    });
  });

  it('reads through the most specific template, its variables validated like @Args before the method runs', async () => {
    const registry = await docs();
    expect(await registry.readResource('orders://42')).toMatchObject({
      ok: true,
      contents: [{ uri: 'orders://42', mimeType: 'application/json', text: '{"id":"42","total":3}' }],
    });
    expect(await registry.readResource('orders://42/lines')).toMatchObject({
      ok: true,
      contents: [{ text: 'lines of 42' }],
    });
    const refused = await registry.readResource('orders://4x2');
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(JSON.stringify(refused)).toContain('id');
    expect(entryCalls).toEqual(['order 42', 'lines 42']);
  });

  it('never lets a reserved variable climb out of its template: .. segments, absolute paths and encodings match nothing', async () => {
    const registry = await docs();
    expect(await registry.readResource('files:///srv/reports/q1.txt')).toMatchObject({
      ok: true,
      contents: [{ text: 'contents of /srv/reports/q1.txt' }],
    });
    for (const uri of [
      'files:///srv/../etc/passwd',
      'files:///srv/reports/../../etc/passwd',
      'files:///srv/%2e%2e/etc/passwd',
      'files:///srv//etc/passwd',
      'files:///srv/a\\..\\b',
      'orders://..',
      'orders://1%2F2',
    ]) {
      expect(await registry.readResource(uri)).toMatchObject({ ok: false, error: { code: 'resource_not_found' } });
    }
    expect(entryCalls).toEqual(['file reports/q1.txt']);
  });

  it('hides from a caller what it may not read: not listed, and read like an unknown URI', async () => {
    const registry = await docs();
    const ann = await registry.forCaller({ caller: 'ann', permissions: PermissionSet.none() });
    expect(ann.resources().map((r) => r.uri)).toEqual(['docs://handbook', 'docs://logo']);
    const hidden = await ann.readResource('docs://salaries');
    const unknown = await ann.readResource('docs://nothing-here');
    expect(hidden).toMatchObject({ ok: false, error: { code: 'resource_not_found' } });
    expect(hidden.ok || hidden.error.message.replace('salaries', 'X')).toBe(
      unknown.ok || unknown.error.message.replace('nothing-here', 'X'),
    );
    const boss = await registry.forCaller({ caller: 'boss', permissions: PermissionSet.none().grant('docs:secret') });
    expect(await boss.readResource('docs://salaries')).toMatchObject({ ok: true });
    // Outside a caller's view, the call's own permissions are checked by the pipeline: denied, and audited so.
    expect(await registry.readResource('docs://salaries', { permissions: PermissionSet.none() })).toMatchObject({
      ok: false,
      error: { code: 'permission_denied' },
    });
    expect(entryCalls).toEqual(['salaries']);
  });

  it('reads a URI two templates match through the more specific one: the longer literal prefix', async () => {
    const { registry } = await buildRegistry(toolsModule({}), toolset({ name: 'files', tools: [Files] }));
    expect(await registry.readResource('files://docs/a.md')).toMatchObject({
      ok: true,
      contents: [{ text: 'doc a.md' }],
    });
    expect(await registry.readResource('files://src/a.ts')).toMatchObject({
      ok: true,
      contents: [{ text: 'file src/a.ts' }],
    });
  });

  it("gives a completion method the request's signal: a client that gives up ends it", async () => {
    const { registry } = await buildRegistry(toolsModule({}), toolset({ name: 'slow', tools: [SlowCompletion] }));
    const controller = new AbortController();
    const completing = registry.complete({ type: 'ref/prompt', name: 'slow' }, { name: 'q', value: '' }, undefined, {
      signal: controller.signal,
    });
    await SlowCompletion.started;
    controller.abort();
    expect(await completing).toEqual({ values: ['stopped'], total: 1, hasMore: false });
  });

  it("audits a read of a URI nothing answers to, and a prompt nothing is named, as an unknown tool's call is", async () => {
    const records: AuditRecord[] = [];
    const { registry } = await buildRegistry(
      toolsModule({ audit: { sink: (record) => void records.push(record) } }),
      toolset({ name: 'docs', tools: [Docs], granted: PermissionSet.none().grant('docs:*') }),
    );
    const ann = await registry.forCaller({ caller: 'ann', permissions: PermissionSet.none() });
    expect(await ann.readResource('docs://salaries')).toMatchObject({
      ok: false,
      error: { code: 'resource_not_found' },
    });
    expect(await ann.getPrompt('nope', {})).toMatchObject({ ok: false, error: { code: 'prompt_not_found' } });
    expect(records.map((r) => [r.tool, r.caller, r.outcome])).toEqual([
      ['docs://salaries', 'ann', 'resource_not_found'],
      ['nope', 'ann', 'prompt_not_found'],
    ]);
    expect(entryCalls).toEqual([]);
  });
});

describe('prompts', () => {
  it('bounds the text of a prompt as a resource body is: per part and in all', async () => {
    const { registry } = await buildRegistry(toolsModule({}), toolset({ name: 'floods', tools: [Floods] }));
    expect(await registry.getPrompt('flood')).toMatchObject({
      ok: false,
      error: { code: 'invalid_output', message: expect.stringContaining('content.maxPartBytes') },
    });
    expect(await registry.getPrompt('embedded_flood')).toMatchObject({ ok: false, error: { code: 'invalid_output' } });
  });

  it('lists prompts with their arguments, and gets their messages with content parts', async () => {
    const registry = await docs();
    expect(registry.prompts()).toEqual([
      {
        name: 'review',
        title: 'Code review',
        description: 'Reviews a diff in the team’s style.',
        toolset: 'docs',
        permissions: [],
        arguments: [
          { name: 'diff', description: 'The diff to review', required: true },
          { name: 'language', required: false },
        ],
      },
      { name: 'greet', description: 'Says hello.', toolset: 'docs', permissions: [], arguments: [] },
    ]);
    expect(await registry.getPrompt('review', { diff: '+a', language: 'go' })).toEqual({
      ok: true,
      name: 'review',
      messages: [
        { role: 'user', content: { type: 'text', text: 'Review this go diff:\n+a' } },
        { role: 'user', content: { type: 'image', data: 'AQID', mimeType: 'image/png' } },
      ],
    });
    expect(await registry.getPrompt('greet', {}, { caller: 'ann' })).toMatchObject({
      ok: true,
      messages: [{ role: 'user', content: { type: 'text', text: 'Hello, ann.' } }],
    });
  });

  it('refuses unknown prompts, missing or unknown arguments, and a guard’s denial, before the method runs', async () => {
    const registry = await docs();
    expect(await registry.getPrompt('nope')).toMatchObject({ ok: false, error: { code: 'prompt_not_found' } });
    expect(await registry.getPrompt('review', {})).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await registry.getPrompt('review', { diff: 'x', extra: 'y' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(await registry.getPrompt('review', { diff: 'x' }, { caller: 'intern' })).toMatchObject({
      ok: false,
      error: { code: 'permission_denied', reason: 'interns may not use this prompt' },
    });
    expect(entryCalls).toEqual([]);
  });
});

describe('completions', () => {
  it('offers a prompt argument’s and a template variable’s completions, at most 100 with hasMore', async () => {
    const registry = await docs();
    expect(await registry.complete({ type: 'ref/prompt', name: 'review' }, { name: 'language', value: 'p' })).toEqual({
      values: ['python'],
      total: 1,
      hasMore: false,
    });
    expect(await registry.complete({ type: 'ref/prompt', name: 'review' }, { name: 'diff', value: '' })).toEqual({
      values: [],
      hasMore: false,
    });
    const ids = await registry.complete({ type: 'ref/resource', uri: 'orders://{id}' }, { name: 'id', value: '' });
    expect(ids).toMatchObject({ total: 150, hasMore: true });
    expect(ids.values).toHaveLength(100);
    const all = await registry.complete({ type: 'ref/prompt', name: 'review' }, { name: 'language', value: '' });
    expect(all.values).toEqual(LANGUAGES);
  });

  it('denies completions of a prompt its guard denies, and of one the caller cannot see', async () => {
    const registry = await docs();
    await expect(
      registry.complete({ type: 'ref/prompt', name: 'review' }, { name: 'language', value: '' }, undefined, {
        caller: 'intern',
      }),
    ).rejects.toMatchObject({ code: 'permission_denied' });
    const intern = await registry.forCaller({ caller: 'intern' });
    expect(intern.prompts().map((p) => p.name)).toEqual(['greet']);
    await expect(
      intern.complete({ type: 'ref/prompt', name: 'review' }, { name: 'language', value: '' }),
    ).rejects.toMatchObject({ code: 'prompt_not_found' });
  });
});

describe('entry definitions', () => {
  it('reports every problem at once: URIs, templates, arguments, duplicates, unknown options', async () => {
    class Broken {
      @Resource({ uri: 'no-scheme', name: 'a', description: 'x' })
      a() {
        return '';
      }
      @ResourceTemplate({ uriTemplate: 'x://{id}', name: 'b', description: 'x' })
      b(@Arg('other') other: string) {
        return other;
      }
      @ResourceTemplate({ uriTemplate: 'x://{?q}', name: 'c', description: 'x' })
      c() {
        return '';
      }
      @Resource({ uri: 'docs://handbook', name: 'd', description: 'x' })
      d() {
        return '';
      }
      @Prompt({ name: 'p', description: 'x', color: 'red' } as never)
      p(@Arg('n') n: number) {
        return String(n);
      }
    }
    const problems = await definitionProblems(toolset({ name: 'broken', tools: [Broken, Docs] }));
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('@Resource: uri must be a URI with a scheme'),
        expect.stringContaining('no @Arg for id; no variable for @Arg other'),
        expect.stringContaining('{?q} is not a variable of levels 1 and 2'),
        expect.stringContaining('the URI docs://handbook is already declared by Broken.d'),
        expect.stringContaining('@Prompt: unknown option "color"'),
        expect.stringContaining('n must be strings'),
      ]),
    );
  });
});

/** Two templates that both match files://docs/…: the one with the longer literal prefix reads it. */
class Files {
  @ResourceTemplate({ uriTemplate: 'files://{+path}', name: 'file', description: 'Any file.' })
  file(@Arg('path') path: string): string {
    return `file ${path}`;
  }

  @ResourceTemplate({ uriTemplate: 'files://docs/{+path}', name: 'doc', description: 'A document.' })
  doc(@Arg('path') path: string): string {
    return `doc ${path}`;
  }
}

/** A prompt whose completion waits until its request is given up. */
class SlowCompletion {
  static started: Promise<void>;
  static #begin: () => void;
  static {
    SlowCompletion.started = new Promise<void>((resolve) => (SlowCompletion.#begin = resolve));
  }

  @Prompt({ name: 'slow', description: 'Completes slowly.' })
  slow(@Arg('q') q: string): string {
    return q;
  }

  @Complete('q')
  async options(_value: string, _context: unknown, ctx: ToolContext): Promise<string[]> {
    SlowCompletion.#begin();
    await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve(), { once: true }));
    return ['stopped'];
  }
}
