// A polluted Object.prototype (a vulnerable merge elsewhere in the process, fed a model's JSON) must not become a
// call's caller, permissions or approver: the pipeline reads only the options a caller gave as its own.
import {
  Arg,
  type CallerIdentity,
  PermissionDeniedError,
  PermissionSet,
  Permissions,
  RequiresApproval,
  Tool,
  toolset,
  toolsModule,
  UseGuards,
  type AuditRecord,
  type GuardRequest,
} from 'hermes-tools';
import { toAiSdkTools } from 'hermes-tools/ai';
import { buildRegistry } from '../support/buildRegistry.js';

const ran: string[] = [];

@Tool({ name: 'db.drop', description: 'Drops a table.' })
@Permissions('db:drop')
@UseGuards(({ caller }: GuardRequest) => (caller as { role?: string } | undefined)?.role === 'admin' || 'admins only')
class DropTable {
  execute(@Arg('table') table: string): string {
    ran.push(`drop ${table}`);
    return 'dropped';
  }
}

@Tool({ name: 'mail.send', description: 'Sends a mail.' })
@RequiresApproval('it sends mail on your behalf')
class SendMail {
  execute(@Arg('to') to: string): string {
    ran.push(`mail ${to}`);
    return 'sent';
  }
}

@Tool({ name: 'db.read', description: 'Reads a table.' })
@Permissions('db:read')
class ReadTable {
  execute(@Arg('table') table: string): string {
    ran.push(`read ${table}`);
    return 'rows';
  }
}

@Tool({ name: 'logs.tail', description: 'Returns a long log.', maxResultChars: 300 })
class LongLog {
  execute(): string {
    return 'x'.repeat(1_000);
  }
}

describe('a polluted Object.prototype, polluted once the registry is built', () => {
  const proto = Object.prototype as Record<string, unknown>;
  const pollute = (): void => {
    proto.caller = { role: 'admin' };
    proto.permissions = PermissionSet.none();
    proto.approve = async () => ({ approved: true, by: 'mallory' });
    proto.timeoutMs = 'soon';
  };

  beforeEach(() => {
    ran.length = 0;
  });
  afterEach(() => {
    for (const key of ['caller', 'permissions', 'approve', 'timeoutMs']) delete proto[key];
  });

  it('names no caller: a guard that admits admins only denies a call with no options or {}', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'db', tools: [DropTable], granted: PermissionSet.all() }));
    pollute();
    for (const options of [undefined, {}, { callId: 'c-1' }]) {
      await expect(registry.call('db.drop', { table: 'users' }, options)).rejects.toBeInstanceOf(PermissionDeniedError);
      await expect(registry.get('db.drop').execute({ table: 'users' }, options)).rejects.toBeInstanceOf(PermissionDeniedError);
      expect(await registry.dispatch('db.drop', { table: 'users' }, options)).toMatchObject({ ok: false, error: { code: 'permission_denied' } });
    }
    expect(ran).toEqual([]);
    // The same call, its caller given as its own, is allowed: the guard itself works.
    await expect(registry.call('db.drop', { table: 'users' }, { caller: { role: 'admin' } })).resolves.toBe('dropped');
  });

  it('approves nothing: a tool that needs approval, with none configured, is refused', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'mail', tools: [SendMail] }));
    pollute();
    await expect(registry.call('mail.send', { to: 'a@example.com' }, {})).rejects.toMatchObject({ code: 'approval_denied' });
    await expect(registry.call('mail.send', { to: 'a@example.com' })).rejects.toMatchObject({ code: 'approval_denied' });
    expect(await registry.dispatch('mail.send', { to: 'a@example.com' }, {})).toMatchObject({ ok: false, error: { code: 'approval_denied' } });
    expect(ran).toEqual([]);
  });

  it('narrows no call and sets no time limit: inherited permissions and timeoutMs are not the caller’s', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'db', tools: [ReadTable], granted: PermissionSet.all() }));
    pollute();
    (Object.prototype as Record<string, unknown>).onAccepted = {};
    try {
      await expect(registry.call('db.read', { table: 'users' }, {})).resolves.toBe('rows');
      await expect(registry.call('db.read', { table: 'users' })).resolves.toBe('rows');
      expect(await registry.dispatch('db.read', { table: 'users' }, {})).toMatchObject({ ok: true, value: 'rows' });
    } finally {
      delete (Object.prototype as Record<string, unknown>).onAccepted;
    }
    expect(ran).toEqual(['read users', 'read users', 'read users']);
  });

  it('writes no inherited caller or call id into an audit record, for a tool that exists or not', async () => {
    const records: AuditRecord[] = [];
    const { registry } = await buildRegistry(
      toolsModule({ audit: (record) => void records.push(record) }),
      toolset({ name: 'db', tools: [ReadTable], granted: PermissionSet.all() }),
    );
    pollute();
    (Object.prototype as Record<string, unknown>).callId = 'forged';
    try {
      await registry.call('db.read', { table: 'users' }, {});
      await registry.call('db.read', { table: 'users' });
      await registry.dispatch('db.read', { table: 'users' }, {});
      await expect(registry.call('db.nothing', {}, {})).rejects.toMatchObject({ code: 'tool_not_found' });
      expect(await registry.dispatch('db.nothing', {}, {})).toMatchObject({ ok: false, error: { code: 'tool_not_found' } });
    } finally {
      delete (Object.prototype as Record<string, unknown>).callId;
    }
    expect(records).toHaveLength(5);
    for (const record of records) {
      expect(Object.hasOwn(record, 'caller') ? record.caller : undefined).toBeUndefined();
      expect(record.callId).not.toBe('forged');
    }
  });

  it('names no caller of an AI SDK tool, and none of a caller’s view made without one', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'db', tools: [DropTable], granted: PermissionSet.all() }));
    const tools = toAiSdkTools(registry, { needsApproval: () => false });
    pollute();
    const drop = Object.values(tools)[0]!;
    await expect(drop.execute!({ table: 'users' }, { toolCallId: 'c-1', messages: [] })).rejects.toBeInstanceOf(PermissionDeniedError);
    // A JavaScript caller that leaves the caller out gets a view of nobody, not the polluter's; a polluted timeoutMs stops no listing.
    const view = await registry.forCaller({} as CallerIdentity);
    expect(view.list()).toEqual([]);
    await expect(view.call('db.drop', { table: 'users' })).rejects.toBeInstanceOf(PermissionDeniedError);
    expect(ran).toEqual([]);
    const admin = await registry.forCaller({ caller: { role: 'admin' } });
    expect(admin.list().map((tool) => tool.name)).toEqual(['db.drop']);
  });

  it('hands a result store no inherited owner', async () => {
    const owners: string[] = [];
    const { registry } = await buildRegistry(
      toolsModule({ results: { maxChars: 300, store: { save: (result) => (owners.push(result.owner), 'r1'), load: () => undefined } } }),
      toolset({ name: 'logs', tools: [LongLog] }),
    );
    pollute();
    const outcome = await registry.dispatch('logs.tail', {}, {});
    expect(outcome).toMatchObject({ ok: true, truncated: { id: 'r1' } });
    expect(owners).toHaveLength(1);
    expect(owners[0]).not.toContain('admin');
  });
});
