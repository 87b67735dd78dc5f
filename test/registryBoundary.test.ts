import { tracingChannel } from 'node:diagnostics_channel';
import { injectable, inject } from 'inversify';
import {
  Arg,
  PermissionSet,
  Tool,
  ToolDefinitionError,
  ToolError,
  ToolRegistry,
  toolset,
  toolsModule,
  withMiddleware,
  type NextFunction,
  type ToolContext,
  type ToolInterceptor,
  ApprovalDeniedError,
  OutputValidationError,
  PermissionDeniedError,
  ToolAbortedError,
  ToolExecutionError,
  ToolNotFoundError,
  ToolTimeoutError,
  ToolUnavailableError,
  ToolValidationError,
  type AuditRecord,
  CALL_CHANNEL,
  type CallMessage,
  Requires,
  UseGuards,
} from 'hermes-tools';
import { buildRegistry, definitionProblems } from './support/buildRegistry.js';

class PayloadThrows extends ToolError {
  readonly code = 'execution_failed' as const;
  readonly retryable = false;
  override toPayload(): never {
    throw new Error('toPayload exploded');
  }
}

class OddPayload extends ToolError {
  readonly code = 'execution_failed' as const;
  readonly retryable = false;
  override toPayload() {
    return { code: this.code, message: this.message, retryable: false, secretConfig: { key: 'abc' }, n: 10n } as never;
  }
}

/** A subclass whose payload is whatever the test says: a subclass's `toPayload` may return anything. */
let payload: () => unknown = () => ({});
class AnyPayload extends ToolError {
  readonly code = 'execution_failed' as const;
  readonly retryable = false;
  override toPayload() {
    return payload() as never;
  }
}

let result: () => unknown = () => undefined;

@Tool({ name: 'returns', description: 'Returns what the test says.' })
class Returns {
  execute(): unknown {
    return result();
  }
}

@Tool({
  name: 'returns.declared',
  description: 'Returns what the test says, with a declared output.',
  output: { type: 'object' },
})
class ReturnsDeclared {
  execute(): unknown {
    return result();
  }
}

@Tool({ name: 'echo', description: 'Echoes.' })
class Echo {
  execute(@Arg('text') text: string): string {
    return text;
  }
}

@injectable()
class NeedsRegistry implements ToolInterceptor {
  constructor(@inject(ToolRegistry) readonly registry: ToolRegistry) {}
  intercept(_input: unknown, _ctx: ToolContext, next: NextFunction): unknown {
    return next();
  }
}

