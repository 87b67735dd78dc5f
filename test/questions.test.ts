// Tools that ask the person behind the call a question (ctx.ask): in process through CallOptions.ask, over MCP through
// elicitation (2025), and the clear refusal where nobody can be asked (no asker, a client without elicitation, 2026).
import 'reflect-metadata';
import { jest } from '@jest/globals';
import { Client as ModernClient } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyHttp } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import {
  Arg,
  type AskedQuestion,
  type AskFunction,
  type AuditRecord,
  type GuardVerdict,
  type NextFunction,
  type QuestionAsker,
  type QuestionGuardRequest,
  type ToolGuard,
  Ctx,
  QuestionNotAnsweredError,
  type QuestionReply,
  type QuestionRequest,
  Tool,
  type ToolContext,
  type ToolOutcome,
  toolset,
  toolsModule,
} from 'hermes-tools';
import { createMcpServer, serveHttp, serveStdio } from 'hermes-tools/mcp';
import { injectable } from 'inversify';
import { rawCall } from './support/modernRawCall.js';
import { buildRegistry } from './support/buildRegistry.js';
import { deferred } from './support/deferred.js';

/** What the tool did, in order: each effect it made, so that a test sees none came before its question. */
const effects: string[] = [];
/** How many times a handler began: once per call, in every era (a 2026 retry resumes the handler that asked). */
let starts = 0;

@Tool({ name: 'accounts.close', description: 'Closes one of the user’s accounts, asking which.' })
class CloseAccount {
  async execute(@Arg('owner') owner: string, @Ctx() ctx: ToolContext): Promise<string> {
    starts++;
    const answer = await ctx.ask({
      message: `Which of ${owner}'s accounts should be closed?`,
      fields: {
        account: {
          type: 'string',
          title: 'Account',
          oneOf: [
            { const: 'a1', title: 'Checking' },
            { const: 'a2', title: 'Savings' },
          ],
        },
        notify: { type: 'boolean', title: 'Tell the owner', default: true },
      },
      required: ['account'],
    });
    effects.push(`closed ${String(answer.account)}`);
    return `closed ${String(answer.account)} (notify: ${String(answer.notify)})`;
  }
}

@Tool({
  name: 'accounts.rename',
  description: 'Renames an account, asking for the name; has 1 s to run.',
  timeoutMs: 1000,
})
class RenameAccount {
  async execute(@Ctx() ctx: ToolContext, @Arg('quick', { optional: true }) quick?: boolean): Promise<string> {
    const answer = await ctx.ask({
      message: 'What should the account be called?',
      fields: { name: { type: 'string', minLength: 1 } },
      required: ['name'],
      ...(quick === true ? { timeoutMs: 1 } : {}),
    });
    return `renamed to ${String(answer.name)}`;
  }
}

@Tool({ name: 'accounts.transfer', description: 'Reserves an amount, then asks which account receives it.' })
class TransferFunds {
  async execute(@Arg('amount') amount: number, @Ctx() ctx: ToolContext): Promise<string> {
    starts++;
    // An effect before the question: it must never be made twice.
    effects.push(`reserved ${amount}`);
    const answer = await ctx.ask({
      message: 'Which account receives the amount?',
      fields: { account: { type: 'string', enum: ['a1', 'a2'] } },
      required: ['account'],
    });
    effects.push(`sent ${amount} to ${String(answer.account)}`);
    return `sent ${amount} to ${String(answer.account)}`;
  }
}

async function registry(audit?: (record: AuditRecord) => void) {
  return (
    await buildRegistry(
      toolsModule({ approvals: {}, ...(audit === undefined ? {} : { audit: { sink: audit } }) }),
      toolset({ name: 'accounts', tools: [CloseAccount, RenameAccount, PurgeAccount, TransferFunds] }),
    )
  ).registry;
}

function failure(outcome: ToolOutcome) {
  if (outcome.ok) throw new Error('expected a failure');
  return outcome.error;
}

@Tool({
  name: 'accounts.purge',
  description: 'Purges an account after asking which: needs approval.',
  destructive: true,
})
class PurgeAccount {
  async execute(@Ctx() ctx: ToolContext): Promise<string> {
    starts++;
    const which = await ctx.ask({
      message: 'Which account?',
      fields: { account: { type: 'string', enum: ['a1', 'a2'] } },
    });
    const why = await ctx.ask({
      message: 'Why?',
      fields: { reason: { type: 'string', minLength: 1 } },
      required: ['reason'],
    });
    effects.push(`purged ${String(which.account)} because ${String(why.reason)}`);
    return `purged ${String(which.account)}`;
  }
}

