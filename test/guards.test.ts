import { injectable } from 'inversify';
import {
  PermissionDeniedError,
  PermissionSet,
  Permissions,
  Tool,
  ToolRegistry,
  toolset,
  toolsModule,
  UseGuards,
  type GuardRequest,
  type Logger,
  type ToolGuard,
} from 'hermes-tools';
import { buildRegistry, definitionProblems } from './support/buildRegistry.js';

const order: string[] = [];
const record =
  (name: string, verdict: boolean | string = true) =>
  (request: GuardRequest) => {
    order.push(`${name}:${request.tool.name}`);
    return verdict;
  };

@injectable()
class Directory {
  readonly admins = new Set(['ann']);
}

@injectable()
class AdminsOnly implements ToolGuard {
  constructor(private readonly directory: Directory) {}
  canActivate({ caller }: GuardRequest): boolean | string {
    order.push('AdminsOnly');
    const user = (caller as { user?: string } | undefined)?.user;
    return user !== undefined && this.directory.admins.has(user)
      ? true
      : `only administrators may use it, and ${String(user)} is not one`;
  }
}

@Tool({ name: 'report', description: 'Builds a report.' })
@UseGuards(record('class'))
class Report {
  @UseGuards(record('method'))
  execute(): string {
    return 'report';
  }
}

@Tool({ name: 'admin.reset', description: 'Resets everything.' })
@UseGuards(AdminsOnly)
class AdminReset {
  execute(): string {
    return 'reset';
  }
}

@Tool({ name: 'flaky', description: 'Guarded by a guard that throws.' })
@UseGuards(() => {
  throw new Error('the directory at ldap://admin:pw@10.0.0.1 is down');
})
class Flaky {
  execute(): string {
    return 'ran';
  }
}

@Tool({ name: 'late', description: 'Guarded by an async guard that rejects.' })
@UseGuards(async () => Promise.reject(new Error('timeout talking to the policy server')))
class Late {
  execute(): string {
    return 'ran';
  }
}

@Tool({ name: 'falsey', description: 'Guarded by a guard that says false.' })
@UseGuards(() => false)
class Falsey {
  execute(): string {
    return 'ran';
  }
}

@Tool({ name: 'fs.read', description: 'Reads.' })
@Permissions('fs:read')
class FsRead {
  execute(): string {
    return 'read';
  }
}

function collectingLogger(): Logger & { errors: unknown[][] } {
  const errors: unknown[][] = [];
  return { errors, debug() {}, info() {}, warn() {}, error: (...args: unknown[]) => void errors.push(args) };
}