describe('dispatch at the boundary', () => {
  it('never rejects, even when a ToolError subclass cannot make its payload', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'r', tools: [Returns] }));
    result = () => {
      throw new PayloadThrows('nope');
    };
    const outcome = await registry.dispatch('returns', {});
    expect(outcome).toMatchObject({
      ok: false,
      error: { code: 'execution_failed', message: 'returns failed: it threw an error that could not be described' },
    });
  });

  it('keeps only the payload fields it knows, so the outcome is always JSON', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'r', tools: [Returns] }));
    result = () => {
      throw new OddPayload('odd');
    };
    const outcome = await registry.dispatch('returns', {});
    expect(() => JSON.stringify(outcome)).not.toThrow();
    expect(outcome).toEqual({
      ok: false,
      tool: 'returns',
      callId: expect.any(String),
      error: { code: 'execution_failed', message: 'odd', retryable: false },
    });
  });

  describe("a ToolError subclass's own payload", () => {
    const valid = { path: 'x', message: 'x is wrong', constraint: 'c' };
    async function errorOf(made: unknown): Promise<unknown> {
      const { registry } = await buildRegistry(toolset({ name: 'r', tools: [Returns] }));
      payload = () => made;
      result = () => {
        throw new AnyPayload('any');
      };
      const outcome = await registry.dispatch('returns', {});
      if (outcome.ok) throw new Error('expected a failure');
      return outcome.error;
    }
    const undescribed = {
      code: 'execution_failed',
      message: 'returns failed: it threw an error that could not be described',
      retryable: false,
    };

    it.each([
      ['a', 'a'],
      ['rate_limited', 'rate_limited'],
      ['a'.repeat(40), 'a'.repeat(40)],
      ['a'.repeat(41), 'execution_failed'],
      ['', 'execution_failed'],
      ['_x', 'execution_failed'],
      ['1x', 'execution_failed'],
      ['Xx', 'execution_failed'],
      ['xX', 'execution_failed'],
      ['x-y', 'execution_failed'],
      ['x1', 'execution_failed'],
      [' x', 'execution_failed'],
      ['x ', 'execution_failed'],
      ['x\n', 'execution_failed'],
      [['abc'], 'execution_failed'],
      [42, 'execution_failed'],
      [undefined, 'execution_failed'],
    ])(
      'keeps a code of lower-case letters and underscores, 1 to 40 long, starting with a letter: %j gives %j',
      async (code, kept) => {
        expect(await errorOf({ code, message: 'm', retryable: false })).toEqual({
          code: kept,
          message: 'm',
          retryable: false,
        });
      },
    );

    it('keeps a message of 16,000 characters whole and cuts a longer one; a message that is not a string says the call failed', async () => {
      for (const [length, shown] of [
        [15_999, 'm'.repeat(15_999)],
        [16_000, 'm'.repeat(16_000)],
        [16_001, `${'m'.repeat(16_000)}…`],
      ] as const) {
        expect(await errorOf({ code: 'x', message: 'm'.repeat(length), retryable: false })).toEqual({
          code: 'x',
          message: shown,
          retryable: false,
        });
      }
      for (const message of [42, null, undefined, { toString: () => 'hi' }]) {
        expect(await errorOf({ code: 'x', message, retryable: false })).toEqual({
          code: 'x',
          message: 'the call failed',
          retryable: false,
        });
      }
    });

    it('is retryable only when it says true', async () => {
      expect(await errorOf({ code: 'x', message: 'm', retryable: true })).toEqual({
        code: 'x',
        message: 'm',
        retryable: true,
      });
      for (const retryable of ['true', 1, false, null, undefined]) {
        expect(await errorOf({ code: 'x', message: 'm', retryable })).toEqual({
          code: 'x',
          message: 'm',
          retryable: false,
        });
      }
    });

    it('keeps a permission and a reason that are strings, each cut past 2,000 characters, and drops them otherwise', async () => {
      for (const [length, shown] of [
        [1_999, 'p'.repeat(1_999)],
        [2_000, 'p'.repeat(2_000)],
        [2_001, `${'p'.repeat(2_000)}…`],
      ] as const) {
        expect(
          await errorOf({
            code: 'x',
            message: 'm',
            retryable: false,
            permission: 'p'.repeat(length),
            reason: 'p'.repeat(length),
          }),
        ).toEqual({
          code: 'x',
          message: 'm',
          retryable: false,
          permission: shown,
          reason: shown,
        });
      }
      for (const value of [42, null, undefined, ['a']]) {
        expect(await errorOf({ code: 'x', message: 'm', retryable: false, permission: value, reason: value })).toEqual({
          code: 'x',
          message: 'm',
          retryable: false,
        });
      }
    });

    it('keeps at most 1,000 issues, only the well-formed ones, and no issues when they are not an array', async () => {
      for (const [count, kept] of [
        [999, 999],
        [1_000, 1_000],
        [1_001, 1_000],
      ] as const) {
        const error = (await errorOf({
          code: 'x',
          message: 'm',
          retryable: false,
          issues: Array.from({ length: count }, () => valid),
        })) as { issues: unknown[] };
        expect(error.issues).toHaveLength(kept);
        expect(error.issues[0]).toEqual(valid);
      }
      // A function with the right properties is not an issue: an issue is a plain object of three strings.
      const fn = Object.assign(() => undefined, valid);
      const malformed = [
        'x',
        7,
        fn,
        { ...valid, path: 1 },
        { ...valid, message: undefined },
        { path: 'x', message: 'm' },
        { ...valid, constraint: ['c'] },
      ];
      expect(await errorOf({ code: 'x', message: 'm', retryable: false, issues: [...malformed, valid] })).toEqual({
        code: 'x',
        message: 'm',
        retryable: false,
        issues: [valid],
      });
      expect(await errorOf({ code: 'x', message: 'm', retryable: false, issues: [null, valid] })).toEqual({
        code: 'x',
        message: 'm',
        retryable: false,
        issues: [valid],
      });
      expect(await errorOf({ code: 'x', message: 'm', retryable: false, issues: { 0: valid, length: 1 } })).toEqual({
        code: 'x',
        message: 'm',
        retryable: false,
      });
    });

    it('is described as a failure that could not be described when it is not an object, or reading it throws', async () => {
      expect(await errorOf(null)).toEqual(undescribed);
      const throwing = {
        code: 'x',
        retryable: false,
        get message(): string {
          throw new Error('no message');
        },
      };
      expect(await errorOf(throwing)).toEqual(undescribed);
    });
  });

  it('uses one JSON rule for results, with or without a declared output, never quoting a toJSON', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'r', tools: [Returns, ReturnsDeclared] }));
    result = () => ({
      toJSON: () => {
        throw new Error('toJSON at /srv/secret.js:9');
      },
    });
    const plain = await registry.dispatch('returns', {});
    const declared = await registry.dispatch('returns.declared', {});
    for (const outcome of [plain, declared]) {
      expect(outcome).toMatchObject({
        ok: false,
        error: {
          code: 'invalid_output',
          issues: [
            {
              message: 'the arguments is not JSON-serialisable (serialising it threw)'.replace(
                'the arguments is',
                'the result is',
              ),
            },
          ],
        },
      });
      expect(JSON.stringify(outcome)).not.toContain('secret.js');
    }
    expect((plain as { error: { message: string } }).error.message).not.toContain('declared output');
    expect((declared as { error: { message: string } }).error.message).toContain('declared output');
  });

  it('names why a result is not JSON: a cycle, a BigInt, or a toJSON that threw something other than an Error', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'r', tools: [Returns, ReturnsDeclared] }));
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const cases: [() => unknown, string][] = [
      [() => cyclic, 'it contains a cycle'],
      [() => ({ n: 10n }), 'it contains a BigInt'],
      [
        () => ({
          toJSON: () => {
            throw 'a circular BigInt';
          },
        }),
        'serialising it threw',
      ],
    ];
    for (const [make, reason] of cases) {
      result = make;
      for (const tool of ['returns', 'returns.declared']) {
        const outcome = await registry.dispatch(tool, {});
        expect(outcome).toMatchObject({
          ok: false,
          error: {
            code: 'invalid_output',
            issues: [{ path: '', message: `the result is not JSON-serialisable (${reason})`, constraint: 'isJson' }],
          },
        });
      }
    }
  });

  it('passes JSON primitives through as they are, non-finite numbers and undefined as null', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'r', tools: [Returns] }));
    const cases: [unknown, unknown][] = [
      ['text', 'text'],
      [true, true],
      [false, false],
      [0, 0],
      [-0, -0],
      [1.5, 1.5],
      [Number.NaN, null],
      [Number.POSITIVE_INFINITY, null],
      [null, null],
      [undefined, null],
      [() => 1, null],
    ];
    for (const [value, expected] of cases) {
      result = () => value;
      const outcome = await registry.dispatch('returns', {});
      expect(outcome.ok).toBe(true);
      expect(Object.is((outcome as { value: unknown }).value, expected)).toBe(true);
    }
  });

  it('keeps a call id and a tool name of 200 characters whole, and clips longer ones to 200', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'r', tools: [Echo] }));
    for (const [length, kept] of [
      [199, 199],
      [200, 200],
      [201, 200],
    ] as const) {
      expect((await registry.dispatch('echo', { text: 'a' }, { callId: 'c'.repeat(length) })).callId).toBe(
        'c'.repeat(kept),
      );
      expect((await registry.dispatch('n'.repeat(length), {})).tool).toBe('n'.repeat(kept));
    }
  });

  it('clips a hostile call id', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'r', tools: [Echo] }));
    const outcome = await registry.dispatch('echo', { text: 'a' }, { callId: 'c'.repeat(100_000) });
    expect(outcome.callId.length).toBeLessThanOrEqual(200);
  });
});

