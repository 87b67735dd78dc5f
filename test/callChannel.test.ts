import { AsyncLocalStorage } from 'node:async_hooks';
import { tracingChannel } from 'node:diagnostics_channel';
import {
  Arg,
  CALL_CHANNEL,
  Ctx,
  Tool,
  captureCallContent,
  toolset,
  toolsModule,
  type AuditRecord,
  type CallMessage,
  type ToolContext,
} from 'hermes-tools';
import { buildRegistry } from './support/buildRegistry.js';
import { Asks, BadOutput, Denied, EVERY_OUTCOME, Gone, Slow } from './support/refusedTools.js';

const quiet = { start() {}, end() {}, asyncStart() {}, asyncEnd() {}, error() {} };
const spans = new AsyncLocalStorage<{ span: string }>();
let seenInside: unknown;

@Tool({ name: 'ok', description: 'Answers.' })
class Ok {
  async execute(@Arg('secret') secret: string): Promise<string> {
    await new Promise((resolve) => setImmediate(resolve));
    seenInside = spans.getStore();
    return `done ${secret.length}`;
  }
}

@Tool({ name: 'breaks', description: 'Throws.' })
class Breaks {
  execute(): never {
    throw new Error('broken');
  }
}

@Tool({ name: 'own.id', description: 'Answers the id of its own call.' })
class OwnId {
  execute(@Arg('tag') tag: string, @Ctx() ctx: ToolContext): string {
    return `${tag} ${ctx.callId}`;
  }
}

