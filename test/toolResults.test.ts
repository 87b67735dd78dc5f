// Tools that answer with content parts (ToolResult): what `dispatch` makes of them, the limits, and the result budget.
import 'reflect-metadata';
import { Client as ModernClient } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import {
  Arg,
  Content,
  type ContentLimits,
  type ContentPart,
  Tool,
  type ToolOutcome,
  ToolResult,
  toolset,
  toolsModule,
} from 'hermes-tools';
import { createMcpServer, serveStdio } from 'hermes-tools/mcp';
import { buildRegistry, definitionProblems } from './support/buildRegistry.js';

/** What the `answers` tool returns: each test sets it. */
let answer: () => unknown = () => null;

@Tool({ name: 'answers', description: 'Returns what the test says.' })
class Answers {
  execute(): unknown {
    return answer();
  }
}

@Tool({
  name: 'chart',
  description: 'Draws a chart and says its size.',
  output: {
    type: 'object',
    properties: { width: { type: 'integer' } },
    required: ['width'],
    additionalProperties: false,
  },
})
class Chart {
  execute(@Arg('width', { optional: true }) width?: number): unknown {
    return answer() ?? new ToolResult({ value: { width: width ?? 640 }, content: [Content.image(PNG, 'image/png')] });
  }
}

@Tool({ name: 'svg', description: 'Returns an SVG drawing.', content: { mimeTypes: ['image/svg+xml'] } })
class Svg {
  execute(): ToolResult {
    return ToolResult.of(Content.image(Buffer.from('<svg/>'), 'image/svg+xml'));
  }
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const PNG_BASE64 = Buffer.from(PNG).toString('base64');

async function registryWith(options: Parameters<typeof toolsModule>[0] = {}) {
  const { registry } = await buildRegistry(
    toolsModule(options),
    toolset({ name: 'rich', tools: [Answers, Chart, Svg] }),
  );
  return registry;
}

function okOf(outcome: ToolOutcome): Extract<ToolOutcome, { ok: true }> {
  if (!outcome.ok) throw new Error(`expected success, got ${outcome.error.code}: ${outcome.error.message}`);
  return outcome;
}

function errorOf(outcome: ToolOutcome) {
  if (outcome.ok) throw new Error('expected a failure');
  return outcome.error;
}

afterEach(() => {
  answer = () => null;
});

describe('a ToolResult through dispatch', () => {
  it('carries its parts in order, binary data as base64, and no value when it has none', async () => {
    const registry = await registryWith();
    answer = () =>
      ToolResult.of(
        Content.text('A red pixel:'),
        Content.image(PNG, 'image/png'),
        Content.audio(PNG_BASE64, 'audio/wav'),
        Content.link({ uri: 'file:///tmp/report.pdf', name: 'report.pdf', mimeType: 'application/pdf' }),
        Content.resource({ uri: 'test://notes', mimeType: 'text/plain', text: 'notes' }),
        Content.resource({ uri: 'test://blob', mimeType: 'application/pdf', blob: PNG }),
      );
    const outcome = okOf(await registry.dispatch('answers', {}));
    expect(outcome.value).toBeUndefined();
    expect(outcome.content).toEqual([
      { type: 'text', text: 'A red pixel:' },
      { type: 'image', data: PNG_BASE64, mimeType: 'image/png' },
      { type: 'audio', data: PNG_BASE64, mimeType: 'audio/wav' },
      { type: 'resource_link', uri: 'file:///tmp/report.pdf', name: 'report.pdf', mimeType: 'application/pdf' },
      { type: 'resource', resource: { uri: 'test://notes', mimeType: 'text/plain', text: 'notes' } },
      { type: 'resource', resource: { uri: 'test://blob', mimeType: 'application/pdf', blob: PNG_BASE64 } },
    ]);
    expect(JSON.parse(JSON.stringify(outcome))).toEqual({ ...outcome, value: undefined });
  });

  it('leaves a plain value shaped like content exactly as it is: content is never guessed', async () => {
    const registry = await registryWith();
    const shaped = { type: 'image', data: PNG_BASE64, mimeType: 'image/png' };
    answer = () => shaped;
    const outcome = okOf(await registry.dispatch('answers', {}));
    expect(outcome.value).toEqual(shaped);
    expect(outcome).not.toHaveProperty('content');
    answer = () => ({ content: [shaped], value: 1 });
    expect(okOf(await registry.dispatch('answers', {}))).not.toHaveProperty('content');
  });

  it('validates the structured value against the declared output, and requires one', async () => {
    const registry = await registryWith();
    const outcome = okOf(await registry.dispatch('chart', { width: 320 }));
    expect(outcome.value).toEqual({ width: 320 });
    expect(outcome.content).toEqual([{ type: 'image', data: PNG_BASE64, mimeType: 'image/png' }]);
    answer = () => new ToolResult({ value: { width: 'wide' }, content: [] });
    expect(errorOf(await registry.dispatch('chart', {}))).toMatchObject({ code: 'invalid_output' });
    answer = () => ToolResult.of(Content.text('no value'));
    const missing = errorOf(await registry.dispatch('chart', {}));
    expect(missing.code).toBe('invalid_output');
    expect(missing.message).toContain('the ToolResult has no value, and the tool declares an output');
  });

  it('is what registry.call returns, as the handler made it', async () => {
    const registry = await registryWith();
    const result = await registry.call('chart', { width: 10 });
    expect(result).toBeInstanceOf(ToolResult);
    expect((result as ToolResult).value).toEqual({ width: 10 });
  });
});

describe('content limits', () => {
  it('refuses more parts than maxParts, a MIME type not allowed, bad base64, a part of no known kind', async () => {
    const registry = await registryWith({ content: { maxParts: 2 } });
    const cases: [() => unknown, string, string][] = [
      [() => ToolResult.of(Content.text('1'), Content.text('2'), Content.text('3')), 'maxParts', 'at most 2'],
      [() => ToolResult.of(Content.image(PNG, 'image/svg+xml')), 'mimeType', '"image/svg+xml" is not allowed'],
      [() => ToolResult.of(Content.image('not base64!', 'image/png')), 'base64', 'must be base64'],
      [() => ToolResult.of({ type: 'video', data: '' } as unknown as ContentPart), 'type', 'unknown content part type'],
      [
        () => ToolResult.of({ type: 'text', text: 'x', secret: 1 } as unknown as ContentPart),
        'unknownKeys',
        'unknown keys: secret',
      ],
      [() => ToolResult.of(Content.link({ uri: 'no scheme', name: 'x' })), 'uri', 'needs a uri with a scheme'],
    ];
    for (const [made, constraint, message] of cases) {
      answer = made;
      const error = errorOf(await registry.dispatch('answers', {}));
      expect(error.code).toBe('invalid_output');
      expect(error.message).toContain('has content parts that cannot be sent');
      expect(error.message).toContain(message);
      expect(error.issues?.[0]).toMatchObject({ constraint });
    }
  });

  it("lets a tool's own content.mimeTypes allow what the module's do not", async () => {
    const registry = await registryWith();
    expect(okOf(await registry.dispatch('svg', {})).content).toEqual([
      { type: 'image', data: Buffer.from('<svg/>').toString('base64'), mimeType: 'image/svg+xml' },
    ]);
  });

  it('keeps a part over maxPartBytes in the result store, replaced by a note the caller reads it back with', async () => {
    const registry = await registryWith({ content: { maxPartBytes: 10 } });
    answer = () => ToolResult.of(Content.text('small'), Content.image(PNG, 'image/png'));
    const outcome = okOf(await registry.dispatch('answers', {}, { caller: 'ann' }));
    expect(outcome.content?.[0]).toEqual({ type: 'text', text: 'small' });
    const note = outcome.content?.[1];
    expect(note).toMatchObject({ type: 'text' });
    const text = (note as { text: string }).text;
    expect(text).toContain('an image/png image of 11 bytes, over the limit (content.maxPartBytes, 10): not sent');
    const id = /results\.read\(\{"id":"([^"]+)"\}\)/.exec(text)?.[1];
    expect(id).toBeDefined();
    const read = okOf(await registry.dispatch('results.read', { id }, { caller: 'ann' }));
    expect(JSON.parse(String((read.value as { text: string }).text))).toEqual({
      type: 'image',
      data: PNG_BASE64,
      mimeType: 'image/png',
    });
    // Another caller cannot read it.
    expect(errorOf(await registry.dispatch('results.read', { id }, { caller: 'bob' })).code).not.toBe(undefined);
  });

  it('bounds what one result sends and keeps together by maxResultBytes: past it the call fails', async () => {
    const registry = await registryWith({ content: { maxPartBytes: 10, maxResultBytes: 30 } });
    answer = () => ToolResult.of(Content.image(PNG, 'image/png'), Content.image(PNG, 'image/png'));
    const kept = okOf(await registry.dispatch('answers', {}));
    expect(kept.content?.map((part) => part.type)).toEqual(['text', 'text']);
    answer = () =>
      ToolResult.of(Content.image(PNG, 'image/png'), Content.image(PNG, 'image/png'), Content.image(PNG, 'image/png'));
    const error = errorOf(await registry.dispatch('answers', {}));
    expect(error.issues?.[0]).toMatchObject({ path: 'content[2]', constraint: 'maxResultBytes' });
    expect(error.message).toContain('sent and kept together');
  });

  it('refuses a part over its size when result budgets are off: there is nowhere to keep it', async () => {
    const registry = await registryWith({ results: false, content: { maxPartBytes: 10 } });
    answer = () => ToolResult.of(Content.image(PNG, 'image/png'));
    const error = errorOf(await registry.dispatch('answers', {}));
    expect(error.code).toBe('invalid_output');
    expect(error.message).toContain('content.maxPartBytes, 10');
    expect(error.message).toContain('result budgets are off');
  });

  it('cuts text parts to the result budget, with a note, and keeps the whole text to read', async () => {
    const registry = await registryWith({ results: { maxChars: 300 } });
    answer = () =>
      ToolResult.of(Content.text('a'.repeat(200)), Content.image(PNG, 'image/png'), Content.text('b'.repeat(200)));
    const outcome = okOf(await registry.dispatch('answers', {}));
    expect(outcome.content?.[0]).toEqual({ type: 'text', text: 'a'.repeat(200) });
    expect(outcome.content?.[1]).toEqual({ type: 'image', data: PNG_BASE64, mimeType: 'image/png' });
    const cut = (outcome.content![2] as { text: string }).text;
    expect(cut.startsWith(`${'b'.repeat(100)}\n[… cut to fit: 100 characters left out`)).toBe(true);
    expect(outcome.truncated).toMatchObject({ shownChars: 300, totalChars: 400 });
    // Read back in pages that fit the same budget: the texts of the parts, in order.
    const page = okOf(await registry.dispatch('results.read', { id: outcome.truncated?.id, offset: 190, limit: 20 }));
    expect(page.value).toMatchObject({ totalChars: 402, text: `${'a'.repeat(10)}\n\n${'b'.repeat(8)}` });
  });

  it('counts the text of embedded resources in the budget, and bounds what a link may carry', async () => {
    const registry = await registryWith({ results: { maxChars: 300 } });
    answer = () =>
      ToolResult.of(Content.resource({ uri: 'test://long', mimeType: 'text/plain', text: 'r'.repeat(1000) }));
    const outcome = okOf(await registry.dispatch('answers', {}));
    const resource = (outcome.content![0] as { resource: { text: string } }).resource;
    expect(resource.text.startsWith(`${'r'.repeat(300)}\n[… cut to fit: 700 characters left out`)).toBe(true);
    expect(outcome.truncated).toMatchObject({ shownChars: 300, totalChars: 1000 });
    answer = () => ToolResult.of(Content.link({ uri: 'test://x', name: 'n'.repeat(9000) }));
    expect(errorOf(await registry.dispatch('answers', {})).issues?.[0]).toMatchObject({ constraint: 'name' });
  });

  it('refuses a blob that does not say its type, and a MIME type that is not plain ASCII or too long', async () => {
    const registry = await registryWith();
    const cases: ContentPart[] = [
      { type: 'resource', resource: { uri: 'file:///x.svg', blob: PNG_BASE64 } },
      Content.image(PNG, 'image/png; x='.padEnd(300, 'y')),
      Content.resource({ uri: 'test://k', mimeType: 'text/mar\u212Adown', text: 'kelvin' }),
    ];
    for (const part of cases) {
      answer = () => ToolResult.of(part);
      expect(errorOf(await registry.dispatch('answers', {})).issues?.[0]).toMatchObject({ constraint: 'mimeType' });
    }
  });

  it('sends what it checked: each property of a part is read once', async () => {
    const registry = await registryWith();
    let reads = 0;
    const shifty = {
      type: 'image',
      data: PNG_BASE64,
      get mimeType() {
        reads++;
        return reads === 1 ? 'image/png' : 'image/svg+xml';
      },
    };
    answer = () => ToolResult.of(shifty as unknown as ContentPart);
    expect(okOf(await registry.dispatch('answers', {})).content).toEqual([
      { type: 'image', data: PNG_BASE64, mimeType: 'image/png' },
    ]);
    expect(reads).toBe(1);
  });

  it('refuses, rather than keeps, a part larger than a whole result may be', async () => {
    const registry = await registryWith({ content: { maxPartBytes: 4, maxResultBytes: 8 } });
    answer = () => ToolResult.of(Content.image(PNG, 'image/png'));
    const error = errorOf(await registry.dispatch('answers', {}));
    expect(error.message).toContain('would take the result past what a whole result may be (content.maxResultBytes, 8');
  });

  it('reports content limits it cannot use when the registry is built, for the module and for a tool', async () => {
    @Tool({ name: 'bad', description: 'Has bad limits.', content: { maxParts: 0, mimeTypes: ['png'] } })
    class Bad {
      execute(): string {
        return '';
      }
    }
    const problems = await definitionProblems(
      toolsModule({ content: { maxPartBytes: -1, maxPart: 3 } as ContentLimits }),
      toolset({ name: 'bad', tools: [Bad] }),
    );
    const text = problems.join('\n');
    expect(text).toContain('content.maxPartBytes must be a whole number of at least 1, got -1');
    expect(text).toContain('unknown option "maxPart"');
    expect(text).toContain('content.maxParts must be a whole number of at least 1, got 0');
    expect(text).toContain('content.mimeTypes must be MIME types');
  });
});

describe('a ToolResult over MCP', () => {
  const closing: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const close of closing.splice(0).reverse()) await close();
  });

  it('reaches a 2025 client as MCP content, its value as structuredContent and as text after the parts', async () => {
    const registry = await registryWith();
    const server = createMcpServer(registry, { name: 'rich', version: '1.0.0', listChangedIntervalMs: 0 });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    closing.push(() => server.close());
    const client = new LegacyClient({ name: 'legacy', version: '1.0.0' });
    await client.connect(clientSide as never);
    closing.push(() => client.close());
    const result = await client.callTool({ name: 'chart', arguments: { width: 32 } });
    expect(result.content).toEqual([
      { type: 'image', data: PNG_BASE64, mimeType: 'image/png' },
      { type: 'text', text: '{"width":32}' },
    ]);
    expect(result.structuredContent).toEqual({ width: 32 });
  });

  it('reaches a 2026-07-28 client as MCP content', async () => {
    const registry = await registryWith();
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const serving = await serveStdio(
      registry,
      { name: 'rich', version: '1.0.0', listChangedIntervalMs: 0 },
      serverSide,
    );
    closing.push(() => serving.close());
    const client = new ModernClient(
      { name: 'modern', version: '2.4.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(clientSide as never);
    closing.push(() => client.close());
    expect(client.getProtocolEra()).toBe('modern');
    answer = () => ToolResult.of(Content.text('pixel:'), Content.image(PNG, 'image/png'));
    const result = await client.callTool({ name: 'answers', arguments: {} });
    expect(result.content).toEqual([
      { type: 'text', text: 'pixel:' },
      { type: 'image', data: PNG_BASE64, mimeType: 'image/png' },
    ]);
  });
});
