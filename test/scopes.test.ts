import { Container, inject, injectable } from 'inversify';
import { Arg, Ctx, PermissionSet, Tool, ToolContext, ToolRegistry, toolset } from 'hermes-tools';
import { buildRegistry, definitionProblems } from './support/buildRegistry.js';

let constructed = 0;

@injectable()
class RequestLog {
  constructor(@inject(ToolContext) readonly ctx: ToolContext) {}
}

@Tool({ name: 'whoami', description: 'Says who is calling.' })
class WhoAmI {
  constructor(
    @inject(ToolContext) private readonly ctx: ToolContext,
    @inject(RequestLog) private readonly log: RequestLog,
  ) {
    constructed++;
  }
  async execute(@Arg('delay') delay: number, @Ctx() ctx: ToolContext): Promise<unknown> {
    await new Promise((resolve) => setTimeout(resolve, delay));
    return {
      injected: this.ctx.caller,
      param: ctx.caller,
      callId: this.ctx.callId,
      same: this.ctx.callId === ctx.callId && this.log.ctx.caller === ctx.caller,
    };
  }
}

@Tool({ name: 'counter', description: 'Counts its calls.' })
class Counter {
  count = 0;
  execute(): number {
    return ++this.count;
  }
}

@Tool({ name: 'needs.ctx', description: 'A singleton asking for the context in its constructor.' })
class SingletonNeedsContext {
  constructor(@inject(ToolContext) readonly ctx: ToolContext) {}
  async execute(@Arg('delay') delay: number): Promise<unknown> {
    await new Promise((resolve) => setImmediate(resolve));
    return { caller: this.ctx.caller, callId: this.ctx.callId, delay };
  }
}

@injectable()
class SharedAudit {
  constructor(@inject(ToolContext) readonly ctx: ToolContext) {}
  who(): unknown {
    return this.ctx.caller;
  }
}

@Tool({ name: 'audited', description: 'A call-scoped tool whose singleton dependency reads the context.' })
class Audited {
  constructor(@inject(SharedAudit) private readonly audit: SharedAudit) {}
  async execute(@Arg('turns') turns: number): Promise<unknown> {
    for (let i = 0; i < turns; i++) await new Promise((resolve) => setImmediate(resolve));
    return this.audit.who();
  }
}

@Tool({ name: 'reads.early', description: 'Reads the context while it is being constructed.' })
class ReadsContextTooEarly {
  readonly caller: unknown;
  constructor(@inject(ToolContext) ctx: ToolContext) {
    this.caller = ctx.caller;
  }
  execute(): unknown {
    return this.caller;
  }
}

describe('scopes', () => {
  it('gives a call-scoped tool a fresh instance per call, with its own ToolContext injected', async () => {
    const container = new Container();
    container.bind(RequestLog).toSelf();
    await container.load(toolset({ name: 'id', tools: [WhoAmI], granted: PermissionSet.all(), scope: 'call' }));
    const registry = container.get(ToolRegistry);
    constructed = 0;
    const results = await Promise.all(
      Array.from({ length: 1_000 }, (_, i) =>
        registry.call('whoami', { delay: i % 7 }, { caller: { user: `u${i}` }, callId: `c${i}` }),
      ),
    );
    expect(constructed).toBe(1_000);
    results.forEach((result, i) => {
      expect(result).toEqual({ injected: { user: `u${i}` }, param: { user: `u${i}` }, callId: `c${i}`, same: true });
    });
  });

  it('keeps singleton tools as one instance', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'c', tools: [Counter], granted: PermissionSet.all() }));
    await registry.call('counter', {});
    await expect(registry.call('counter', {})).resolves.toBe(2);
  });

  it('respects a binding the user made already', async () => {
    const container = new Container();
    container.bind(Counter).toSelf().inTransientScope();
    await container.load(toolset({ name: 'c', tools: [Counter], granted: PermissionSet.all() }));
    // Resolved once when the registry is built, as a transient binding gives.
    const registry = container.get(ToolRegistry);
    expect(container.get(Counter)).not.toBe(container.get(Counter));
    await expect(registry.call('counter', {})).resolves.toBe(1);
  });

  it('gives a singleton that injects ToolContext the context of the call it serves, every call', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'c', tools: [SingletonNeedsContext] }));
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        registry.call('needs.ctx', { delay: i }, { caller: `u${i}`, callId: `c${i}` }),
      ),
    );
    for (const [i, result] of results.entries()) expect(result).toEqual({ caller: `u${i}`, callId: `c${i}`, delay: i });
  });

  it("gives a singleton service of a call-scoped tool each call its own context, not the first call's", async () => {
    const container = new Container();
    container.bind(SharedAudit).toSelf().inSingletonScope();
    await container.load(toolset({ name: 'a', tools: [Audited], scope: 'call' }));
    const registry = container.get(ToolRegistry);
    const results = await Promise.all(
      Array.from({ length: 1_000 }, (_, i) => registry.call('audited', { turns: i % 5 }, { caller: `user-${i}` })),
    );
    expect(results).toEqual(Array.from({ length: 1_000 }, (_, i) => `user-${i}`));
  });

  it('reports a singleton that reads ToolContext in its constructor, when the registry is built', async () => {
    const problems = await definitionProblems(toolset({ name: 'c', tools: [ReadsContextTooEarly] }));
    expect(problems[0]).toMatch(/^ReadsContextTooEarly: the container could not create it/);
    expect(problems[0]).toContain('ToolContext was read outside a tool call');
  });
});
