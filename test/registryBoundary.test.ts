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
