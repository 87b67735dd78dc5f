import {
  Arg,
  Permissions,
  PermissionDeniedError,
  PermissionSet,
  Tool,
  ToolDefinitionError,
  toolset,
  toolsModule,
  UseInterceptors,
  withPermissions,
  withPermissionsAll,
} from 'hermes-tools';
import { buildRegistry, definitionProblems } from './support/buildRegistry.js';

const events: string[] = [];

@Tool({ name: 'fs.write', description: 'Write a file.' })
@Permissions('fs:read', 'fs:write')
@UseInterceptors((input, _ctx, next) => {
  events.push('interceptor');
  return next(input);
})
class WriteFile {
  execute(@Arg('path') path: string): string {
    events.push('handler');
    return path;
  }
}

@Tool({ name: 'fs.read', description: 'Read a file.' })
@Permissions('fs:read')
class ReadFile {
  execute(@Arg('path') path: string): string {
    return path;
  }
}

beforeEach(() => {
  events.length = 0;
});

describe('PermissionSet', () => {
  it('grants exactly what it lists', () => {
    const set = new PermissionSet(['fs:read']);
    expect(set.allows('fs:read')).toBe(true);
    expect(set.allows('fs:write')).toBe(false);
  });

  it('is immutable: grant returns a copy and leaves the original alone', () => {
    const none = PermissionSet.none();
    const some = none.grant('fs:read');
    expect(some).not.toBe(none);
    expect(none.allows('fs:read')).toBe(false);
    expect(some.allows('fs:read')).toBe(true);
    expect(Object.isFrozen(some)).toBe(true);
  });

  it('lets fs:* cover every action of fs, and no other domain', () => {
    const set = PermissionSet.none().grant('fs:*');
    expect(set.allows('fs:read')).toBe(true);
    expect(set.allows('fs:write')).toBe(true);
    expect(set.allows('fsx:read')).toBe(false);
    expect(set.allows('net:http')).toBe(false);
  });

  it('all() grants everything, none() nothing', () => {
    expect(PermissionSet.all().allows('anything:goes')).toBe(true);
    expect(PermissionSet.none().allows('fs:read')).toBe(false);
  });

  it('keeps "all" through grant(): a copy of all() with more granted still grants everything', () => {
    const more = PermissionSet.all().grant('fs:read');
    expect(more.allows('net:http')).toBe(true);
    expect(more.firstMissing(['net:http', 'db:drop'])).toBeUndefined();
    expect(more.toJSON()).toEqual(['*']);
    expect(PermissionSet.none().grant('fs:read').allows('net:http')).toBe(false);
  });

  it('names the first permission it lacks, in the order asked, and lists its grants sorted', () => {
    const set = PermissionSet.none().grant('net:http', 'fs:read');
    expect(set.firstMissing(['fs:read', 'fs:write', 'db:drop'])).toBe('fs:write');
    expect(set.firstMissing(['fs:read', 'net:http'])).toBeUndefined();
    expect(set.firstMissing([])).toBeUndefined();
    expect(set.toJSON()).toEqual(['fs:read', 'net:http']);
    expect(String(set)).toBe('PermissionSet(fs:read, net:http)');
    expect(String(PermissionSet.all())).toBe('PermissionSet(*)');
  });

  it('as a guard, allows a tool whose every permission is granted, and otherwise names the first missing one', () => {
    const set = PermissionSet.none().grant('fs:read');
    expect(set.canActivate({ tool: { permissions: ['fs:read'] } })).toBe(true);
    expect(set.canActivate({ tool: { permissions: [] } })).toBe(true);
    expect(set.canActivate({ tool: { permissions: ['fs:read', 'fs:write', 'net:http'] } })).toBe(
      'it requires the "fs:write" permission, which was not granted',
    );
  });

  it('lets a domain wildcard cover only permissions of that domain, never a string without one', () => {
    const set = PermissionSet.none().grant('fs:*');
    expect(set.allows('fsx')).toBe(false);
    expect(set.allows('fs')).toBe(false);
  });

  it('refuses a permission that is not a string, and says so as data too', () => {
    const error = (() => {
      try {
        return new PermissionSet(['fs:read', 42 as unknown as string, '*']);
      } catch (e) {
        return e;
      }
    })() as ToolDefinitionError;
    expect(error).toBeInstanceOf(ToolDefinitionError);
    expect(error.details).toEqual([
      { where: 'PermissionSet', code: 'invalid_permission', message: 'a permission must be a string, got number' },
      { where: 'PermissionSet', code: 'invalid_permission', message: expect.stringContaining('"*" is not allowed') },
    ]);
  });

  it.each(['a:b', 'fs:read', 'Fs.Local_2-x:Read.all_2-x', 'fs:*'])('accepts the well-formed %s', (permission) => {
    expect(new PermissionSet([permission]).toJSON()).toEqual([permission]);
  });

  it.each([
    ['*:read', 'never one action across domains'],
    ['*', 'grant everything with PermissionSet.all()'],
    ['fs', 'is not of the form "domain:action"'],
    ['fs:read:x', 'is not of the form "domain:action"'],
    ['fs:', 'invalid action'],
    [':read', 'invalid domain'],
    // Each segment is anchored at both ends: a bad first or last character anywhere is refused.
    ['1fs:read', 'invalid domain "1fs"'],
    ['_fs:read', 'invalid domain "_fs"'],
    ['fs!:read', 'invalid domain "fs!"'],
    ['fs:1read', 'invalid action "1read"'],
    ['fs:-read', 'invalid action "-read"'],
    ['fs:read!', 'invalid action "read!"'],
    ['fs:re ad', 'invalid action "re ad"'],
    ['fs:*x', 'invalid action "*x"'],
  ])('refuses %s at construction, saying why', (permission, why) => {
    expect(() => new PermissionSet([permission])).toThrow(ToolDefinitionError);
    expect(() => new PermissionSet([permission])).toThrow(why);
  });
});

