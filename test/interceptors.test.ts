import { Container, inject, injectable } from 'inversify';
import {
  Arg,
  Ctx,
  PermissionSet,
  Tool,
  ToolExecutionError,
  ToolRegistry,
  toolset,
  toolsModule,
  UseInterceptors,
  withMiddleware,
  type NextFunction,
  type ToolContext,
  type ToolInterceptor,
  type ToolMiddleware,
} from 'hermes-tools';
import { buildRegistry } from './support/buildRegistry.js';

const trace: string[] = [];
const mark =
  (label: string): ToolMiddleware =>
  async (input, _ctx, next) => {
    trace.push(`${label}>`);
    const result = await next(input);
    trace.push(`<${label}`);
    return result;
  };

@injectable()
class AuditLog {
  readonly entries: string[] = [];
}

@injectable()
class AuditInterceptor implements ToolInterceptor {
  constructor(@inject(AuditLog) private readonly log: AuditLog) {}
  async intercept(input: unknown, ctx: ToolContext, next: NextFunction): Promise<unknown> {
    trace.push('audit>');
    this.log.entries.push(`${ctx.tool} ${JSON.stringify(input)}`);
    const result = await next();
    trace.push('<audit');
    return result;
  }
}

@Tool({ name: 'echo', description: 'Echo a text.' })
@UseInterceptors(mark('class1'), mark('class2'))
class Echo {
  @UseInterceptors(mark('never-used-on-execute-of-class-tool'))
  other(): void {}

  execute(@Arg('text', { default: 'hi' }) text: string, @Ctx() ctx: ToolContext): string {
    trace.push('handler');
    return `${text} from ${ctx.tool}`;
  }
}

@injectable()
class Service {
  @Tool({ name: 'svc.upper', description: 'Upper-case a text.' })
  @UseInterceptors(mark('method'))
  upper(@Arg('text') text: string): string {
    trace.push('handler');
    return text.toUpperCase();
  }
}

beforeEach(() => {
  trace.length = 0;
});

describe('interceptors', () => {
  it('run toolsModule → toolset → class → method, the first listed outermost, with validated input', async () => {
    const container = new Container();
    container.bind(AuditLog).toSelf().inSingletonScope();
    await container.load(
      toolsModule({ interceptors: [AuditInterceptor, mark('module')] }),
      toolset({ name: 'a', tools: [Echo], granted: PermissionSet.all(), interceptors: [mark('toolset')] }),
    );
    const registry = container.get(ToolRegistry);
    await expect(registry.call('echo', {})).resolves.toBe('hi from echo');
    expect(trace).toEqual([
      'audit>',
      'module>',
      'toolset>',
      'class1>',
      'class2>',
      'handler',
      '<class2',
      '<class1',
      '<toolset',
      '<module',
      '<audit',
    ]);
    expect(container.get(AuditLog).entries).toEqual(['echo {"text":"hi"}']);
  });

  it('put class-level ones outside method-level ones on method tools', async () => {
    const { registry } = await buildRegistry(
      toolset({ name: 's', tools: [Service], granted: PermissionSet.all(), interceptors: [mark('toolset')] }),
    );
    await expect(registry.call('svc.upper', { text: 'a' })).resolves.toBe('A');
    expect(trace).toEqual(['toolset>', 'method>', 'handler', '<method', '<toolset']);
  });

  it('can short-circuit, change the input and the result, and catch errors', async () => {
    const shortCircuit: ToolMiddleware = () => 'cached';
    const rewrite: ToolMiddleware = async (_input, ctx, next) => `${String(await next({ text: 'changed' }, ctx))}!`;
    const rescue: ToolMiddleware = async (_input, _ctx, next) => next().catch(() => 'rescued');
    const { registry } = await buildRegistry(toolset({ name: 'a', tools: [Echo], granted: PermissionSet.all() }));
    const echo = registry.get('echo');
    await expect(withMiddleware(echo, [shortCircuit]).execute({})).resolves.toBe('cached');
    expect(trace).toEqual([]);
    await expect(withMiddleware(echo, [rewrite]).execute({ text: 'x' })).resolves.toBe('changed from echo!');
    const failing = withMiddleware(echo, [
      rescue,
      () => {
        throw new Error('inner');
      },
    ]);
    await expect(failing.execute({})).resolves.toBe('rescued');
  });

  it('turn a second next() into an execution error, never a second run', async () => {
    const twice: ToolMiddleware = async (_input, _ctx, next) => {
      await next();
      return next();
    };
    const { registry } = await buildRegistry(toolset({ name: 'a', tools: [Echo], granted: PermissionSet.all() }));
    const error = await withMiddleware(registry.get('echo'), [twice])
      .execute({})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolExecutionError);
    expect((error as Error).message).toBe('echo failed: an interceptor called next() more than once');
    expect(trace.filter((t) => t === 'handler')).toHaveLength(1);
  });

  it('turn an interceptor that throws into execution_failed', async () => {
    const { registry } = await buildRegistry(
      toolset({
        name: 'a',
        tools: [Echo],
        granted: PermissionSet.all(),
        interceptors: [
          () => {
            throw new TypeError('broken interceptor');
          },
        ],
      }),
    );
    expect(await registry.dispatch('echo', {})).toMatchObject({
      ok: false,
      error: { code: 'execution_failed', message: 'echo failed: broken interceptor' },
    });
  });
});