describe('guards', () => {
  beforeEach(() => {
    order.length = 0;
  });

  it('run at all four levels, module, toolset, class and method, in that order, before anything else', async () => {
    const { registry } = await buildRegistry(
      toolsModule({ guards: [record('module')] }),
      toolset({ name: 'reports', tools: [Report], guards: [record('toolset')] }),
    );
    await expect(registry.call('report', {})).resolves.toBe('report');
    expect(order).toEqual(['module:report', 'toolset:report', 'class:report', 'method:report']);
  });

  it('deny by reason, in a PermissionDeniedError that ends like the seed says, and stop at the first denial', async () => {
    const { registry } = await buildRegistry(
      toolsModule({ guards: [record('module', 'the workspace is read-only today')] }),
      toolset({ name: 'reports', tools: [Report] }),
    );
    const error = await registry.call('report', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error).toMatchObject({
      code: 'permission_denied',
      retryable: false,
      reason: 'the workspace is read-only today',
    });
    expect((error as Error).message).toBe(
      'report was refused: the workspace is read-only today.\nRetrying with different arguments will not help',
    );
    expect(order).toEqual(['module:report']);
    expect(await registry.dispatch('report', {})).toMatchObject({
      ok: false,
      error: { code: 'permission_denied', reason: 'the workspace is read-only today' },
    });
  });

  it('deny by caller, with an injectable guard class that uses a service from the container', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'admin', tools: [AdminReset] }));
    await expect(registry.call('admin.reset', {}, { caller: { user: 'ann' } })).resolves.toBe('reset');
    await expect(registry.call('admin.reset', {}, { caller: { user: 'bob' } })).rejects.toMatchObject({
      reason: 'only administrators may use it, and bob is not one',
    });
  });

  it('deny on false with a reason the model can read', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'f', tools: [Falsey] }));
    await expect(registry.call('falsey', {})).rejects.toMatchObject({
      code: 'permission_denied',
      reason: 'this caller may not use it',
    });
  });

  it.each([
    ['  only leads may do this  ', 'only leads may do this'],
    ['   ', 'this caller may not use it'],
    ['', 'this caller may not use it'],
  ])('deny on a reason of %p with the reason %p (trimmed; a blank one is no reason)', async (verdict, reason) => {
    const { registry } = await buildRegistry(
      toolset({ name: 'r', tools: [FsRead], granted: PermissionSet.all(), guards: [() => verdict] }),
    );
    await expect(registry.call('fs.read', {})).rejects.toMatchObject({ code: 'permission_denied', reason });
  });

  it('fail closed when a guard throws or rejects, logging its error and never showing it', async () => {
    const logger = collectingLogger();
    const { registry } = await buildRegistry(toolsModule({ logger }), toolset({ name: 'f', tools: [Flaky, Late] }));
    for (const name of ['flaky', 'late']) {
      const outcome = await registry.dispatch(name, {});
      expect(outcome).toMatchObject({
        ok: false,
        error: { code: 'permission_denied', reason: 'access could not be checked' },
      });
      expect(JSON.stringify(outcome)).not.toMatch(/ldap|policy server/);
    }
    expect(logger.errors.map((e) => e[0])).toEqual([
      'hermes-tools: a guard threw, so the call is denied',
      'hermes-tools: a guard threw, so the call is denied',
    ]);
    expect(logger.errors.map((e) => e[1])).toEqual([
      { tool: 'flaky', guard: expect.any(String), error: 'the directory at ldap://admin:pw@10.0.0.1 is down' },
      { tool: 'late', guard: expect.any(String), error: 'timeout talking to the policy server' },
    ]);
  });

  it('keep the seed message for a missing permission: a PermissionSet is one kind of guard', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'fs', tools: [FsRead], granted: PermissionSet.none() }));
    const error = await registry.call('fs.read', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ permission: 'fs:read' });
    expect((error as Error).message).toBe(
      'fs.read requires the "fs:read" permission, which was not granted.\nRetrying with different arguments will not help',
    );
    const asGuard = await buildRegistry(
      toolset({
        name: 'fs',
        tools: [FsRead],
        granted: PermissionSet.all(),
        guards: [PermissionSet.none().grant('net:http')],
      }),
    );
    await expect(asGuard.registry.call('fs.read', {})).rejects.toMatchObject({ permission: 'fs:read' });
    expect(
      PermissionSet.none()
        .grant('fs:*')
        .canActivate({ tool: asGuard.registry.get('fs.read').definition }),
    ).toBe(true);
  });

  it('report something that is not a guard when the registry is built', async () => {
    const problems = await definitionProblems(
      toolsModule({ guards: [42 as never] }),
      toolset({ name: 'r', tools: [Report] }),
    );
    expect(problems).toEqual([
      'toolsModule: 42 is not a guard (a function (request) => boolean | string, a class with canActivate(), an instance of one, or a PermissionSet)',
    ]);
  });

  it('are run again on every call through the registry', async () => {
    let open = true;
    const { registry } = await buildRegistry(
      toolset({ name: 'r', tools: [Report], guards: [() => open || 'closed now'] }),
    );
    await expect(registry.call('report', {})).resolves.toBe('report');
    open = false;
    await expect(registry.call('report', {})).rejects.toMatchObject({ reason: 'closed now' });
    expect(registry).toBeInstanceOf(ToolRegistry);
  });
});
