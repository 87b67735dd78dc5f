import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Container, inject, injectable } from 'inversify';
import {
  Arg,
  Ctx,
  PermissionSet,
  Permissions,
  Tool,
  ToolContext,
  ToolRegistry,
  toolset,
  toolsModule,
  type ToolInterceptor,
  type NextFunction,
} from 'hermes-tools';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

@injectable()
class Session {
  constructor(@inject(ToolContext) readonly ctx: ToolContext) {}
}

@Tool({ name: 'load.whoami', description: 'Says who is calling, after a pause.' })
@Permissions('load:read')
class WhoAmI {
  constructor(
    @inject(ToolContext) private readonly ctx: ToolContext,
    @inject(Session) private readonly session: Session,
  ) {}
  async execute(@Arg('pause') pause: number, @Ctx() ctx: ToolContext): Promise<unknown> {
    await new Promise((resolve) => setTimeout(resolve, pause));
    return { injected: this.ctx.caller, session: this.session.ctx.caller, param: ctx.caller, callId: ctx.callId };
  }
}

@Tool({ name: 'load.echo', description: 'Echoes its text.' })
class Echo {
  constructor(@inject(ToolContext) private readonly ctx: ToolContext) {}
  execute(@Arg('text') text: string): unknown {
    return { text, caller: this.ctx.caller };
  }
}

class Tag implements ToolInterceptor {
  async intercept(_input: unknown, _ctx: ToolContext, next: NextFunction): Promise<unknown> {
    return next();
  }
}

async function registry(): Promise<ToolRegistry> {
  const container = new Container();
  container.bind(Session).toSelf();
  await container.load(
    toolsModule({ interceptors: [Tag] }),
    toolset({ name: 'load', tools: [WhoAmI, Echo], granted: PermissionSet.none().grant('load:*'), scope: 'call' }),
  );
  return container.get(ToolRegistry);
}

describe('load and isolation', () => {
  it('10,000 concurrent calls to call-scoped tools each come back with their own context', async () => {
    const tools = await registry();
    const outcomes = await Promise.all(
      Array.from({ length: 10_000 }, (_, i) =>
        i % 2 === 0
          ? tools.dispatch('load.whoami', { pause: i % 5 }, { caller: { user: `u${i}` }, callId: `c${i}` })
          : tools.dispatch('load.echo', { text: `t${i}` }, { caller: { user: `u${i}` }, callId: `c${i}` }),
      ),
    );
    outcomes.forEach((outcome, i) => {
      expect(outcome.callId).toBe(`c${i}`);
      const value =
        i % 2 === 0
          ? { injected: { user: `u${i}` }, session: { user: `u${i}` }, param: { user: `u${i}` }, callId: `c${i}` }
          : { text: `t${i}`, caller: { user: `u${i}` } };
      if (!outcome.ok || JSON.stringify(outcome.value) !== JSON.stringify(value))
        expect([i, outcome]).toEqual([i, { ok: true, value }]);
    });
  });

  it('after 200,000 sequential calls the heap is back near its baseline', async () => {
    const tools = await registry();
    const round = async (n: number): Promise<void> => {
      for (let i = 0; i < n; i++) {
        const outcome = await tools.dispatch('load.echo', i % 10 === 0 ? { text: 3 } : { text: 'x' }, { caller: i });
        if (outcome.ok === (i % 10 === 0)) throw new Error(`call ${i} came back ${JSON.stringify(outcome)}`);
      }
    };
    await round(20_000);
    gc();
    const baseline = process.memoryUsage().heapUsed;
    await round(200_000);
    gc();
    const growth = process.memoryUsage().heapUsed - baseline;
    expect(growth).toBeLessThan(4 * 1024 * 1024);
  });
});
