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

let result: () => unknown = () => undefined;

@Tool({ name: 'returns', description: 'Returns what the test says.' })
class Returns {
  execute(): unknown {
    return result();
  }
}

@Tool({ name: 'returns.declared', description: 'Returns what the test says, with a declared output.', output: { type: 'object' } })
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
    expect(outcome).toMatchObject({ ok: false, error: { code: 'execution_failed', message: 'returns failed: it threw an error that could not be described' } });
  });

  it('keeps only the payload fields it knows, so the outcome is always JSON', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'r', tools: [Returns] }));
    result = () => {
      throw new OddPayload('odd');
    };
    const outcome = await registry.dispatch('returns', {});
    expect(() => JSON.stringify(outcome)).not.toThrow();
    expect(outcome).toEqual({ ok: false, tool: 'returns', callId: expect.any(String), error: { code: 'execution_failed', message: 'odd', retryable: false } });
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
        error: { code: 'invalid_output', issues: [{ message: 'the arguments is not JSON-serialisable (serialising it threw)'.replace('the arguments is', 'the result is') }] },
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
          error: { code: 'invalid_output', issues: [{ path: '', message: `the result is not JSON-serialisable (${reason})`, constraint: 'isJson' }] },
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
      expect((await registry.dispatch('echo', { text: 'a' }, { callId: 'c'.repeat(length) })).callId).toBe('c'.repeat(kept));
      expect((await registry.dispatch('n'.repeat(length), {})).tool).toBe('n'.repeat(kept));
    }
  });

  it('clips a hostile call id', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'r', tools: [Echo] }));
    const outcome = await registry.dispatch('echo', { text: 'a' }, { callId: 'c'.repeat(100_000) });
    expect(outcome.callId.length).toBeLessThanOrEqual(200);
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
    expect((error as ToolDefinitionError).problems[0]).toMatch(/^"echo" is not a RegisteredTool made by hermes-tools .* wrap them with withMiddleware or withPermissions$/);
    const wrapped = new ToolRegistry([withMiddleware(original, [(_i, _c, next) => next()])]);
    expect(wrapped.list()).toEqual([{ name: 'echo', description: 'Echoes.' }]);
  });

  it('reports an interceptor that injects the registry it belongs to, instead of recursing', async () => {
    const problems = await definitionProblems(toolset({ name: 'r', tools: [Echo], granted: PermissionSet.all() }), toolsModule({ interceptors: [NeedsRegistry] }));
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
    ['PermissionDeniedError, a reason', () => new PermissionDeniedError('t', { reason: 'closed' }), 't was refused: closed.\nRetrying with different arguments will not help'],
    ['ApprovalDeniedError', () => new ApprovalDeniedError('t', 'no'), 't was not approved: no. Do not call it again unless the user asks you to.'],
    ['ToolUnavailableError', () => new ToolUnavailableError('t', 'no key'), 't is unavailable: no key. Use another tool, or ask the operator to provide it.'],
    ['ToolTimeoutError', () => new ToolTimeoutError('t', 5), 't did not finish within 5 ms and was stopped. Try again, or with a smaller request.'],
    ['ToolAbortedError', () => new ToolAbortedError('t'), 't was cancelled by the caller before it finished.'],
    [
      'ToolNotFoundError',
      () => new ToolNotFoundError('fs.raed', ['fs.read', 'fs.rm']),
      'There is no tool named "fs.raed". Did you mean "fs.read" or "fs.rm"? Call one of the listed tools by its exact name.',
    ],
  ])('%s: says what happened and what to do, with no stack trace (a caller mistake, not a fault)', (_label, make, message) => {
    const error = make();
    expect(error.message).toBe(message);
    expect(error.stack).not.toMatch(/\n\s+at /);
  });

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
    expect([new ToolValidationError('t', []), new ToolNotFoundError('t', []), new ToolTimeoutError('t', 1)].map((e) => e.retryable)).toEqual([true, true, true]);
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
    expect(new ToolDefinitionError(['a']).message).toMatch(/^hermes-tools found 1 problem in the tool definitions:\n- /);
    expect(new ToolDefinitionError(['a', 'b']).message).toMatch(/^hermes-tools found 2 problems in the tool definitions:\n- /);
  });

  it('ToolValidationError shows an issue path of 512 characters whole and cuts a longer one', () => {
    const long = (n: number) => new ToolValidationError('t', [{ path: 'k'.repeat(n), message: 'm', constraint: 'c' }]).issues[0]!.path;
    expect(long(511)).toBe('k'.repeat(511));
    expect(long(512)).toBe('k'.repeat(512));
    expect(long(513)).toBe(`${'k'.repeat(512)}…`);
  });
});