describe('the hermes-tools:call channel', () => {
  it('gives a call without options one id, the same on its messages and in its context, whatever its outcome', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'all', tools: [OwnId] }));
    const started: string[] = [];
    const ended: CallMessage[] = [];
    const channel = tracingChannel<unknown, CallMessage>(CALL_CHANNEL);
    const handlers = {
      ...quiet,
      start: (m: CallMessage) => void started.push(m.callId),
      asyncEnd: (m: CallMessage) => void ended.push({ ...m }),
    };
    channel.subscribe(handlers);
    try {
      const byCall = await registry.call('own.id', { tag: 'a' });
      const byTool = await registry.get('own.id').execute({ tag: 'b' });
      await expect(registry.call('own.id', { tag: 5 })).rejects.toMatchObject({ code: 'invalid_input' });
      expect([byCall, byTool]).toEqual([`a ${started[0]}`, `b ${started[1]}`]);
    } finally {
      channel.unsubscribe(handlers);
    }
    expect(new Set(started).size).toBe(3);
    expect(ended.map((m) => [m.tool, m.toolset, m.callId, m.code])).toEqual([
      ['own.id', 'all', started[0], 'ok'],
      ['own.id', 'all', started[1], 'ok'],
      ['own.id', 'all', started[2], 'invalid_input'],
    ]);
  });

  it('publishes every call, refused ones included, with its outcome code and duration, never its arguments', async () => {
    const { registry } = await buildRegistry(
      toolsModule({ approvals: { approve: () => false } }),
      toolset({ name: 'all', tools: [Ok, Gone, Denied, Asks, Slow, Breaks, BadOutput] }),
    );
    const ended: CallMessage[] = [];
    const channel = tracingChannel<unknown, CallMessage>(CALL_CHANNEL);
    const handlers = { ...quiet, asyncEnd: (m: CallMessage) => void ended.push({ ...m }) };
    channel.subscribe(handlers);
    try {
      const controller = new AbortController();
      controller.abort();
      await registry.dispatch('ok', { secret: 'hunter2-very-secret' }, { caller: { user: 'ann' }, callId: 'call-1' });
      await registry.dispatch('nope', {});
      await registry.dispatch('gone', {});
      await registry.dispatch('denied', {});
      await registry.dispatch('ok', { secret: 42 });
      await registry.dispatch('asks', {});
      await registry.dispatch('slow', {});
      await registry.dispatch('ok', { secret: 'x' }, { signal: controller.signal });
      await registry.dispatch('breaks', {});
      await registry.dispatch('bad.output', {});
    } finally {
      channel.unsubscribe(handlers);
    }
    expect(ended.map((m) => [m.tool, m.code])).toEqual(EVERY_OUTCOME);
    expect(ended[0]).toMatchObject({ tool: 'ok', toolset: 'all', callId: 'call-1', caller: { user: 'ann' }, ok: true });
    expect(ended[1]!.toolset).toBeUndefined();
    for (const m of ended) expect(typeof m.durationMs).toBe('number');
    expect(JSON.stringify(ended.map(({ error: _error, ...m }) => m))).not.toContain('hunter2');
    expect(ended.every((m) => !('result' in m) || m.result === undefined)).toBe(true);
  });

  it('makes a store bound to start the active one inside the handler', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'all', tools: [Ok] }));
    const channel = tracingChannel<unknown, CallMessage>(CALL_CHANNEL);
    channel.start.bindStore(spans, (m) => ({ span: `execute_tool ${(m as CallMessage).tool}` }));
    try {
      seenInside = undefined;
      await expect(registry.call('ok', { secret: 'abc' })).resolves.toBe('done 3');
      expect(seenInside).toEqual({ span: 'execute_tool ok' });
    } finally {
      channel.start.unbindStore(spans);
    }
  });

  it('publishes start and end around every call, and error for a failure', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'all', tools: [Breaks] }));
    const events: string[] = [];
    const channel = tracingChannel<unknown, CallMessage>(CALL_CHANNEL);
    const handlers = {
      start: () => void events.push('start'),
      end: () => void events.push('end'),
      asyncStart: () => void events.push('asyncStart'),
      asyncEnd: () => void events.push('asyncEnd'),
      error: (m: CallMessage) => void events.push(`error ${(m.error as { code: string }).code}`),
    };
    channel.subscribe(handlers);
    try {
      await registry.dispatch('breaks', {});
    } finally {
      channel.unsubscribe(handlers);
    }
    expect(events).toEqual(['start', 'end', 'error execution_failed', 'asyncStart', 'asyncEnd']);
  });

  it("is named 'hermes-tools:call'", async () => {
    expect(CALL_CHANNEL).toBe('hermes-tools:call');
  });

  it('puts arguments and results on the message only while content capture is on, each release counting once', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'all', tools: [Ok, Breaks] }));
    const ended: CallMessage[] = [];
    const channel = tracingChannel<unknown, CallMessage>(CALL_CHANNEL);
    const handlers = { ...quiet, asyncEnd: (m: CallMessage) => void ended.push({ ...m }) };
    channel.subscribe(handlers);
    const content = () => ended.map((m) => ('arguments' in m || 'result' in m ? [m.arguments, m.result] : 'none'));
    try {
      await registry.call('ok', { secret: 'a' });
      const first = captureCallContent();
      const second = captureCallContent();
      await registry.call('ok', { secret: 'ab' });
      await registry.dispatch('breaks', {});
      first();
      first();
      await registry.call('ok', { secret: 'abc' });
      second();
      await registry.call('ok', { secret: 'abcd' });
    } finally {
      channel.unsubscribe(handlers);
    }
    expect(content()).toEqual([
      'none',
      [{ secret: 'ab' }, 'done 2'],
      [{}, undefined],
      [{ secret: 'abc' }, 'done 3'],
      'none',
    ]);
    expect('result' in ended[2]!).toBe(false);
    expect(ended.map((m) => m.ok)).toEqual([true, true, false, true, true]);
  });

  it('gives each call a duration measured within it', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'all', tools: [Ok, Breaks] }));
    const ended: CallMessage[] = [];
    const channel = tracingChannel<unknown, CallMessage>(CALL_CHANNEL);
    const handlers = { ...quiet, asyncEnd: (m: CallMessage) => void ended.push({ ...m }) };
    channel.subscribe(handlers);
    const before = performance.now();
    try {
      await registry.dispatch('ok', { secret: 'a' });
      await registry.dispatch('breaks', {});
    } finally {
      channel.unsubscribe(handlers);
    }
    const elapsed = performance.now() - before;
    expect(ended.map((m) => m.code)).toEqual(['ok', 'execution_failed']);
    for (const m of ended) {
      expect(m.durationMs).toBeGreaterThanOrEqual(0);
      expect(m.durationMs).toBeLessThanOrEqual(elapsed);
    }
  });

  it("runs the call inside a start subscriber's runWithin", async () => {
    const { registry } = await buildRegistry(toolset({ name: 'all', tools: [Ok] }));
    const channel = tracingChannel<unknown, CallMessage>(CALL_CHANNEL);
    const handlers = {
      ...quiet,
      start: (m: CallMessage) => {
        m.runWithin = (call) => spans.run({ span: `within ${m.tool}` }, call);
      },
    };
    channel.subscribe(handlers);
    try {
      seenInside = undefined;
      await expect(registry.call('ok', { secret: 'abc' })).resolves.toBe('done 3');
      expect(seenInside).toEqual({ span: 'within ok' });
    } finally {
      channel.unsubscribe(handlers);
    }
  });

  it('fails a call whose runWithin throws, publishing and auditing it as execution_failed, without running the tool', async () => {
    const records: AuditRecord[] = [];
    const { registry } = await buildRegistry(
      toolsModule({ audit: (r) => void records.push(r) }),
      toolset({ name: 'all', tools: [Ok] }),
    );
    const channel = tracingChannel<unknown, CallMessage>(CALL_CHANNEL);
    const events: string[] = [];
    const handlers = {
      ...quiet,
      start: (m: CallMessage) => {
        m.runWithin = () => {
          throw new Error('the tracer broke');
        };
      },
      error: (m: CallMessage) => void events.push(`error ${m.code} ${(m.error as Error).message}`),
      asyncEnd: (m: CallMessage) => void events.push(`asyncEnd ${m.ok} ${m.code}`),
    };
    channel.subscribe(handlers);
    try {
      seenInside = 'not run';
      const outcome = await registry.dispatch('ok', { secret: 'abc' });
      expect(outcome).toMatchObject({ ok: false, error: { code: 'execution_failed' } });
      expect(seenInside).toBe('not run');
    } finally {
      channel.unsubscribe(handlers);
    }
    expect(events).toEqual(['error execution_failed the tracer broke', 'asyncEnd false execution_failed']);
    expect(records.map((r) => r.outcome)).toEqual(['execution_failed']);
  });
});
