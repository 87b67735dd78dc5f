import { PermissionSet, Permissions, Tool, toolset, UseGuards, type GuardRequest } from 'hermes-tools';
import { buildRegistry } from './support/buildRegistry.js';

@Tool({ name: 'fs.read', description: 'Reads a file.' })
@Permissions('fs:read')
class FsRead {
  execute(): string {
    return 'read';
  }
}

@Tool({ name: 'fs.write', description: 'Writes a file.' })
@Permissions('fs:write')
class FsWrite {
  execute(): string {
    return 'written';
  }
}

@Tool({ name: 'net.fetch', description: 'Fetches a URL.' })
@Permissions('net:http')
class NetFetch {
  execute(): string {
    return 'fetched';
  }
}

let teamOpen = true;

@Tool({ name: 'team.notes', description: 'Reads the team notes.' })
@UseGuards(async ({ caller }: GuardRequest) => {
  await new Promise((resolve) => setImmediate(resolve));
  return teamOpen && (caller as { team?: string } | undefined)?.team === 'blue'
    ? true
    : 'only the blue team may read its notes';
})
class TeamNotes {
  execute(): string {
    return 'notes';
  }
}

async function registry() {
  return (
    await buildRegistry(
      toolset({ name: 'fs', tools: [FsRead, FsWrite], granted: PermissionSet.none().grant('fs:*') }),
      toolset({ name: 'net', tools: [NetFetch], granted: PermissionSet.none() }),
      toolset({ name: 'team', tools: [TeamNotes], granted: PermissionSet.all() }),
    )
  ).registry;
}

describe("the caller's own permissions", () => {
  it('narrow the toolset grant', async () => {
    const r = await registry();
    const reader = PermissionSet.none().grant('fs:read');
    await expect(r.call('fs.read', {}, { permissions: reader })).resolves.toBe('read');
    await expect(r.call('fs.write', {}, { permissions: reader })).rejects.toMatchObject({
      code: 'permission_denied',
      permission: 'fs:write',
    });
  });

  it('never widen it', async () => {
    const r = await registry();
    await expect(r.call('net.fetch', {}, { permissions: PermissionSet.all() })).rejects.toMatchObject({
      code: 'permission_denied',
      permission: 'net:http',
    });
  });

  it("are asked after the toolset grant: a tool the grant refuses names the grant's missing permission", async () => {
    @Tool({ name: 'fs.move', description: 'Moves a file.' })
    @Permissions('fs:read', 'net:http')
    class FsMove {
      execute(): string {
        return 'moved';
      }
    }
    const { registry: r } = await buildRegistry(
      toolset({ name: 'mv', tools: [FsMove], granted: PermissionSet.none().grant('fs:read') }),
    );
    // The caller lacks fs:read, the grant lacks net:http: the grant, decided once, answers first.
    await expect(r.call('fs.move', {}, { permissions: PermissionSet.none().grant('net:http') })).rejects.toMatchObject({
      code: 'permission_denied',
      permission: 'net:http',
    });
  });

  it('must be a PermissionSet', async () => {
    const r = await registry();
    await expect(r.call('fs.read', {}, { permissions: ['fs:read'] as never })).rejects.toThrow(
      'CallOptions.permissions must be a PermissionSet',
    );
  });
});

describe('forCaller', () => {
  beforeEach(() => {
    teamOpen = true;
  });

  it('lists only what the caller may call, by permissions and by async guards', async () => {
    const r = await registry();
    const ann = await r.forCaller({
      caller: { user: 'ann', team: 'blue' },
      permissions: PermissionSet.none().grant('fs:read', 'net:http'),
    });
    const bob = await r.forCaller({ caller: { user: 'bob', team: 'red' }, permissions: PermissionSet.all() });
    expect(ann.list().map((t) => t.name)).toEqual(['fs.read', 'team.notes', 'results.read']);
    expect(bob.definitions().map((d) => d.name)).toEqual(['fs.read', 'fs.write', 'results.read']);
    expect(r.list().map((t) => t.name)).toEqual(['fs.read', 'fs.write', 'net.fetch', 'team.notes', 'results.read']);
  });

  it('carries its identity on every call, whatever the call options say', async () => {
    const r = await registry();
    const bob = await r.forCaller({
      caller: { user: 'bob', team: 'red' },
      permissions: PermissionSet.none().grant('fs:read'),
    });
    await expect(bob.call('team.notes', {}, { caller: { team: 'blue' } })).rejects.toMatchObject({
      reason: 'only the blue team may read its notes',
    });
    await expect(bob.call('fs.write', {}, { permissions: PermissionSet.all() })).rejects.toMatchObject({
      permission: 'fs:write',
    });
    await expect(bob.call('fs.read', {})).resolves.toBe('read');
  });

  it('denies (not "not found") a call to a tool it does not list, and suggests only what it lists', async () => {
    const r = await registry();
    const bob = await r.forCaller({ caller: { team: 'red' }, permissions: PermissionSet.none().grant('fs:read') });
    expect(await bob.dispatch('fs.write', {})).toMatchObject({ ok: false, error: { code: 'permission_denied' } });
    const notFound = await bob.dispatch('fs.writ', {});
    expect(notFound).toMatchObject({ ok: false, error: { code: 'tool_not_found' } });
    expect(JSON.stringify(notFound)).not.toContain('fs.write');
  });

  it('hides what it does not list from get and has too, while a call by name is still denied', async () => {
    const r = await registry();
    const bob = await r.forCaller({ caller: { team: 'red' }, permissions: PermissionSet.none().grant('fs:read') });
    expect(bob.has('fs.write')).toBe(false);
    expect(() => bob.get('fs.write')).toThrow('There is no tool named "fs.write"');
    expect(bob.has('fs.read')).toBe(true);
    expect(bob.get('fs.read').definition.name).toBe('fs.read');
    await expect(bob.call('fs.write', {})).rejects.toMatchObject({ code: 'permission_denied' });
  });

  it('runs the guards again on each call', async () => {
    const r = await registry();
    const ann = await r.forCaller({ caller: { team: 'blue' } });
    expect(ann.list().map((t) => t.name)).toContain('team.notes');
    teamOpen = false;
    await expect(ann.call('team.notes', {})).rejects.toMatchObject({ code: 'permission_denied' });
  });

  it("keeps a narrower view of a view inside the caller's listing", async () => {
    const r = await registry();
    const ann = await r.forCaller({ caller: { team: 'blue' }, permissions: PermissionSet.none().grant('fs:read') });
    expect(
      ann
        .view({ toolsets: ['fs'] })
        .list()
        .map((t) => t.name),
    ).toEqual(['fs.read']);
  });
});