describe('the permission guard', () => {
  it('refuses a missing grant before validation and before any interceptor, with the exact message', async () => {
    const { registry } = await buildRegistry(
      toolset({ name: 'fs', tools: [WriteFile], granted: PermissionSet.none().grant('fs:read') }),
    );
    // Invalid arguments too: the guard answers first.
    const error = await registry.call('fs.write', { wrong: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error).toMatchObject({ code: 'permission_denied', retryable: false, permission: 'fs:write' });
    expect((error as Error).message).toBe(
      'fs.write requires the "fs:write" permission, which was not granted.\nRetrying with different arguments will not help',
    );
    expect(events).toEqual([]);
  });

  it('names the first missing permission in declared order', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'fs', tools: [WriteFile] }));
    expect(await registry.dispatch('fs.write', { path: 'a' })).toMatchObject({
      ok: false,
      error: { code: 'permission_denied', permission: 'fs:read' },
    });
  });

  it('defaults to PermissionSet.none()', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'fs', tools: [ReadFile] }));
    await expect(registry.call('fs.read', { path: 'a' })).rejects.toBeInstanceOf(PermissionDeniedError);
  });

  it('lets a granted call through to interceptors and handler', async () => {
    const { registry } = await buildRegistry(
      toolsModule(),
      toolset({ name: 'fs', tools: [WriteFile], granted: PermissionSet.none().grant('fs:*') }),
    );
    await expect(registry.call('fs.write', { path: 'a' })).resolves.toBe('a');
    expect(events).toEqual(['interceptor', 'handler']);
  });
});

describe('declared permissions', () => {
  it('are exact actions: a tool that declares a wildcard is refused when the registry is built', async () => {
    @Tool({ name: 'fs.any', description: 'Asks for every fs action.' })
    @Permissions('fs:*')
    class AnyFs {
      execute(): string {
        return 'x';
      }
    }
    expect(await definitionProblems(toolset({ name: 'fs', tools: [AnyFs] }))).toEqual([
      expect.stringContaining('"fs:*" is a wildcard; a tool declares the exact actions it needs'),
    ]);
  });
});

describe('withPermissions', () => {
  it('adds a guard to a RegisteredTool, on top of its toolset grant', async () => {
    const { registry } = await buildRegistry(
      toolset({ name: 'fs', tools: [ReadFile, WriteFile], granted: PermissionSet.all() }),
    );
    const read = registry.get('fs.read');
    const guarded = withPermissions(read, PermissionSet.none());
    await expect(read.execute({ path: 'a' })).resolves.toBe('a');
    await expect(guarded.execute({ path: 'a' })).rejects.toThrow(
      'fs.read requires the "fs:read" permission, which was not granted.',
    );
    const all = withPermissionsAll([read, registry.get('fs.write')], PermissionSet.none().grant('fs:read'));
    await expect(all[0]!.execute({ path: 'a' })).resolves.toBe('a');
    await expect(all[1]!.execute({ path: 'a' })).rejects.toMatchObject({ permission: 'fs:write' });
    expect(events).toEqual([]);
  });

  it('refuses something that is not a RegisteredTool', () => {
    expect(() => withPermissions({ name: 'fake' } as never, PermissionSet.all())).toThrow(
      'fake is not a RegisteredTool from hermes-tools',
    );
  });
});
