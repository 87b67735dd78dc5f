// The edges of 2026 question rounds: a call parked at its question, and what may reach it meanwhile (a store that
// fails, a second question at once, a question that ends before its retry, a retry that asks for progress).
import 'reflect-metadata';
import {
  type AuditRecord,
  Arg,
  Ctx,
  QuestionNotAnsweredError,
  type SpentApprovalStore,
  Tool,
  type ToolContext,
  toolset,
  toolsModule,
} from 'hermes-tools';
import { serveHttp } from 'hermes-tools/mcp';
import { buildRegistry } from './support/buildRegistry.js';
import { deferred } from './support/deferred.js';
import { ENVELOPE, modernHeaders, rawCall } from './support/modernRawCall.js';

const effects: string[] = [];
let starts = 0;

@Tool({ name: 'rounds.transfer', description: 'Reserves an amount, asks which account, sends it.' })
class Transfer {
  async execute(@Arg('amount') amount: number, @Ctx() ctx: ToolContext): Promise<string> {
    starts++;
    effects.push(`reserved ${amount}`);
    const answer = await ctx.ask({ message: 'Which account?', fields: { account: { type: 'string' } } });
    effects.push(`sent ${amount} to ${String(answer.account)}`);
    return `sent ${amount}`;
  }
}

@Tool({ name: 'rounds.pair', description: 'Asks two questions at once.' })
class Pair {
  async execute(@Ctx() ctx: ToolContext): Promise<string> {
    const [a, b] = await Promise.all([
      ctx.ask({ message: 'First?', fields: { x: { type: 'string' } } }),
      ctx.ask({ message: 'Second?', fields: { y: { type: 'string' } } }),
    ]);
    return `${String(a.x)} ${String(b.y)}`;
  }
}

@Tool({ name: 'rounds.fallback', description: 'Asks with a limit; on silence, acts on a default.' })
class Fallback {
  async execute(@Arg('limit') limit: number, @Ctx() ctx: ToolContext): Promise<string> {
    try {
      const answer = await ctx.ask({ message: 'Which?', fields: { w: { type: 'string' } }, timeoutMs: limit });
      return `chose ${String(answer.w)}`;
    } catch (error) {
      if (!(error instanceof QuestionNotAnsweredError)) throw error;
      effects.push('acted on the default');
      return 'the default';
    }
  }
}

@Tool({ name: 'rounds.progress', description: 'Reports progress before and after its question.' })
class Progress {
  async execute(@Ctx() ctx: ToolContext): Promise<string> {
    ctx.progress(1, 2, 'before');
    await ctx.ask({ message: 'Go?', fields: { p: { type: 'string' } } });
    ctx.progress(2, 2, 'after');
    return 'done';
  }
}

const closing: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
  effects.length = 0;
  starts = 0;
});

async function serve(extra: Record<string, unknown> = {}, audit?: (record: AuditRecord) => void) {
  const { registry } = await buildRegistry(
    toolsModule(audit === undefined ? {} : { audit: { sink: audit } }),
    toolset({ name: 'rounds', tools: [Transfer, Pair, Fallback, Progress] }),
  );
  const http = await serveHttp(registry, { name: 'rounds', version: '1.0.0', port: 0, onWarning: () => {}, ...extra });
  closing.push(() => http.close());
  return http;
}

type Answer = Awaited<ReturnType<typeof rawCall>>;

/** The retry of `call` that answers the question `first` asked with `content`. */
function retryOf(call: Record<string, unknown>, first: Answer, content: object) {
  const key = Object.keys((first.body.result?.inputRequests ?? {}) as object)[0] ?? 'none';
  return {
    ...call,
    inputResponses: { [key]: { action: 'accept', content } },
    requestState: String(first.body.result?.requestState),
  };
}