@Tool({ name: 'hangs', description: 'Guarded by a guard that never answers.' })
@UseGuards(() => new Promise<boolean>(() => undefined))
class Hangs {
  execute(): string {
    return 'x';
  }
}

@Tool({ name: 'gone', description: 'Never available.' })
@Requires({ check: () => false, description: 'nothing' })
class Gone {
  execute(): string {
    return 'x';
  }
}

describe('the registry at its edges', () => {
  it('does not cut a result in a registry built by hand without a result store, though its tools have a budget', async () => {
    const { registry } = await buildRegistry(
      toolsModule({ results: { maxChars: 300 } }),
      toolset({ name: 'r', tools: [Returns] }),
    );
    result = () => 'x'.repeat(1_000);
    const cut = await registry.dispatch('returns', {});
    expect(cut.ok && cut.truncated?.totalChars).toBe(1_002);
    const byHand = new ToolRegistry([registry.get('returns')]);
    expect(await byHand.dispatch('returns', {})).toEqual({
      ok: true,
      tool: 'returns',
      callId: expect.any(String),
      value: 'x'.repeat(1_000),
    });
  });

  it('cuts a result all the same when the store cannot keep it, saying the rest could not be kept, and logs why', async () => {
    const logged: unknown[][] = [];
    const logger = { debug() {}, info() {}, warn() {}, error: (...args: unknown[]) => void logged.push(args) };
    for (const thrown of [new Error('disk full'), 'quota']) {
      const store = {
        save: (): string => {
          throw thrown;
        },
        load: () => undefined,
      };
      const { registry } = await buildRegistry(
        toolsModule({ results: { maxChars: 300, store }, logger }),
        toolset({ name: 'r', tools: [Returns] }),
      );
      result = () => 'x'.repeat(1_000);
      const outcome = await registry.dispatch('returns', {});
      if (!outcome.ok) throw new Error(outcome.error.message);
      expect(outcome.truncated).toEqual({
        id: undefined,
        shownChars: JSON.stringify(outcome.value).length,
        totalChars: 1_002,
      });
      expect(outcome.value).toMatch(
        /^x+\[… cut to fit: \d+ of 1000 characters of this text not shown; 1002 characters in all; the rest could not be kept\]$/,
      );
    }
    expect(logged).toEqual([
      ['hermes-tools: a cut result could not be kept in the result store', { tool: 'returns', error: 'disk full' }],
      ['hermes-tools: a cut result could not be kept in the result store', { tool: 'returns', error: 'quota' }],
    ]);
  });

  it('audits and traces a call to a name no tool has, its name clipped to 200 characters or named by its type', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'r', tools: [Echo] }));
    const records: AuditRecord[] = [];
    const audited = new ToolRegistry([registry.get('echo')], {
      audit: { send: (record) => void records.push(record), captureArguments: false, logger: console },
    });
    for (const name of ['n'.repeat(200), 'n'.repeat(201), 42])
      await expect(audited.call(name as string, {})).rejects.toBeInstanceOf(ToolNotFoundError);
    expect(records.map((r) => [r.tool, r.permissions, r.outcome])).toEqual([
      ['n'.repeat(200), [], 'tool_not_found'],
      ['n'.repeat(200), [], 'tool_not_found'],
      ['number', [], 'tool_not_found'],
    ]);
    // Traced, without audit and without options.
    const ended: CallMessage[] = [];
    const channel = tracingChannel<unknown, CallMessage>(CALL_CHANNEL);
    const handlers = {
      start() {},
      end() {},
      asyncStart() {},
      error() {},
      asyncEnd: (m: CallMessage) => void ended.push({ ...m }),
    };
    channel.subscribe(handlers);
    try {
      await expect(registry.call('nope', {})).rejects.toBeInstanceOf(ToolNotFoundError);
    } finally {
      channel.unsubscribe(handlers);
    }
    expect(ended.map((m) => [m.tool, m.code])).toEqual([['nope', 'tool_not_found']]);
  });

  it('answers with an empty call id when reading the options throws', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'r', tools: [Echo] }));
    const hostile = {
      get callId(): string {
        throw new Error('no');
      },
    };
    expect(await registry.dispatch('echo', { text: 'a' }, hostile)).toMatchObject({
      ok: false,
      tool: 'echo',
      callId: '',
      error: { code: 'execution_failed' },
    });
  });

  it('forCaller leaves out a tool whose guard has not answered when the timeout or the signal comes, and clears its timer', async () => {
    const { registry } = await buildRegistry(
      toolset({ name: 'r', tools: [Echo, Hangs], granted: PermissionSet.all() }),
    );
    const controller = new AbortController();
    const byTimeout = await registry.forCaller({ caller: 'ann' }, { timeoutMs: 1, signal: controller.signal });
    expect(byTimeout.list().map((t) => t.name)).toEqual(['echo', 'results.read']);
    // Once the listing is made, its timer is cleared: it does not keep the process alive for the default 10 seconds.
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    const { registry: answering } = await buildRegistry(
      toolset({ name: 'r', tools: [Echo], granted: PermissionSet.all() }),
    );
    const before = timers();
    await answering.forCaller({ caller: 'ann' }, { signal: controller.signal });
    expect(timers()).toBe(before);
    // The default timeout is 10 seconds: the signal ends the wait first.
    const listing = registry.forCaller({ caller: 'ann' }, { signal: controller.signal });
    controller.abort();
    expect((await listing).list().map((t) => t.name)).toEqual(['echo', 'results.read']);
    // With the longest timeout (about 25 days), only the signal can end the wait: a listing that ignored it would never
    // come.
    const waiting = new AbortController();
    const longest = registry.forCaller({ caller: 'ann' }, { timeoutMs: 2_147_483_647, signal: waiting.signal });
    waiting.abort();
    expect((await longest).list().map((t) => t.name)).toEqual(['echo', 'results.read']);
    // A signal that aborted before the listing began fires no 'abort' event: the listing must not wait for one.
    const already = await registry.forCaller({ caller: 'ann' }, { timeoutMs: 2_147_483_647, signal: waiting.signal });
    expect(already.list().map((t) => t.name)).toEqual(['echo', 'results.read']);
  });

  it('forCaller refuses a signal that is not an AbortSignal with a TypeError, leaving no timer behind', async () => {
    const { registry } = await buildRegistry(
      toolset({ name: 'r', tools: [Echo, Hangs], granted: PermissionSet.all() }),
    );
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    const before = timers();
    for (const signal of [{ aborted: false }, {}, null]) {
      await expect(
        registry.forCaller({ caller: 'ann' }, { timeoutMs: 2_147_483_647, signal: signal as AbortSignal }),
      ).rejects.toThrow(new TypeError('forCaller: signal must be an AbortSignal'));
    }
    expect(timers()).toBe(before);
  });

  it('forCaller refuses permissions that are not a PermissionSet with a TypeError, rather than hiding every tool', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'r', tools: [Echo], granted: PermissionSet.all() }));
    for (const permissions of [['fs:read'], 'fs:read', null, {}]) {
      await expect(
        registry.forCaller({ caller: 'ann', permissions: permissions as unknown as PermissionSet }),
      ).rejects.toThrow(
        new TypeError('forCaller: permissions must be a PermissionSet (PermissionSet.none().grant(...)), or left out'),
      );
    }
    // Given as undefined (a lookup that found nothing), it is refused: it would widen the caller to the toolsets'
    // grants.
    await expect(registry.forCaller({ caller: 'ann', permissions: undefined })).rejects.toThrow(
      /forCaller: permissions is undefined/,
    );
    expect((await registry.forCaller({ caller: 'ann', permissions: PermissionSet.all() })).has('echo')).toBe(true);
    expect((await registry.forCaller({ caller: 'ann' })).has('echo')).toBe(true);
    expect((await registry.forCaller({ caller: 'ann', permissions: PermissionSet.none() })).has('echo')).toBe(true);
  });

  it('forCaller refuses a timeout that is not a whole number of milliseconds from 1 to 2147483647', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'r', tools: [Echo], granted: PermissionSet.all() }));
    for (const timeoutMs of [0, -1, Number.NaN, 2_147_483_648]) {
      await expect(registry.forCaller({ caller: 'ann' }, { timeoutMs })).rejects.toThrow(
        new TypeError('forCaller: timeoutMs must be a number of milliseconds greater than 0 and at most 2147483647'),
      );
    }
    for (const timeoutMs of [1, 2_147_483_647])
      expect((await registry.forCaller({ caller: 'ann' }, { timeoutMs })).has('echo')).toBe(true);
  });

  it("forCaller does not let the caller's view reach an unavailable tool by name, and refuses a registry holding any tool of a caller's view", async () => {
    const { registry } = await buildRegistry(toolset({ name: 'r', tools: [Echo, Gone], granted: PermissionSet.all() }));
    const ann = await registry.forCaller({ caller: 'ann' });
    expect([ann.has('echo'), ann.has('gone')]).toEqual([true, false]);
    const mixed = new ToolRegistry([ann.get('echo'), registry.get('gone')]);
    await expect(mixed.forCaller({ caller: 'bob' })).rejects.toThrow(/already a caller's view/);
  });
});

