import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Arg, MemoryResultStore, PermissionSet, Permissions, Tool, ToolDefinitionError, type ToolOutcome, type ToolRegistry, toolset, toolsModule } from 'hermes-tools';
import { createMcpServer } from 'hermes-tools/mcp';
import { buildRegistry, definitionProblems } from './support/buildRegistry.js';

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i, name: `row ${i}`, tags: ['a', 'b'], nested: { deep: { value: 'x'.repeat(20) } } }));

@Tool({ name: 'db.query', description: 'Returns many rows.', maxResultChars: 2_000, output: { type: 'object' } })
@Permissions('db:read')
class Query {
  execute(@Arg('n', { integer: true, minimum: 0 }) n: number): unknown {
    return { count: n, rows: rows(n) };
  }
}

@Tool({ name: 'logs.tail', description: 'Returns a long text.' })
class Tail {
  execute(@Arg('chars', { integer: true, minimum: 0 }) chars: number): string {
    return 'L'.repeat(chars);
  }
}

let made: unknown;

@Tool({ name: 'made', description: 'Returns what the test made.' })
class Made {
  execute(): unknown {
    return made;
  }
}

async function registry(store = new MemoryResultStore()): Promise<ToolRegistry> {
  return (await buildRegistry(toolsModule({ results: { maxChars: 1_000, store } }), toolset({ name: 'db', tools: [Query, Tail], granted: PermissionSet.none().grant('db:read') })))
    .registry;
}

async function readAll(r: ToolRegistry, id: string, options: { caller?: unknown; permissions?: PermissionSet } = {}): Promise<string> {
  let text = '';
  let offset: number | undefined = 0;
  while (offset !== undefined) {
    const page = (await r.dispatch('results.read', { id, offset, limit: 700 }, options)) as ToolOutcome;
    if (!page.ok) throw new Error(page.error.message);
    const value = page.value as { text: string; nextOffset?: number };
    text += value.text;
    offset = value.nextOffset;
  }
  return text;
}