afterEach(() => {
  effects.length = 0;
  starts = 0;
});

describe('ctx.ask in process (CallOptions.ask)', () => {
  it('resolves with the answer checked against the question, a default filling a field left out', async () => {
    const tools = await registry();
    const asked: QuestionRequest[] = [];
    const ask: AskFunction = (request) => {
      asked.push(request);
      return { action: 'accept', content: { account: 'a2' } };
    };
    const outcome = await tools.dispatch('accounts.close', { owner: 'ann' }, { ask, caller: 'ann' });
    expect(outcome).toMatchObject({ ok: true, value: 'closed a2 (notify: true)' });
    expect(asked[0]).toMatchObject({
      tool: 'accounts.close',
      caller: 'ann',
      message: "Which of ann's accounts should be closed?",
      requestedSchema: {
        type: 'object',
        required: ['account'],
        properties: { notify: { type: 'boolean', default: true } },
      },
    });
  });

  it.each([
    ['declined', { action: 'decline' as const }, 'the user declined to answer'],
    ['cancelled', { action: 'cancel' as const }, 'the user dismissed the question'],
    ['invalid_answer', { action: 'accept' as const, content: { account: 'a3' } }, 'account must be one of the choices'],
    [
      'invalid_answer',
      { action: 'accept' as const, content: { account: 'a1', extra: 1 } },
      'a field the question did not ask',
    ],
    ['invalid_answer', { action: 'accept' as const, content: { notify: false } }, 'account is required'],
  ])(
    'ends the call with not_answered (%s) when the reply is %j, and nothing after the question runs',
    async (reason, reply, says) => {
      const tools = await registry();
      const error = failure(await tools.dispatch('accounts.close', { owner: 'ann' }, { ask: () => reply }));
      expect(error).toMatchObject({ code: 'not_answered', reason });
      expect(error.message).toContain(says);
      expect(error.message).toContain('asked "Which of ann\'s accounts should be closed?"');
      expect(effects).toEqual([]);
    },
  );

  it('asks through toolsModule({ questions }) when the call brings no asker: an injectable asker class, and its default time', async () => {
    const asked: QuestionRequest[] = [];
    @injectable()
    class HelpDesk implements QuestionAsker {
      ask(request: QuestionRequest): QuestionReply {
        asked.push(request);
        return { action: 'accept', content: { account: 'a1' } };
      }
    }
    const { registry: tools } = await buildRegistry(
      toolsModule({ questions: { ask: HelpDesk, timeoutMs: 60_000 } }),
      toolset({ name: 'accounts', tools: [CloseAccount] }),
    );
    expect(await tools.dispatch('accounts.close', { owner: 'ann' }, { caller: 'ann' })).toMatchObject({
      ok: true,
      value: 'closed a1 (notify: true)',
    });
    expect(asked).toEqual([expect.objectContaining({ caller: 'ann', timeoutMs: 60_000 })]);
    // The call's own asker comes first: the person behind the call is asked, not the module's fallback.
    const own: AskFunction = () => ({ action: 'accept', content: { account: 'a2' } });
    expect(await tools.dispatch('accounts.close', { owner: 'ann' }, { ask: own })).toMatchObject({
      value: 'closed a2 (notify: true)',
    });
    expect(asked).toHaveLength(1);
    // A call without options asks the module's asker too (the pipeline's short path must not leave it out).
    expect(await tools.call('accounts.close', { owner: 'bo' })).toBe('closed a1 (notify: true)');
    expect(await tools.get('accounts.close').execute({ owner: 'bo' })).toBe('closed a1 (notify: true)');
    expect(asked).toHaveLength(3);
  });

  it('refuses a questions option it does not know, or a time that is not one, when the registry is built', async () => {
    await expect(
      buildRegistry(
        toolsModule({ questions: { ask: () => ({ action: 'cancel' }), timeout: 5 } as never }),
        toolset({ name: 'accounts', tools: [CloseAccount] }),
      ),
    ).rejects.toThrow(/toolsModule questions.*timeout/s);
    await expect(
      buildRegistry(
        toolsModule({ questions: { timeoutMs: -1 } }),
        toolset({ name: 'accounts', tools: [CloseAccount] }),
      ),
    ).rejects.toThrow(/timeoutMs must be a number of milliseconds/);
  });

  it('lets a guard with canAsk refuse a question before anyone is asked: not_answered, denied', async () => {
    const seen: QuestionGuardRequest[] = [];
    class NoQuestionsForBots implements ToolGuard {
      canActivate(): boolean {
        return true;
      }
      canAsk(request: QuestionGuardRequest): GuardVerdict {
        seen.push(request);
        return request.caller === 'bot' ? 'a service account has nobody to ask' : true;
      }
    }
    const records: AuditRecord[] = [];
    const { registry: tools } = await buildRegistry(
      toolsModule({ guards: [new NoQuestionsForBots()], audit: { sink: (record) => void records.push(record) } }),
      toolset({ name: 'accounts', tools: [CloseAccount] }),
    );
    const asked: QuestionRequest[] = [];
    const ask: AskFunction = (request) => {
      asked.push(request);
      return { action: 'accept', content: { account: 'a1' } };
    };
    const refused = failure(await tools.dispatch('accounts.close', { owner: 'ann' }, { ask, caller: 'bot' }));
    expect(refused).toMatchObject({ code: 'not_answered', reason: 'denied' });
    expect(refused.message).toContain('a service account has nobody to ask');
    expect(asked).toEqual([]);
    expect(await tools.dispatch('accounts.close', { owner: 'ann' }, { ask, caller: 'ann' })).toMatchObject({
      ok: true,
    });
    expect(asked).toHaveLength(1);
    expect(seen.map((request) => [request.caller, request.tool.name, request.question.message])).toEqual([
      ['bot', 'accounts.close', "Which of ann's accounts should be closed?"],
      ['ann', 'accounts.close', "Which of ann's accounts should be closed?"],
    ]);
    expect(records.map((record) => record.questions)).toEqual([
      [{ message: "Which of ann's accounts should be closed?", fields: ['account', 'notify'], end: 'denied' }],
      [{ message: "Which of ann's accounts should be closed?", fields: ['account', 'notify'], end: 'accepted' }],
    ]);
  });

  it('fails a question closed when a guard’s canAsk throws, and logs why', async () => {
    const errors: string[] = [];
    const logger = { debug() {}, info() {}, warn() {}, error: (message: string) => void errors.push(message) };
    const { registry: tools } = await buildRegistry(
      toolsModule({
        logger,
        guards: [
          {
            canActivate: () => true,
            canAsk: () => {
              throw new Error('the policy service is down');
            },
          },
        ],
      }),
      toolset({ name: 'accounts', tools: [CloseAccount] }),
    );
    const ask: AskFunction = () => ({ action: 'accept', content: { account: 'a1' } });
    const refused = failure(await tools.dispatch('accounts.close', { owner: 'ann' }, { ask }));
    expect(refused).toMatchObject({ code: 'not_answered', reason: 'denied' });
    expect(errors).toEqual([expect.stringContaining('a guard failed on a question')]);
    expect(effects).toEqual([]);
  });

  it('shows interceptors the questions asked, and keeps the answer in the audit record only with captureArguments', async () => {
    const shown: (readonly AskedQuestion[])[] = [];
    const records: AuditRecord[] = [];
    const { registry: tools } = await buildRegistry(
      toolsModule({
        audit: { sink: (record) => void records.push(record), captureArguments: true },
        interceptors: [
          async (_input: unknown, ctx: ToolContext, next: NextFunction) => {
            const result = await next();
            shown.push(ctx.questions);
            return result;
          },
        ],
      }),
      toolset({ name: 'accounts', tools: [CloseAccount] }),
    );
    const ask: AskFunction = () => ({ action: 'accept', content: { account: 'a2', notify: false } });
    expect(await tools.dispatch('accounts.close', { owner: 'ann' }, { ask })).toMatchObject({ ok: true });
    expect(shown).toEqual([
      [
        {
          message: "Which of ann's accounts should be closed?",
          fields: ['account', 'notify'],
          end: 'accepted',
          answer: { account: 'a2', notify: false },
        },
      ],
    ]);
    expect(records[0]?.questions).toEqual([
      {
        message: "Which of ann's accounts should be closed?",
        fields: ['account', 'notify'],
        end: 'accepted',
        answer: '{"account":"a2","notify":false}',
      },
    ]);
    // Declined: the record says so, with no answer.
    await tools.dispatch('accounts.close', { owner: 'ann' }, { ask: () => ({ action: 'decline' }) });
    expect(records[1]?.questions).toEqual([
      { message: "Which of ann's accounts should be closed?", fields: ['account', 'notify'], end: 'declined' },
    ]);
  });

  it("pauses the tool's time limit while the person answers: an answer after it would have passed still counts", async () => {
    const tools = await registry();
    const asked = deferred();
    let reply: (answer: QuestionReply) => void = () => undefined;
    const ask: AskFunction = () => {
      asked.resolve();
      return new Promise((resolve) => {
        reply = resolve;
      });
    };
    // Timers and clocks are the test's: 5 s pass while the person thinks, five times the tool's 1 s.
    jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate', 'clearImmediate'] });
    try {
      const outcome = tools.dispatch('accounts.rename', {}, { ask });
      await asked.promise;
      jest.advanceTimersByTime(5_000);
      reply({ action: 'accept', content: { name: 'Savings' } });
      expect(await outcome).toMatchObject({ ok: true, value: 'renamed to Savings' });
    } finally {
      jest.useRealTimers();
    }
  });

  it('gives the question its own limit: silence past it is timed_out, and the asker is told to stop', async () => {
    const tools = await registry();
    let stopped: unknown;
    const ask: AskFunction = ({ signal, timeoutMs }) => {
      expect(timeoutMs).toBe(1);
      return new Promise((_resolve, reject) =>
        signal.addEventListener('abort', () => {
          stopped = signal.reason;
          reject(new Error('asking stopped'));
        }),
      );
    };
    const error = failure(await tools.dispatch('accounts.rename', { quick: true }, { ask }));
    expect(error).toMatchObject({ code: 'not_answered', reason: 'timed_out' });
    expect(error.message).toContain('no answer came in time (1 ms)');
    expect(stopped).toBeInstanceOf(QuestionNotAnsweredError);
  });

  it('names the question and says nobody can be asked when the call brings no way to ask', async () => {
    const tools = await registry();
    const error = failure(await tools.dispatch('accounts.close', { owner: 'ann' }));
    expect(error).toMatchObject({ code: 'not_answered', reason: 'cannot_ask' });
    expect(error.message).toContain('this call came with no way to ask anyone');
    await expect(tools.call('accounts.close', { owner: 'ann' })).rejects.toBeInstanceOf(QuestionNotAnsweredError);
  });
});