describe('ToolRegistry construction', () => {
  it('refuses a RegisteredTool copied by hand, naming it and saying what to do', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'r', tools: [Echo] }));
    const original = registry.get('echo');
    const copy = { ...original, execute: (input: unknown) => original.execute(input) };
    let error: unknown;
    try {
      new ToolRegistry([copy]);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ToolDefinitionError);
    expect((error as ToolDefinitionError).problems[0]).toMatch(
      /^"echo" is not a RegisteredTool made by hermes-tools .* wrap them with withMiddleware or withPermissions$/,
    );
    const details = (tools: unknown[]) => {
      try {
        new ToolRegistry(tools as never);
      } catch (e) {
        return (e as ToolDefinitionError).details;
      }
      throw new Error('expected a ToolDefinitionError');
    };
    expect(details([copy, original, original])).toEqual([
      { where: '', code: 'not_a_registered_tool', message: expect.stringMatching(/^"echo" is not a RegisteredTool/) },
      {
        where: '',
        code: 'duplicate_name',
        message: 'tool name "echo" is declared twice, in toolsets "r" and "r"; tool names must be unique',
      },
    ]);
    // At most 80 characters of a name; "a value" for anything without a string name.
    expect(details([{ name: 'n'.repeat(80) }])[0]!.message).toMatch(new RegExp(`^"${'n'.repeat(80)}" is not`));
    expect(details([{ name: 'n'.repeat(81) }])[0]!.message).toMatch(new RegExp(`^"${'n'.repeat(80)}" is not`));
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('no');
        },
      },
    );
    for (const tool of [null, { name: 42 }, { name: { slice: () => 'sliced' } }, hostile])
      expect(details([tool])[0]!.message).toMatch(/^a value is not a RegisteredTool/);
    const wrapped = new ToolRegistry([withMiddleware(original, [(_i, _c, next) => next()])]);
    expect(wrapped.list()).toEqual([{ name: 'echo', description: 'Echoes.' }]);
  });

  it('reports an interceptor that injects the registry it belongs to, instead of recursing', async () => {
    const problems = await definitionProblems(
      toolset({ name: 'r', tools: [Echo], granted: PermissionSet.all() }),
      toolsModule({ interceptors: [NeedsRegistry] }),
    );
    expect(problems.join('\n')).toContain('ToolRegistry is injected into something the registry itself builds');
    expect(problems.join('\n')).toContain('NeedsRegistry');
  });
});

