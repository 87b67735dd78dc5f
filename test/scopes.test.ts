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
    return { injected: this.ctx.caller, param: ctx.caller, callId: this.ctx.callId, same: this.ctx === ctx && this.log.ctx === ctx };
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
  execute(): string {
    return 'x';
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
      Array.from({ length: 1_000 }, (_, i) => registry.call('whoami', { delay: i % 7 }, { caller: { user: `u${i}` }, callId: `c${i}` })),
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

  it('reports a singleton that asks for ToolContext when the registry is built', async () => {
    const problems = await definitionProblems(toolset({ name: 'c', tools: [SingletonNeedsContext] }));
    expect(problems[0]).toMatch(/^SingletonNeedsContext: the container could not create it/);
    expect(problems[0]).toContain("ToolContext can only be injected into a call-scoped tool");
  });
});