describe('2026 question rounds', () => {
  it('takes no answer and runs nothing when the store of used states fails on a retry; the same retry resumes once it works', async () => {
    let down = true;
    const used = new Set<string>();
    const store: SpentApprovalStore = {
      isSpent: async (id) => used.has(id),
      spend: async (id) => {
        if (down) throw new Error('redis is down');
        if (used.has(id)) return false;
        used.add(id);
        return true;
      },
    };
    const failures: string[] = [];
    const http = await serve({ spentApprovals: store, onWarning: (warning: string) => failures.push(warning) });
    const call = { name: 'rounds.transfer', arguments: { amount: 7 } };
    const first = await rawCall(http.url, 'any', call);
    expect(first.body.result).toMatchObject({ resultType: 'input_required' });
    const retry = retryOf(call, first, { account: 'a1' });
    const refused = await rawCall(http.url, 'any', retry);
    expect(refused.body.error?.message).toContain('retry with the same requestState');
    expect({ starts, effects }).toEqual({ starts: 1, effects: ['reserved 7'] });
    down = false;
    const resumed = await rawCall(http.url, 'any', retry);
    expect(resumed.body.result).toMatchObject({ content: [{ type: 'text', text: 'sent 7' }] });
    expect({ starts, effects }).toEqual({ starts: 1, effects: ['reserved 7', 'sent 7 to a1'] });
    // The store's failure reached the app; the client was told only to retry.
    expect(failures.join('\n')).toContain('redis is down');
    expect(refused.body.error?.message).not.toContain('redis');
  });

  it('refuses a second question asked while the first waits (one at a time), and the call ends saying so', async () => {
    const ended = deferred<AuditRecord>();
    const http = await serve({}, ended.resolve);
    const call = { name: 'rounds.pair', arguments: {} };
    const first = await rawCall(http.url, 'any', call);
    // The second question fails the handler at once: its outcome ends the round, or the retry of the first question.
    const outcome =
      first.body.result?.resultType === 'input_required'
        ? await rawCall(http.url, 'any', retryOf(call, first, { x: 'one' }))
        : first;
    expect(outcome.body.result).toMatchObject({
      isError: true,
      _meta: { 'hermes-tools/error': { code: 'not_answered', reason: 'cannot_ask' } },
    });
    expect(JSON.stringify(outcome.body.result?.content)).toContain('one question at a time');
    expect((await ended.promise).outcome).toBe('not_answered');
  });

  it('gives the retry what the call did after its question ended unanswered, and runs nothing again', async () => {
    // The question's limit must pass after its round was answered with input_required: an attempt whose limit passed
    // first (a loaded machine) ends at once with the default, which is right too, and the test tries again.
    for (let attempt = 0; attempt < 5; attempt++) {
      const ended = deferred<AuditRecord>();
      const http = await serve({}, ended.resolve);
      const call = { name: 'rounds.fallback', arguments: { limit: 500 } };
      const first = await rawCall(http.url, 'any', call);
      if (first.body.result?.resultType !== 'input_required') {
        expect(first.body.result).toMatchObject({ content: [{ type: 'text', text: 'the default' }] });
        effects.length = 0;
        continue;
      }
      expect((await ended.promise).outcome).toBe('ok');
      const retry = await rawCall(http.url, 'any', retryOf(call, first, { w: 'late' }));
      expect(retry.body.result).toMatchObject({ content: [{ type: 'text', text: 'the default' }] });
      expect(effects).toEqual(['acted on the default']);
      // Collected once: the same state again has answered already.
      const again = await rawCall(http.url, 'any', retryOf(call, first, { w: 'late' }));
      expect(again.body.error?.message).toContain('answered already');
      return;
    }
    throw new Error('in 5 attempts, no question outlived its first round');
  });

  it('never ends a round with input_required for a question that ended while it was put', async () => {
    const http = await serve();
    for (let i = 0; i < 10; i++) {
      const answer = await rawCall(http.url, 'any', { name: 'rounds.fallback', arguments: { limit: 1 } });
      if (answer.body.result?.resultType === 'input_required') {
        // Put in time: its retry gets the outcome, never a question that no call waits on.
        const retry = await rawCall(
          http.url,
          'any',
          retryOf({ name: 'rounds.fallback', arguments: { limit: 1 } }, answer, { w: 'x' }),
        );
        expect(retry.body.result).toMatchObject({ content: [{ type: 'text' }] });
        expect(JSON.stringify(retry.body.result)).not.toContain('expired');
      } else expect(answer.body.result).toMatchObject({ content: [{ type: 'text', text: 'the default' }] });
    }
  });

  it('sends the progress made after the answer to the retry that asked for it, though the first request did not', async () => {
    const http = await serve();
    const call = { name: 'rounds.progress', arguments: {} };
    const first = await stream(http.url, call);
    expect(first.result).toMatchObject({ resultType: 'input_required' });
    expect(first.progress).toEqual([]);
    const retry = retryOf(call, { status: 200, body: { result: first.result } }, { p: 'go' });
    const second = await stream(http.url, { ...retry, _meta: { progressToken: 'p2' } });
    expect(second.progress).toEqual(['p2:after']);
    expect(second.result).toMatchObject({ content: [{ type: 'text', text: 'done' }] });
  });

  it('says, when one caller has 16 calls waiting, that clients not told apart count as one caller', async () => {
    const http = await serve();
    for (let i = 0; i < 16; i++) {
      const parked = await rawCall(http.url, 'any', { name: 'rounds.transfer', arguments: { amount: i } });
      expect(parked.body.result).toMatchObject({ resultType: 'input_required' });
    }
    const refused = await rawCall(http.url, 'other', { name: 'rounds.transfer', arguments: { amount: 99 } });
    expect(refused.body.result).toMatchObject({
      isError: true,
      _meta: { 'hermes-tools/error': { code: 'not_answered', reason: 'cannot_ask' } },
    });
    expect(JSON.stringify(refused.body.result?.content)).toContain('are one caller');
  });
});

/** A raw 2026 `tools/call` whose event stream is read: its progress notifications and its result. */
async function stream(url: URL, params: Record<string, unknown>) {
  const meta = { ...ENVELOPE, ...((params._meta as object | undefined) ?? {}) };
  const response = await fetch(url, {
    method: 'POST',
    headers: modernHeaders('any', 'tools/call', String(params.name)),
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { ...params, _meta: meta } }),
  });
  const text = await response.text();
  const lines = response.headers.get('content-type')?.includes('text/event-stream')
    ? text
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
    : [text];
  const messages = lines.map((line) => JSON.parse(line) as { method?: string; params?: Record<string, unknown> });
  const progress = messages
    .filter((m) => m.method === 'notifications/progress')
    .map((m) => `${String(m.params?.progressToken)}:${String(m.params?.message)}`);
  return { progress, result: (messages.find((m) => 'result' in m) as { result?: Record<string, unknown> })?.result };
}
