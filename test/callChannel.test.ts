import { AsyncLocalStorage } from 'node:async_hooks';
import { tracingChannel } from 'node:diagnostics_channel';
import { Arg, CALL_CHANNEL, Tool, toolset, toolsModule, type CallMessage } from 'hermes-tools';
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

describe('the hermes-tools:call channel', () => {
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
});