describe('the error classes', () => {
  const issue = (n: number) => ({ path: `p${n}`, message: `p${n} is wrong`, constraint: 'c' });

  it.each([
    [
      'ToolValidationError, one issue',
      () => new ToolValidationError('t', [issue(1)]),
      'Invalid arguments for t (1 problem):\n- p1 is wrong\nFix every problem listed and call again.',
    ],
    [
      'ToolValidationError, two issues',
      () => new ToolValidationError('t', [issue(1), issue(2)]),
      'Invalid arguments for t (2 problems):\n- p1 is wrong\n- p2 is wrong\nFix every problem listed and call again.',
    ],
    [
      'PermissionDeniedError, a permission',
      () => new PermissionDeniedError('t', 'fs:write'),
      't requires the "fs:write" permission, which was not granted.\nRetrying with different arguments will not help',
    ],
    [
      'PermissionDeniedError, a reason',
      () => new PermissionDeniedError('t', { reason: 'closed' }),
      't was refused: closed.\nRetrying with different arguments will not help',
    ],
    [
      'ApprovalDeniedError',
      () => new ApprovalDeniedError('t', 'no'),
      't was not approved: no. Do not call it again unless the user asks you to.',
    ],
    [
      'ToolUnavailableError',
      () => new ToolUnavailableError('t', 'no key'),
      't is unavailable: no key. Use another tool, or ask the operator to provide it.',
    ],
    [
      'ToolTimeoutError',
      () => new ToolTimeoutError('t', 5),
      't did not finish within 5 ms and was stopped. Try again, or with a smaller request.',
    ],
    ['ToolAbortedError', () => new ToolAbortedError('t'), 't was cancelled by the caller before it finished.'],
    [
      'ToolNotFoundError',
      () => new ToolNotFoundError('fs.raed', ['fs.read', 'fs.rm']),
      'There is no tool named "fs.raed". Did you mean "fs.read" or "fs.rm"? Call one of the listed tools by its exact name.',
    ],
  ])(
    '%s: says what happened and what to do, with no stack trace (a caller mistake, not a fault)',
    (_label, make, message) => {
      const error = make();
      expect(error.message).toBe(message);
      expect(error.stack).not.toMatch(/\n\s+at /);
    },
  );

  it.each([
    ['a declared output', true, 'does not match its declared output'],
    ['no declared output', false, 'cannot be sent as JSON'],
  ])('OutputValidationError, %s: a fault, with its stack, listing each issue', (_label, declared, what) => {
    const error = new OutputValidationError('t', [issue(1), issue(2)], declared);
    expect(error.message).toBe(
      `t returned a result that ${what}:\n- p1 is wrong\n- p2 is wrong\nThis is a fault in the tool; calling it again with the same arguments will fail the same way.`,
    );
    expect(new OutputValidationError('t', [issue(1)]).message).toContain('does not match its declared output');
    expect(error.stack).toMatch(/\n\s+at /);
    expect(new ToolExecutionError('t', 'd', { cause: 1 }).stack).toMatch(/\n\s+at /);
  });

  it('say whether calling again can help', () => {
    expect(
      [new ToolValidationError('t', []), new ToolNotFoundError('t', []), new ToolTimeoutError('t', 1)].map(
        (e) => e.retryable,
      ),
    ).toEqual([true, true, true]);
    expect(
      [
        new PermissionDeniedError('t', 'a:b'),
        new ApprovalDeniedError('t', 'no'),
        new ToolUnavailableError('t', 'r'),
        new ToolAbortedError('t'),
        new OutputValidationError('t', []),
      ].map((e) => e.retryable),
    ).toEqual([false, false, false, false, false]);
  });

  it('PermissionDeniedError carries the permission or the redacted reason, and the payload says which', () => {
    const byGrant = new PermissionDeniedError('t', 'fs:write');
    expect([byGrant.permission, byGrant.reason]).toEqual(['fs:write', undefined]);
    expect(byGrant.toPayload()).toEqual(expect.objectContaining({ permission: 'fs:write' }));
    const byGuard = new PermissionDeniedError('t', { reason: 'closed' });
    expect([byGuard.permission, byGuard.reason]).toEqual([undefined, 'closed']);
    expect(byGuard.toPayload()).toEqual(expect.objectContaining({ reason: 'closed' }));
    expect(byGuard.toPayload()).not.toHaveProperty('permission');
  });

  it('ToolDefinitionError counts its problems', () => {
    expect(new ToolDefinitionError(['a']).message).toMatch(
      /^hermes-tools found 1 problem in the tool definitions:\n- /,
    );
    expect(new ToolDefinitionError(['a', 'b']).message).toMatch(
      /^hermes-tools found 2 problems in the tool definitions:\n- /,
    );
  });

  it('ToolValidationError keeps a message of 16,000 characters whole and cuts a longer one, listing no issue past the cut', () => {
    const header = 'Invalid arguments for t (9 problems):';
    const advice = '\nFix every problem listed and call again.';
    const fixed = Array.from({ length: 8 }, (_, n) => `i${n}`.padEnd(1_900, 'm'));
    // Eight issues of 1,900 characters and a ninth that brings the whole message to `length`.
    const messages = (length: number) => [
      ...fixed,
      'z'.repeat(length - header.length - 9 * 3 - 8 * 1_900 - advice.length),
    ];
    const made = (texts: string[]) =>
      new ToolValidationError(
        't',
        texts.map((message, n) => ({ path: `p${n}`, message, constraint: 'c' })),
      ).message;
    const whole = (texts: string[]) => `${header}${texts.map((m) => `\n- ${m}`).join('')}${advice}`;
    for (const length of [15_999, 16_000]) {
      expect(whole(messages(length))).toHaveLength(length);
      expect(made(messages(length))).toBe(whole(messages(length)));
    }
    expect(made(messages(16_001))).toBe(`${whole(messages(16_001)).slice(0, 16_000)}…`);
    // Twenty issues: the message is their first 16,000 characters, without the advice, which would come after them.
    const many = Array.from({ length: 20 }, (_, n) => `i${n}`.padEnd(1_900, 'm'));
    const cut = made(many);
    expect(cut).toBe(
      `${`Invalid arguments for t (20 problems):${many.map((m) => `\n- ${m}`).join('')}`.slice(0, 16_000)}…`,
    );
    expect(cut).not.toContain('Fix every problem');
  });

  it('ToolValidationError takes a message set on it, as any Error does, and its message can be redefined as Error.prototype.message can', () => {
    const error = new ToolValidationError('t', [issue(1)]);
    error.message = 'rewritten by a framework';
    expect([error.message, error.toPayload().message]).toEqual([
      'rewritten by a framework',
      'rewritten by a framework',
    ]);
    (error as { message: unknown }).message = 42;
    expect(error.message).toBe('42');
    expect(new ToolValidationError('t', [issue(1)]).message).toBe(
      'Invalid arguments for t (1 problem):\n- p1 is wrong\nFix every problem listed and call again.',
    );
    // Instrumentation that wraps an error class's accessors needs them configurable, as Error's own message is.
    expect(Object.getOwnPropertyDescriptor(ToolValidationError.prototype, 'message')).toMatchObject({
      configurable: true,
      enumerable: false,
    });
    expect(Object.getOwnPropertyDescriptor(Error.prototype, 'message')).toMatchObject({ configurable: true });
  });

  it('ToolValidationError shows an issue path of 512 characters whole and cuts a longer one', () => {
    const long = (n: number) =>
      new ToolValidationError('t', [{ path: 'k'.repeat(n), message: 'm', constraint: 'c' }]).issues[0]!.path;
    expect(long(511)).toBe('k'.repeat(511));
    expect(long(512)).toBe('k'.repeat(512));
    expect(long(513)).toBe(`${'k'.repeat(512)}…`);
  });
});
