import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  Arg,
  MemoryResultStore,
  PermissionSet,
  Permissions,
  type ResultStore,
  Tool,
  ToolDefinitionError,
  type ToolOutcome,
  ToolRegistry,
  type CallOptions,
  toolset,
  toolsModule,
} from 'hermes-tools';
import { createMcpServer } from 'hermes-tools/mcp';
import { buildRegistry, definitionProblems } from './support/buildRegistry.js';

const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: i,
    name: `row ${i}`,
    tags: ['a', 'b'],
    nested: { deep: { value: 'x'.repeat(20) } },
  }));

@Tool({ name: 'db.query', description: 'Returns many rows.', maxResultChars: 2_000, output: { type: 'object' } })
@Permissions('db:read')
class Query {
  execute(@Arg('n', { integer: true, minimum: 0 }) n: number): unknown {
    return { count: n, rows: rows(n) };
  }
}

@Tool({ name: 'db.join', description: 'Returns a long text from two databases.' })
@Permissions('db:read', 'db:join')
class Join {
  execute(): string {
    return 'J'.repeat(2_000);
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

async function registry(store: ResultStore = new MemoryResultStore()): Promise<ToolRegistry> {
  return (
    await buildRegistry(
      toolsModule({ results: { maxChars: 1_000, store } }),
      toolset({ name: 'db', tools: [Query, Tail, Join], granted: PermissionSet.none().grant('db:read', 'db:join') }),
    )
  ).registry;
}

async function readAll(
  r: ToolRegistry,
  id: string,
  options: { caller?: unknown; permissions?: PermissionSet } = {},
): Promise<string> {
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

/** A store that names every result "r1", so that the length of a cut's note is known. */
const fixedIdStore: ResultStore = { save: () => 'r1', load: () => undefined };
let cutValue: unknown;

@Tool({ name: 'cut.value', description: 'Returns what the test says.' })
class CutValue {
  execute(): unknown {
    return cutValue;
  }
}

/** The value a 300-character budget shows of `value`, checked to fit in it, and the length of its whole JSON text. */
async function cutTo300(value: unknown): Promise<{ shown: unknown; total: number }> {
  const { registry: r } = await buildRegistry(
    toolsModule({ results: { maxChars: 300, store: fixedIdStore } }),
    toolset({ name: 'cut', tools: [CutValue] }),
  );
  cutValue = value;
  const outcome = await r.dispatch('cut.value', {});
  if (!outcome.ok) throw new Error(outcome.error.message);
  const total = JSON.stringify(value).length;
  expect(outcome.truncated).toEqual({ id: 'r1', shownChars: JSON.stringify(outcome.value).length, totalChars: total });
  expect(outcome.truncated!.shownChars).toBeLessThanOrEqual(300);
  return { shown: outcome.value, total };
}
const noteOf = (left: string, total: number) =>
  `[… cut to fit: ${left}; ${total} characters in all; read the whole result with results.read({"id":"r1"})]`;
/** Characters of JSON the note takes at its longest: every one of `count` left out. */
const worstNote = (count: number, what: string, total: number) =>
  JSON.stringify(noteOf(`${count} of ${count} ${what} not shown`, total)).length;

describe('cutting a result to its budget', () => {
  it.each([
    ['plain characters', 'L', 1],
    ['quotes', '"', 2],
    ['backslashes', '\\', 2],
    ['line breaks', '\n', 2],
    ['control characters', '\u0001', 6],
    ['halves of surrogate pairs', '\ud800', 6],
    ['the last character of the basic plane', '\uffff', 1],
  ])('shows the longest beginning of a text of %s whose JSON fits with its note', async (_label, char, width) => {
    // Either parity of the room left: a plain first character takes one.
    for (const value of [char.repeat(1_000), `a${char.repeat(999)}`]) {
      const { shown, total } = await cutTo300(value);
      const room = 300 - worstNote(1_000, 'characters of this text', total);
      const kept =
        value.startsWith('a') && char !== 'a' ? 1 + Math.floor((room - 1) / width) : Math.floor(room / width);
      expect(shown).toBe(
        value.slice(0, kept) + noteOf(`${1_000 - kept} of 1000 characters of this text not shown`, total),
      );
    }
  });

  it('keeps or leaves out a surrogate pair whole, for either parity of the room left', async () => {
    for (const text of ['😀'.repeat(500), `a${'😀'.repeat(500)}`]) {
      const { shown, total } = await cutTo300(text);
      const room = 300 - worstNote(text.length, 'characters of this text', total);
      const kept = text.startsWith('a') ? 1 + 2 * Math.floor((room - 1) / 2) : 2 * Math.floor(room / 2);
      expect(shown).toBe(
        text.slice(0, kept) +
          noteOf(`${text.length - kept} of ${text.length} characters of this text not shown`, total),
      );
    }
  });

  it('shows the most items that fit with the note saying how many are left, at the limit and one character either side', async () => {
    const item = 'x'.repeat(8);
    // Each item takes 11 characters of JSON with its comma; the brackets 2.
    const room = (count: number, total: number) => 300 - (worstNote(count, 'items', total) + 1) - 2;
    for (const count of [40, 41, 42]) {
      const value = Array.from({ length: count }, () => item);
      const { shown, total } = await cutTo300(value);
      const kept = Math.floor(room(count, total) / 11);
      expect(shown).toEqual([...value.slice(0, kept), noteOf(`${count - kept} of ${count} items not shown`, total)]);
    }
    // A first item that fits exactly with the note's room, and one character longer, before one that never fits.
    const total = JSON.stringify(['x', 'y'.repeat(300)]).length + 200;
    // "x…x", takes its length + 3 with its comma; the brackets 2; the note its JSON and a comma.
    const exact = 300 - 2 - (worstNote(2, 'items', total) + 1) - 3;
    const atLimit = await cutTo300(['x'.repeat(exact), 'y'.repeat(300)]);
    expect(atLimit.shown).toEqual(['x'.repeat(exact), noteOf('1 of 2 items not shown', atLimit.total)]);
    const over = await cutTo300(['x'.repeat(exact + 1), 'y'.repeat(300)]);
    expect(over.shown).toEqual([noteOf('2 of 2 items not shown', over.total)]);
  });

  it('shows the most keys that fit with the note saying how many are left', async () => {
    const value = Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [`k${String(i).padStart(2, '0')}`, 'v'.repeat(10)]),
    );
    const { shown, total } = await cutTo300(value);
    // "kNN":"vvvvvvvvvv", is 19 characters; the note's entry ,"…":note takes 5 more than the note.
    const kept = Math.floor((300 - 2 - (worstNote(30, 'keys', total) + 5)) / 19);
    expect(shown).toEqual({
      ...Object.fromEntries(Object.entries(value).slice(0, kept)),
      '…': noteOf(`${30 - kept} of 30 keys not shown`, total),
    });
    expect(JSON.stringify(shown).length).toBeGreaterThan(300 - 19);
  });

  it("shows a first key whole when it fits exactly with the note's room, and cuts it when it is one character longer", async () => {
    const total = JSON.stringify({ a: 'x', b: 'y'.repeat(300) }).length + 200;
    // "a":"x…x", takes the text's length + 7; the braces 2; the note's entry ,"…":note its JSON and 5.
    const exact = 300 - 2 - (worstNote(2, 'keys', total) + 5) - 7;
    const atLimit = await cutTo300({ a: 'x'.repeat(exact), b: 'y'.repeat(300) });
    expect(atLimit.shown).toEqual({ a: 'x'.repeat(exact), '…': noteOf('1 of 2 keys not shown', atLimit.total) });
    const over = (await cutTo300({ a: 'x'.repeat(exact + 1), b: 'y'.repeat(300) })).shown as { a: string };
    expect(over.a).not.toBe('x'.repeat(exact + 1));
    expect(over.a).toMatch(/^x+\[… cut to fit: \d+ of \d+ characters of this text not shown/);
  });

  it('cuts the item or key that does not fit in turn when there is room, and leaves it out when its note would not fit', async () => {
    const list = Array.from({ length: 200 }, (_, i) => i);
    const inArray = (await cutTo300([{ list }])).shown as [{ list: unknown[] }];
    expect(inArray).toHaveLength(1);
    expect(inArray[0].list.slice(0, 3)).toEqual([0, 1, 2]);
    expect(String(inArray[0].list.at(-1))).toMatch(/^\[… cut to fit: \d+ of 200 items not shown/);
    const inObject = (await cutTo300({ a: 1, list })).shown as { a: number; list: unknown[] };
    expect(Object.keys(inObject)).toEqual(['a', 'list']);
    expect(String(inObject.list.at(-1))).toMatch(/^\[… cut to fit: \d+ of 200 items not shown/);
    // 83 and 69 characters left before the note: more than 64, but too few for a nested note of 125.
    const tight = await cutTo300(['w'.repeat(90), list, 'end']);
    expect(tight.shown).toEqual(['w'.repeat(90), noteOf('2 of 3 items not shown', tight.total)]);
    const tightObject = await cutTo300({ w: 'w'.repeat(90), list, end: 'end' });
    expect(tightObject.shown).toEqual({ w: 'w'.repeat(90), '…': noteOf('2 of 3 keys not shown', tightObject.total) });
  });
  it('shows a nested part when it fits the room left exactly, and leaves it out when it is one character longer', async () => {
    // A nested array whose first item is a long text shows only its note, [note], of a length known in advance
    // (every total below has three digits); the text before it sets the room left for it.
    const inner = ['y'.repeat(400), 1];
    const part = 2 + JSON.stringify(noteOf('2 of 2 items not shown', 999)).length;
    // In an array: the brackets 2, "w…w", 3 more than its length, and a comma before the part; the note its JSON and a
    // comma.
    const arrayPad = 300 - (worstNote(3, 'items', 999) + 1) - 2 - 3 - 1 - part;
    for (const pad of [arrayPad - 1, arrayPad]) {
      const { shown, total } = await cutTo300(['w'.repeat(pad), inner, 'end']);
      expect(shown).toEqual([
        'w'.repeat(pad),
        [noteOf('2 of 2 items not shown', total)],
        noteOf('1 of 3 items not shown', total),
      ]);
    }
    const overArray = await cutTo300(['w'.repeat(arrayPad + 1), inner, 'end']);
    expect(overArray.shown).toEqual(['w'.repeat(arrayPad + 1), noteOf('2 of 3 items not shown', overArray.total)]);
    // In an object: the braces 2, "w":"w…w", 7 more than its length, then "x": 4 and a comma before the note's entry,
    // which takes its JSON and 5.
    const objectPad = 300 - (worstNote(3, 'keys', 999) + 5) - 2 - 7 - 4 - 1 - part;
    for (const pad of [objectPad - 1, objectPad]) {
      const { shown, total } = await cutTo300({ w: 'w'.repeat(pad), x: inner, end: 'end' });
      expect(shown).toEqual({
        w: 'w'.repeat(pad),
        x: [noteOf('2 of 2 items not shown', total)],
        '…': noteOf('1 of 3 keys not shown', total),
      });
    }
    const overObject = await cutTo300({ w: 'w'.repeat(objectPad + 1), x: inner, end: 'end' });
    expect(overObject.shown).toEqual({
      w: 'w'.repeat(objectPad + 1),
      '…': noteOf('2 of 3 keys not shown', overObject.total),
    });
  });

  it('cuts a nested value with the room left for it, not a character more', async () => {
    // A nested text of 5,000 characters is cut to fill its room exactly (the note's count has as many digits as its
    // total).
    const text = 'z'.repeat(5_000);
    const inArray = (await cutTo300([{ s: text }])).shown as [{ s: string }];
    // The brackets 2, the braces 2, "s": 4, and the comma each level keeps room for: the text's JSON gets the rest.
    expect(JSON.stringify(inArray[0].s).length).toBe(300 - 2 - 1 - 2 - 4 - 1);
    expect(inArray[0].s).toMatch(/^z+\[… cut to fit: \d{4} of 5000 characters of this text not shown/);
    const inObject = (await cutTo300({ o: { s: text } })).shown as { o: { s: string } };
    expect(JSON.stringify(inObject.o.s).length).toBe(300 - 2 - 4 - 1 - 2 - 4 - 1);
  });
});

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
    expect(note).toMatch(
      /^\[… cut to fit: \d+ of 200 items not shown; \d+ characters in all; read the whole result with results\.read\(\{"id":"res_[^"]+"\}\)\]$/,
    );
    expect(value.rows.slice(0, -1)).toEqual(rows(200).slice(0, value.rows.length - 1));
  });

  it('page the whole result back with results.read, to the caller that produced it', async () => {
    const r = await registry();
    const outcome = await r.dispatch('db.query', { n: 200 }, { caller: { user: 'ann', team: 'x' } });
    const id = (outcome as { truncated: { id: string } }).truncated.id;
    expect(await readAll(r, id, { caller: { team: 'x', user: 'ann' } })).toBe(
      JSON.stringify({ count: 200, rows: rows(200) }),
    );
  });

  it('refuse another caller, and a caller without the permissions the tool had', async () => {
    const r = await registry();
    const ann = await r.forCaller({ caller: 'ann', permissions: PermissionSet.none().grant('db:read') });
    const id = ((await ann.dispatch('db.query', { n: 200 })) as { truncated: { id: string } }).truncated.id;
    const bob = await r.forCaller({ caller: 'bob', permissions: PermissionSet.none().grant('db:read') });
    const annWithout = await r.forCaller({ caller: 'ann', permissions: PermissionSet.none() });
    for (const view of [bob, annWithout]) {
      const outcome = await view.dispatch('results.read', { id });
      expect(outcome).toMatchObject({
        ok: false,
        error: { code: 'invalid_input', issues: [{ path: 'id', constraint: 'resultId' }] },
      });
    }
    expect((await ann.dispatch('results.read', { id })).ok).toBe(true);
    expect(await ann.dispatch('results.read', { id: 'res_doesnotexist' })).toMatchObject({
      ok: false,
      error: { issues: [{ constraint: 'resultId' }] },
    });
  });

  it('forget results once they expire', async () => {
    let now = 1_000;
    const r = await registry(new MemoryResultStore({ ttlMs: 60_000, now: () => now }));
    const id = ((await r.dispatch('logs.tail', { chars: 5_000 })) as { truncated: { id: string } }).truncated.id;
    expect((await r.dispatch('results.read', { id })).ok).toBe(true);
    now += 60_000;
    expect(await r.dispatch('results.read', { id })).toMatchObject({
      ok: false,
      error: { issues: [{ constraint: 'resultId' }] },
    });
  });

  it('keep the store bounded by entries and by size', async () => {
    const store = new MemoryResultStore({ maxEntries: 3, maxChars: 12_000 });
    const r = await registry(store);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(((await r.dispatch('logs.tail', { chars: 2_000 })) as { truncated: { id: string } }).truncated.id);
    expect(store.size).toBe(3);
    expect((await r.dispatch('results.read', { id: ids[0]! })).ok).toBe(false);
    expect((await r.dispatch('results.read', { id: ids[4]! })).ok).toBe(true);
    await r.dispatch('logs.tail', { chars: 11_000 });
    expect(store.size).toBe(1);
  });

  it('tell callers apart by their JSON, whatever the order of its keys, and by identity when they are not JSON', async () => {
    const r = await registry();
    const idOf = async (caller: unknown) =>
      ((await r.dispatch('logs.tail', { chars: 2_000 }, { caller })) as { truncated: { id: string } }).truncated.id;
    const reads = async (id: string, caller: unknown) => (await r.dispatch('results.read', { id }, { caller })).ok;
    // Every order of five keys, and a null value, give the same caller.
    const keys = ['e', 'c', 'a', 'd', 'b'];
    const described = (order: string[]) => Object.fromEntries([...order.map((k) => [k, k]), ['none', null]]);
    const id = await idOf(described(keys));
    for (const order of [
      [...keys].sort(),
      [...keys].sort().reverse(),
      ['b', 'e', 'a', 'c', 'd'],
      ['d', 'a', 'e', 'b', 'c'],
    ])
      expect(await reads(id, described(order))).toBe(true);
    expect(await reads(id, { ...described(keys), e: 'x' })).toBe(false);
    // Not JSON: undefined, a function, a symbol and a BigInt are each a caller of their own type; an object with a
    // cycle is itself.
    const fn = () => undefined;
    const byUndefined = await idOf(undefined);
    expect([
      await reads(byUndefined, undefined),
      await reads(byUndefined, fn),
      await reads(byUndefined, Symbol('s')),
    ]).toEqual([true, false, false]);
    const byBigInt = await idOf(10n);
    expect([await reads(byBigInt, 11n), await reads(byBigInt, Symbol('s')), await reads(byBigInt, fn)]).toEqual([
      true,
      false,
      false,
    ]);
    const cyclic: { self?: unknown } = {};
    cyclic.self = cyclic;
    const other: { self?: unknown } = {};
    other.self = other;
    const byCycle = await idOf(cyclic);
    expect([await reads(byCycle, cyclic), await reads(byCycle, other), await reads(byCycle, undefined)]).toEqual([
      true,
      false,
      false,
    ]);
    expect(await reads(await idOf(other), other)).toBe(true);
  });

  it('hand a store each caller as its JSON with keys sorted at every level, so that replicas sharing the store agree on who owns what', async () => {
    const owners: string[] = [];
    const store: ResultStore = { save: (result) => (owners.push(result.owner), 'r1'), load: () => undefined };
    const r = await registry(store);
    for (const caller of [
      { b: 1, a: { d: [2, { f: 3, e: 4 }], c: null } },
      { a: { c: null, d: [2, { e: 4, f: 3 }] }, b: 1 },
    ]) {
      await r.dispatch('logs.tail', { chars: 2_000 }, { caller });
    }
    expect(owners).toEqual([
      'json:{"a":{"c":null,"d":[2,{"e":4,"f":3}]},"b":1}',
      'json:{"a":{"c":null,"d":[2,{"e":4,"f":3}]},"b":1}',
    ]);
  });

  it('refuse a reader without permissions, or holding only some of those the tool declares, saying what the id may be', async () => {
    const r = await registry();
    const both = PermissionSet.none().grant('db:read', 'db:join');
    const id = (
      (await r.dispatch('db.join', {}, { caller: 'ann', permissions: both })) as { truncated: { id: string } }
    ).truncated.id;
    const refusal = {
      ok: false,
      error: {
        code: 'invalid_input',
        issues: [
          {
            path: 'id',
            message:
              'id is not the id of a result you can read (it is unknown, expired, or was produced for another caller)',
            constraint: 'resultId',
          },
        ],
      },
    };
    expect(await r.dispatch('results.read', { id }, { caller: 'ann' })).toMatchObject(refusal);
    expect(
      await r.dispatch('results.read', { id }, { caller: 'ann', permissions: PermissionSet.none().grant('db:read') }),
    ).toMatchObject(refusal);
    expect(
      await r.dispatch('results.read', { id }, { caller: 'ann', permissions: PermissionSet.none().grant('db:join') }),
    ).toMatchObject(refusal);
    expect((await r.dispatch('results.read', { id }, { caller: 'ann', permissions: both })).ok).toBe(true);
  });

  it('keep the store within its size at the limit, and keep a result larger than the whole store until the next one', async () => {
    const store = new MemoryResultStore({ maxChars: 4_004 });
    const r = await registry(store);
    // A text of 2,000 characters is 2,002 of JSON: two fill the store exactly.
    const first = ((await r.dispatch('logs.tail', { chars: 2_000 })) as { truncated: { id: string } }).truncated.id;
    await r.dispatch('logs.tail', { chars: 2_000 });
    expect(store.size).toBe(2);
    expect((await r.dispatch('results.read', { id: first })).ok).toBe(true);
    const huge = ((await r.dispatch('logs.tail', { chars: 5_000 })) as { truncated: { id: string } }).truncated.id;
    expect(store.size).toBe(1);
    expect((await r.dispatch('results.read', { id: huge })).ok).toBe(true);
  });

  it('cut nested values in turn, so that what is shown is valid JSON at every level', async () => {
    const r = await registry();
    const outcome = await r.dispatch('db.query', { n: 1 }, { caller: 'ann' });
    expect(outcome.ok && outcome.truncated).toBeUndefined();
    @Tool({ name: 'deep', description: 'Returns a deeply nested result.', maxResultChars: 600 })
    class Deep {
      execute(): unknown {
        return {
          meta: { a: 1 },
          data: { inner: { list: Array.from({ length: 100 }, (_, i) => ({ i, text: 'y'.repeat(30) })) } },
        };
      }
    }
    const { registry: deep } = await buildRegistry(
      toolsModule({ results: {} }),
      toolset({ name: 'deep', tools: [Deep] }),
    );
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
    expect(await r.dispatch('logs.tail', { chars: 997 })).toEqual({
      ok: true,
      tool: 'logs.tail',
      callId: expect.any(String),
      value: 'L'.repeat(997),
    });
    expect(await r.dispatch('logs.tail', { chars: 998 })).toEqual({
      ok: true,
      tool: 'logs.tail',
      callId: expect.any(String),
      value: 'L'.repeat(998),
    });
    const over = await r.dispatch('logs.tail', { chars: 999 });
    expect(over.ok && over.value).toMatch(/cut to fit/);
  });

  it('cut a string at its beginning, and leave a result within budget alone', async () => {
    const r = await registry();
    const cut = await r.dispatch('logs.tail', { chars: 5_000 });
    expect(cut.ok && typeof cut.value === 'string' && cut.value.startsWith('L'.repeat(700))).toBe(true);
    expect(cut.ok && (cut.value as string)).toMatch(
      /\[… cut to fit: \d+ of 5000 characters of this text not shown; 5002 characters in all; read the whole result/,
    );
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

  it('send over MCP what a registry that forwards dispatch answers', async () => {
    const r = await registry();
    class Wrapping extends ToolRegistry {
      override async dispatch(name: string, args: unknown, options?: CallOptions): Promise<ToolOutcome> {
        const outcome = await super.dispatch(name, args, options);
        return outcome.ok ? { ...outcome, value: `wrapped ${String(outcome.value)}` } : outcome;
      }
    }
    const client = new Client({ name: 't', version: '1' });
    const [c, s] = InMemoryTransport.createLinkedPair();
    await createMcpServer(new Wrapping([r.get('logs.tail')]), {
      name: 's',
      version: '1',
      listChangedIntervalMs: 0,
    }).connect(s);
    await client.connect(c);
    const answer = (await client.callTool({ name: 'logs.tail', arguments: { chars: 3 } })) as CallToolResult;
    expect(JSON.stringify(answer.content)).toContain('wrapped LLL');
    await client.close();
  });

  it('send a result within budget over MCP as its JSON text, null for what JSON turns into null', async () => {
    const { registry: r } = await buildRegistry(
      toolsModule({ results: { maxChars: 1_000 } }),
      toolset({ name: 'm', tools: [Made] }),
    );
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

  it('are on by default: a 5 MB result reaches the caller cut to 100,000 characters, and results.read pages it back', async () => {
    @Tool({ name: 'dump', description: 'Returns 5 MB of text.' })
    class Dump {
      execute(): string {
        return 'D'.repeat(5_000_000);
      }
    }
    for (const modules of [[], [toolsModule()], [toolsModule({ timeoutMs: 60_000 })]]) {
      const { registry: r } = await buildRegistry(...modules, toolset({ name: 'dump', tools: [Dump] }));
      const outcome = await r.dispatch('dump', {}, { caller: 'ann' });
      if (!outcome.ok) throw new Error(outcome.error.message);
      expect(outcome.truncated).toMatchObject({ id: expect.stringMatching(/^res_/), totalChars: 5_000_002 });
      expect(JSON.stringify(outcome.value).length).toBeLessThanOrEqual(100_000);
      expect(JSON.stringify(outcome.value).length).toBeGreaterThan(99_000);
      const page = await r.dispatch(
        'results.read',
        { id: outcome.truncated!.id, offset: 4_999_000 },
        { caller: 'ann' },
      );
      expect(page).toMatchObject({ ok: true, value: { totalChars: 5_000_002, text: `${'D'.repeat(1_001)}"` } });
    }
  });

  it("work on a tool's own budget without an opt-in", async () => {
    const { registry: r } = await buildRegistry(toolset({ name: 'db', tools: [Query], granted: PermissionSet.all() }));
    const outcome = await r.dispatch('db.query', { n: 200 });
    expect(outcome).toMatchObject({
      ok: true,
      truncated: { totalChars: JSON.stringify({ count: 200, rows: rows(200) }).length },
    });
    expect(JSON.stringify((outcome as { value: unknown }).value).length).toBeLessThanOrEqual(2_000);
  });

  it("are off with results: false, a tool's own budget too, and no results.read is added", async () => {
    const { registry: r } = await buildRegistry(
      toolsModule({ results: false }),
      toolset({ name: 'db', tools: [Query, Tail], granted: PermissionSet.all() }),
    );
    expect(r.list().map((tool) => tool.name)).toEqual(['db.query', 'logs.tail']);
    expect(await r.dispatch('db.query', { n: 200 })).toEqual({
      ok: true,
      tool: 'db.query',
      callId: expect.any(String),
      value: { count: 200, rows: rows(200) },
    });
    expect(await r.dispatch('logs.tail', { chars: 200_000 })).toEqual({
      ok: true,
      tool: 'logs.tail',
      callId: expect.any(String),
      value: 'L'.repeat(200_000),
    });
  });

  it('refuse a tool of the app named results.read while they are on, saying how to turn them off', async () => {
    @Tool({ name: 'results.read', description: 'Reads results of its own.' })
    class OwnReader {
      execute(): string {
        return 'mine';
      }
    }
    expect(await definitionProblems(toolset({ name: 'own', tools: [OwnReader] }))).toEqual([
      'OwnReader.execute in toolset "own": the name "results.read" is taken by the registry while result budgets are on (the default); rename this tool, or turn budgets off with toolsModule({ results: false })',
    ]);
    const { registry: r } = await buildRegistry(
      toolsModule({ results: false }),
      toolset({ name: 'own', tools: [OwnReader] }),
    );
    expect(await r.call('results.read', {})).toBe('mine');
    expect(ToolDefinitionError).toBeDefined();
  });
});