describe('result budgets', () => {
  it('cut a large result into valid JSON of the same shape, with a note saying how much is left and how to read it', async () => {
    const r = await registry();
    const outcome = await r.dispatch('db.query', { n: 200 }, { caller: 'ann' });
    if (!outcome.ok) throw new Error('expected a result');
    const full = JSON.stringify({ count: 200, rows: rows(200) });
    expect(outcome.truncated).toMatchObject({ id: expect.stringMatching(/^res_/), totalChars: full.length });
    const shown = JSON.stringify(outcome.value);
    expect(shown.length).toBeLessThanOrEqual(2_000);
    expect(outcome.truncated!.shownChars).toBe(shown.length);
    const value = outcome.value as { count: number; rows: unknown[] };
    expect(value.count).toBe(200);
    const note = value.rows.at(-1) as string;
    expect(note).toMatch(/^\[… cut to fit: \d+ of 200 items not shown; \d+ characters in all; read the whole result with results\.read\(\{"id":"res_[^"]+"\}\)\]$/);
    expect(value.rows.slice(0, -1)).toEqual(rows(200).slice(0, value.rows.length - 1));
  });

  it('page the whole result back with results.read, to the caller that produced it', async () => {
    const r = await registry();
    const outcome = await r.dispatch('db.query', { n: 200 }, { caller: { user: 'ann', team: 'x' } });
    const id = (outcome as { truncated: { id: string } }).truncated.id;
    expect(await readAll(r, id, { caller: { team: 'x', user: 'ann' } })).toBe(JSON.stringify({ count: 200, rows: rows(200) }));
  });

  it('refuse another caller, and a caller without the permissions the tool had', async () => {
    const r = await registry();
    const ann = await r.forCaller({ caller: 'ann', permissions: PermissionSet.none().grant('db:read') });
    const id = ((await ann.dispatch('db.query', { n: 200 })) as { truncated: { id: string } }).truncated.id;
    const bob = await r.forCaller({ caller: 'bob', permissions: PermissionSet.none().grant('db:read') });
    const annWithout = await r.forCaller({ caller: 'ann', permissions: PermissionSet.none() });
    for (const view of [bob, annWithout]) {
      const outcome = await view.dispatch('results.read', { id });
      expect(outcome).toMatchObject({ ok: false, error: { code: 'invalid_input', issues: [{ path: 'id', constraint: 'resultId' }] } });
    }
    expect((await ann.dispatch('results.read', { id })).ok).toBe(true);
    expect(await ann.dispatch('results.read', { id: 'res_doesnotexist' })).toMatchObject({ ok: false, error: { issues: [{ constraint: 'resultId' }] } });
  });

  it('forget results once they expire', async () => {
    let now = 1_000;
    const r = await registry(new MemoryResultStore({ ttlMs: 60_000, now: () => now }));
    const id = ((await r.dispatch('logs.tail', { chars: 5_000 })) as { truncated: { id: string } }).truncated.id;
    expect((await r.dispatch('results.read', { id })).ok).toBe(true);
    now += 60_000;
    expect(await r.dispatch('results.read', { id })).toMatchObject({ ok: false, error: { issues: [{ constraint: 'resultId' }] } });
  });

  it('keep the store bounded by entries and by size', async () => {
    const store = new MemoryResultStore({ maxEntries: 3, maxChars: 12_000 });
    const r = await registry(store);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(((await r.dispatch('logs.tail', { chars: 2_000 })) as { truncated: { id: string } }).truncated.id);
    expect(store.size).toBe(3);
    expect((await r.dispatch('results.read', { id: ids[0]! })).ok).toBe(false);
    expect((await r.dispatch('results.read', { id: ids[4]! })).ok).toBe(true);
    await r.dispatch('logs.tail', { chars: 11_000 });
    expect(store.size).toBe(1);
  });

  it('cut nested values in turn, so that what is shown is valid JSON at every level', async () => {
    const r = await registry();
    const outcome = await r.dispatch('db.query', { n: 1 }, { caller: 'ann' });
    expect(outcome.ok && outcome.truncated).toBeUndefined();
    @Tool({ name: 'deep', description: 'Returns a deeply nested result.', maxResultChars: 600 })
    class Deep {
      execute(): unknown {
        return { meta: { a: 1 }, data: { inner: { list: Array.from({ length: 100 }, (_, i) => ({ i, text: 'y'.repeat(30) })) } } };
      }
    }
    const { registry: deep } = await buildRegistry(toolsModule({ results: {} }), toolset({ name: 'deep', tools: [Deep] }));
    const cut = await deep.dispatch('deep', {});
    if (!cut.ok) throw new Error('expected a result');
    const value = JSON.parse(JSON.stringify(cut.value)) as { meta: unknown; data: { inner: { list: unknown[] } } };
    expect(value.meta).toEqual({ a: 1 });
    const list = value.data.inner.list;
    expect(list[0]).toEqual({ i: 0, text: 'y'.repeat(30) });
    expect(String(list.at(-1))).toMatch(/^\[… cut to fit: \d+ of 100 items not shown/);
    expect(JSON.stringify(cut.value).length).toBeLessThanOrEqual(600);
  });

  it('cut a result only past its budget: at it (1,000 characters of JSON) and below it, the result is whole', async () => {
    const r = await registry();
    // A string of n characters is n + 2 characters of JSON.
    expect(await r.dispatch('logs.tail', { chars: 997 })).toEqual({ ok: true, tool: 'logs.tail', callId: expect.any(String), value: 'L'.repeat(997) });
    expect(await r.dispatch('logs.tail', { chars: 998 })).toEqual({ ok: true, tool: 'logs.tail', callId: expect.any(String), value: 'L'.repeat(998) });
    const over = await r.dispatch('logs.tail', { chars: 999 });
    expect(over.ok && over.value).toMatch(/cut to fit/);
  });

  it('cut a string at its beginning, and leave a result within budget alone', async () => {
    const r = await registry();
    const cut = await r.dispatch('logs.tail', { chars: 5_000 });
    expect(cut.ok && typeof cut.value === 'string' && cut.value.startsWith('L'.repeat(700))).toBe(true);
    expect(cut.ok && (cut.value as string)).toMatch(/\[… cut to fit: \d+ of 5000 characters of this text not shown; 5002 characters in all; read the whole result/);
    const whole = await r.dispatch('logs.tail', { chars: 500 });
    expect(whole).toEqual({ ok: true, tool: 'logs.tail', callId: expect.any(String), value: 'L'.repeat(500) });
  });

  it('send no structuredContent over MCP for a cut result, only the text that says so', async () => {
    const r = await registry();
    const client = new Client({ name: 't', version: '1' });
    const [c, s] = InMemoryTransport.createLinkedPair();
    await createMcpServer(r, { name: 's', version: '1', listChangedIntervalMs: 0 }).connect(s);
    await client.connect(c);
    const big = (await client.callTool({ name: 'db.query', arguments: { n: 200 } })) as CallToolResult;
    expect(big.structuredContent).toBeUndefined();
    expect(JSON.stringify(big.content)).toContain('results.read');
    const small = (await client.callTool({ name: 'db.query', arguments: { n: 1 } })) as CallToolResult;
    expect(small.structuredContent).toEqual({ count: 1, rows: rows(1) });
    await client.close();
  });

  it('send a result within budget over MCP as its JSON text, null for what JSON turns into null', async () => {
    const { registry: r } = await buildRegistry(toolsModule({ results: { maxChars: 1_000 } }), toolset({ name: 'm', tools: [Made] }));
    const client = new Client({ name: 't', version: '1' });
    const [c, s] = InMemoryTransport.createLinkedPair();
    await createMcpServer(r, { name: 's', version: '1', listChangedIntervalMs: 0 }).connect(s);
    await client.connect(c);
    const cases: [unknown, string][] = [
      [() => 1, 'null'],
      [undefined, 'null'],
      [Number.NaN, 'null'],
      [7, '7'],
      [true, 'true'],
      ['plain text', 'plain text'],
      [{ a: [1] }, '{"a":[1]}'],
    ];
    for (const [value, text] of cases) {
      made = value;
      const result = (await client.callTool({ name: 'made', arguments: {} })) as CallToolResult;
      expect(result.content).toEqual([{ type: 'text', text }]);
    }
    await client.close();
  });

  it('are refused on a tool when budgets are off', async () => {
    const problems = await definitionProblems(toolset({ name: 'db', tools: [Query], granted: PermissionSet.all() }));
    expect(problems).toEqual(['Query.execute: maxResultChars needs result budgets on: add toolsModule({ results: {} })']);
    expect(ToolDefinitionError).toBeDefined();
  });
});