describe('ctx.ask over MCP', () => {
  const closing: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const close of closing.splice(0).reverse()) await close();
  });

  async function legacy(reply: unknown, elicitation = true) {
    const server = createMcpServer(await registry(), { name: 'asks', version: '1.0.0', listChangedIntervalMs: 0 });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    closing.push(() => server.close());
    const client = new LegacyClient(
      { name: 'legacy', version: '1.0.0' },
      { capabilities: elicitation ? { elicitation: {} } : {} },
    );
    const asked: unknown[] = [];
    if (elicitation)
      client.setRequestHandler(ElicitRequestSchema, async (request) => {
        asked.push(request.params);
        return reply as never;
      });
    await client.connect(clientSide as never);
    closing.push(() => client.close());
    return { client, asked };
  }

  it('asks a 2025 client through elicitation/create, with the question as its requested schema', async () => {
    const { client, asked } = await legacy({ action: 'accept', content: { account: 'a1', notify: false } });
    const result = await client.callTool({ name: 'accounts.close', arguments: { owner: 'bob' } });
    expect(result.content).toEqual([{ type: 'text', text: 'closed a1 (notify: false)' }]);
    expect(asked).toEqual([
      expect.objectContaining({
        message: "Which of bob's accounts should be closed?",
        requestedSchema: expect.objectContaining({ type: 'object', required: ['account'] }),
      }),
    ]);
  });

  it('ends the call with not_answered when the 2025 user declines or dismisses, or the client cannot be asked', async () => {
    const declined = await legacy({ action: 'decline' });
    const refused = await declined.client.callTool({ name: 'accounts.close', arguments: { owner: 'bob' } });
    expect(refused.isError).toBe(true);
    expect(refused._meta?.['hermes-tools/error']).toMatchObject({ code: 'not_answered', reason: 'declined' });
    const dismissed = await legacy({ action: 'cancel' });
    const gone = await dismissed.client.callTool({ name: 'accounts.close', arguments: { owner: 'bob' } });
    expect(gone._meta?.['hermes-tools/error']).toMatchObject({ code: 'not_answered', reason: 'cancelled' });
    const mute = await legacy(undefined, false);
    const cannot = await mute.client.callTool({ name: 'accounts.close', arguments: { owner: 'bob' } });
    expect(cannot._meta?.['hermes-tools/error']).toMatchObject({ code: 'not_answered', reason: 'cannot_ask' });
    expect(JSON.stringify(cannot.content)).toContain('the MCP client did not declare elicitation');
    expect(effects).toEqual([]);
  });

  async function modern(answer: (message: string) => Record<string, unknown>, elicitation = true) {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const serving = await serveStdio(
      await registry(),
      { name: 'asks', version: '1.0.0', listChangedIntervalMs: 0 },
      serverSide,
    );
    closing.push(() => serving.close());
    const client = new ModernClient(
      { name: 'modern', version: '2.4.0' },
      {
        versionNegotiation: { mode: { pin: '2026-07-28' } },
        capabilities: elicitation ? { elicitation: { form: {} } } : {},
      },
    );
    const asked: string[] = [];
    if (elicitation)
      client.setRequestHandler('elicitation/create', async (request) => {
        asked.push(String(request.params.message));
        return answer(String(request.params.message)) as never;
      });
    await client.connect(clientSide as never);
    closing.push(() => client.close());
    return { client, asked };
  }

  it('asks a 2026-07-28 client through input_required, and resumes the waiting handler with the answer', async () => {
    const { client, asked } = await modern(() => ({ action: 'accept', content: { account: 'a2', notify: false } }));
    const result = await client.callTool({ name: 'accounts.close', arguments: { owner: 'cat' } });
    expect(result.content).toEqual([{ type: 'text', text: 'closed a2 (notify: false)' }]);
    expect(asked).toEqual(["Which of cat's accounts should be closed?"]);
    // The handler waited at its question: it began once.
    expect(starts).toBe(1);
    expect(effects).toEqual(['closed a2']);
  });

  it('never repeats what a 2026 handler did before its question: the retry resumes it where it waits', async () => {
    const { client, asked } = await modern(() => ({ action: 'accept', content: { account: 'a2' } }));
    const result = await client.callTool({ name: 'accounts.transfer', arguments: { amount: 5 } });
    expect(result.content).toEqual([{ type: 'text', text: 'sent 5 to a2' }]);
    expect(asked).toEqual(['Which account receives the amount?']);
    expect(effects).toEqual(['reserved 5', 'sent 5 to a2']);
    expect(starts).toBe(1);
  });

  it('does nothing again when a 2026 retry reaches a server whose call is not waiting: expired, and the model may call again', async () => {
    const key = 'k'.repeat(32);
    const options = { name: 'asks', version: '1.0.0', port: 0, requestStateKey: key, onWarning: () => undefined };
    const asking = await serveHttp(await registry(), options);
    closing.push(() => asking.close());
    const other = await serveHttp(await registry(), options);
    closing.push(() => other.close());
    const call = { name: 'accounts.transfer', arguments: { amount: 7 } };
    const first = await rawCall(asking.url, 'any', call);
    expect(first.body.result).toMatchObject({ resultType: 'input_required' });
    const retry = {
      ...call,
      inputResponses: { q1: { action: 'accept', content: { account: 'a1' } } },
      requestState: String(first.body.result?.requestState),
    };
    // The other server verifies the state (same key), finds no call waiting, and runs nothing.
    const lost = await rawCall(other.url, 'any', retry);
    expect(lost.body.result).toMatchObject({
      isError: true,
      _meta: { 'hermes-tools/error': { code: 'not_answered', reason: 'expired' } },
    });
    expect(JSON.stringify(lost.body.result?.content)).toContain('this retry ran nothing');
    expect(effects).toEqual(['reserved 7']);
    // The server that asked still has its call waiting: the same retry resumes it there.
    const resumed = await rawCall(asking.url, 'any', retry);
    expect(resumed.body.result).toMatchObject({ content: [{ type: 'text', text: 'sent 7 to a1' }] });
    expect(effects).toEqual(['reserved 7', 'sent 7 to a1']);
    expect(starts).toBe(1);
  });

  it('ends a waiting 2026 call when its server closes: the question goes unanswered, nothing more is done', async () => {
    const ended = deferred<AuditRecord>();
    const http = await serveHttp(await registry(ended.resolve), {
      name: 'asks',
      version: '1.0.0',
      port: 0,
      onWarning: () => undefined,
    });
    let closed = false;
    closing.push(async () => {
      if (!closed) await http.close();
    });
    const first = await rawCall(http.url, 'any', { name: 'accounts.transfer', arguments: { amount: 9 } });
    expect(first.body.result).toMatchObject({ resultType: 'input_required' });
    closed = true;
    await http.close();
    expect(await ended.promise).toMatchObject({ tool: 'accounts.transfer', outcome: 'not_answered' });
    expect(effects).toEqual(['reserved 9']);
  });

  it('takes a 2026 call through its approval and two questions, each in its own round, acting once at the end', async () => {
    const { client, asked } = await modern((message) =>
      message.startsWith('Allow')
        ? { action: 'accept', content: { approve: true } }
        : message === 'Which account?'
          ? { action: 'accept', content: { account: 'a1' } }
          : { action: 'accept', content: { reason: 'closed by its owner' } },
    );
    const result = await client.callTool({ name: 'accounts.purge', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'purged a1' }]);
    expect(asked).toEqual([expect.stringContaining('Allow accounts.purge?'), 'Which account?', 'Why?']);
    expect(effects).toEqual(['purged a1 because closed by its owner']);
  });

  it('ends a 2026 call with not_answered when the user declines or dismisses a question, or cannot be asked', async () => {
    const declining = await modern(() => ({ action: 'decline' }));
    const declined = await declining.client.callTool({ name: 'accounts.close', arguments: { owner: 'cat' } });
    expect(declined._meta?.['hermes-tools/error']).toMatchObject({ code: 'not_answered', reason: 'declined' });
    const dismissing = await modern(() => ({ action: 'cancel' }));
    const dismissed = await dismissing.client.callTool({ name: 'accounts.close', arguments: { owner: 'cat' } });
    expect(dismissed._meta?.['hermes-tools/error']).toMatchObject({ code: 'not_answered', reason: 'cancelled' });
    const mute = await modern(() => ({}), false);
    const cannot = await mute.client.callTool({ name: 'accounts.close', arguments: { owner: 'cat' } });
    expect(cannot._meta?.['hermes-tools/error']).toMatchObject({ code: 'not_answered', reason: 'cannot_ask' });
    expect(effects).toEqual([]);
  });

  it('answers each 2026 round once: a replayed or edited requestState settles nothing, and the tool acts once', async () => {
    const http = await serveHttp(await registry(), {
      name: 'asks',
      version: '1.0.0',
      port: 0,
      onWarning: () => undefined,
    });
    closing.push(() => http.close());
    const first = await rawCall(http.url, 'any', { name: 'accounts.close', arguments: { owner: 'dan' } });
    expect(first.body.result).toMatchObject({
      resultType: 'input_required',
      inputRequests: { q1: { method: 'elicitation/create' } },
    });
    const state = String(first.body.result?.requestState);
    const retry = {
      name: 'accounts.close',
      arguments: { owner: 'dan' },
      inputResponses: { q1: { action: 'accept', content: { account: 'a1' } } },
      requestState: state,
    };
    const [version, payload, signature] = state.split('.');
    const edited = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as { p: { k?: unknown } };
    edited.p.k = ['approve'];
    const forged = `${version}.${Buffer.from(JSON.stringify(edited)).toString('base64url')}.${signature}`;
    expect((await rawCall(http.url, 'any', { ...retry, requestState: forged })).body.error).toMatchObject({
      code: -32602,
    });
    expect((await rawCall(http.url, 'any', retry)).body.result).toMatchObject({
      content: [{ type: 'text', text: 'closed a1 (notify: true)' }],
    });
    const replayed = await rawCall(http.url, 'any', retry);
    expect(replayed.body.error).toMatchObject({ code: -32602, message: expect.stringContaining('answered already') });
    // An answer to a question that was not asked is no answer: the person is asked.
    const unasked = await rawCall(http.url, 'any', { ...retry, requestState: undefined });
    expect(unasked.body.result).toMatchObject({ resultType: 'input_required' });
    expect(effects).toEqual(['closed a1']);
  });

  it('tells a stateless 2025 request that a question needs a session to come back on', async () => {
    const http = await serveHttp(await registry(), {
      name: 'asks',
      version: '1.0.0',
      port: 0,
      stateless: true,
      onWarning: () => undefined,
    });
    closing.push(() => http.close());
    const client = new LegacyClient({ name: 'legacy', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'accept', content: { account: 'a1' } }));
    await client.connect(new LegacyHttp(http.url));
    closing.push(() => client.close());
    const result = await client.callTool({ name: 'accounts.close', arguments: { owner: 'eve' } });
    expect(result._meta?.['hermes-tools/error']).toMatchObject({ code: 'not_answered', reason: 'cannot_ask' });
    expect(JSON.stringify(result.content)).toContain('without a session (stateless)');
    expect(effects).toEqual([]);
  });
});
