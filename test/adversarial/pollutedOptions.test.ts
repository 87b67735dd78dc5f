// A polluted Object.prototype (a vulnerable merge elsewhere in the process, fed a model's JSON) must not become a
// call's caller, permissions or approver: the pipeline reads only the options a caller gave as its own.
import {
  Arg,
  type CallerIdentity,
  Requires,
  ToolRegistry,
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
import { toOpenAITools } from 'hermes-tools/providers';
import { Container } from 'inversify';
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
      await expect(registry.get('db.drop').execute({ table: 'users' }, options)).rejects.toBeInstanceOf(
        PermissionDeniedError,
      );
      expect(await registry.dispatch('db.drop', { table: 'users' }, options)).toMatchObject({
        ok: false,
        error: { code: 'permission_denied' },
      });
    }
    expect(ran).toEqual([]);
    // The same call, its caller given as its own, is allowed: the guard itself works.
    await expect(registry.call('db.drop', { table: 'users' }, { caller: { role: 'admin' } })).resolves.toBe('dropped');
  });

  it('approves nothing: a tool that needs approval, with none configured, is refused', async () => {
    const { registry } = await buildRegistry(toolset({ name: 'mail', tools: [SendMail] }));
    pollute();
    await expect(registry.call('mail.send', { to: 'a@example.com' }, {})).rejects.toMatchObject({
      code: 'approval_denied',
    });
    await expect(registry.call('mail.send', { to: 'a@example.com' })).rejects.toMatchObject({
      code: 'approval_denied',
    });
    expect(await registry.dispatch('mail.send', { to: 'a@example.com' }, {})).toMatchObject({
      ok: false,
      error: { code: 'approval_denied' },
    });
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
      expect(await registry.dispatch('db.nothing', {}, {})).toMatchObject({
        ok: false,
        error: { code: 'tool_not_found' },
      });
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
    await expect(drop.execute!({ table: 'users' }, { toolCallId: 'c-1', messages: [] })).rejects.toBeInstanceOf(
      PermissionDeniedError,
    );
    // A JavaScript caller that leaves the caller out gets a view of nobody, not the polluter's; a polluted timeoutMs
    // stops no listing.
    const view = await registry.forCaller({} as CallerIdentity);
    expect(view.list().map((tool) => tool.name)).toEqual(['results.read']);
    await expect(view.call('db.drop', { table: 'users' })).rejects.toBeInstanceOf(PermissionDeniedError);
    expect(ran).toEqual([]);
    const admin = await registry.forCaller({ caller: { role: 'admin' } });
    expect(admin.list().map((tool) => tool.name)).toEqual(['db.drop', 'results.read']);
  });

  it('hands a result store no inherited owner', async () => {
    const owners: string[] = [];
    const { registry } = await buildRegistry(
      toolsModule({
        results: {
          maxChars: 300,
          store: { save: (result) => (owners.push(result.owner), 'r1'), load: () => undefined },
        },
      }),
      toolset({ name: 'logs', tools: [LongLog] }),
    );
    pollute();
    const outcome = await registry.dispatch('logs.tail', {}, {});
    expect(outcome).toMatchObject({ ok: true, truncated: { id: 'r1' } });
    expect(owners).toHaveLength(1);
    expect(owners[0]).not.toContain('admin');
  });
});

@Tool({ name: 'logs.huge', description: 'Returns a log of 200,000 characters.' })
class HugeLog {
  execute(): string {
    return 'x'.repeat(200_000);
  }
}

@Tool({ name: 'math.double', description: 'Doubles a number.' })
class Double {
  execute(@Arg('n') n: number): number {
    return n * 2;
  }
}

@Tool({ name: 'env.shown', description: 'Available once HERMES_POLLUTION_TEST is set.' })
@Requires({ env: ['HERMES_POLLUTION_TEST'] })
class EnvShown {
  execute(): string {
    return 'shown';
  }
}

const registryOf = async (...modules: Parameters<typeof buildRegistry>): Promise<ToolRegistry> =>
  (await buildRegistry(...modules)).registry;

describe('a polluted Object.prototype, polluted before the tools are declared and the registry is built', () => {
  const proto = Object.prototype as Record<string, unknown>;
  /** Runs `build` with `polluted` set on Object.prototype, and removes every key again, whatever happens. */
  async function whilePolluted<T>(polluted: Record<string, unknown>, build: () => T | Promise<T>): Promise<T> {
    Object.assign(proto, polluted);
    try {
      return await build();
    } finally {
      for (const key of Object.keys(polluted)) delete proto[key];
    }
  }
  beforeEach(() => {
    ran.length = 0;
  });

  it('grants a toolset nothing: Object.prototype.granted does not let a tool run that the baseline denies', async () => {
    const registry = await whilePolluted({ granted: PermissionSet.all() }, () =>
      registryOf(toolset({ name: 'db', tools: [ReadTable] })),
    );
    await expect(registry.call('db.read', { table: 'users' })).rejects.toBeInstanceOf(PermissionDeniedError);
    expect(ran).toEqual([]);
  });

  it('approves nothing: Object.prototype.approvals does not approve a @RequiresApproval tool, with toolsModule or without', async () => {
    const approvals = { approve: () => true, when: () => false, timeoutMs: 1 };
    for (const modules of [[], [toolsModule()], [toolsModule({})]]) {
      const registry = await whilePolluted({ approvals }, () =>
        registryOf(...modules, toolset({ name: 'mail', tools: [SendMail] })),
      );
      await expect(registry.call('mail.send', { to: 'a@example.com' })).rejects.toMatchObject({
        code: 'approval_denied',
      });
    }
    // Nor an inherited approve inside the module's own approvals.
    const registry = await whilePolluted({ approve: () => true }, () =>
      registryOf(toolsModule({ approvals: {} }), toolset({ name: 'mail', tools: [SendMail] })),
    );
    await expect(registry.call('mail.send', { to: 'a@example.com' })).rejects.toMatchObject({
      code: 'approval_denied',
    });
    expect(ran).toEqual([]);
  });

  it('changes no module option: inherited results, coerce, guards and audit are not the module’s', async () => {
    const records: unknown[] = [];
    const polluted = {
      results: false,
      coerce: true,
      guards: [() => 'polluted guard'],
      audit: (record: unknown) => void records.push(record),
    };
    const registry = await whilePolluted(polluted, () =>
      registryOf(toolsModule({}), toolset({ name: 'm', tools: [HugeLog, Double] })),
    );
    const huge = await registry.dispatch('logs.huge', {});
    expect(huge).toMatchObject({ ok: true, truncated: { totalChars: 200_002 } });
    expect(await registry.dispatch('math.double', { n: '21' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(await registry.call('math.double', { n: 21 })).toBe(42);
    expect(records).toEqual([]);
  });

  it('sets no @Tool, @Arg or @Requires option: an inherited budget, optional or check changes nothing', async () => {
    process.env.HERMES_POLLUTION_TEST = 'yes';
    try {
      const polluted = { maxResultChars: 10_000_000, optional: true, default: 1, check: () => false };
      const registry = await whilePolluted(polluted, () =>
        registryOf(toolset({ name: 'm', tools: [HugeLog, Double, EnvShown] })),
      );
      expect(await registry.dispatch('logs.huge', {})).toMatchObject({ ok: true, truncated: { totalChars: 200_002 } });
      expect(await registry.dispatch('math.double', {})).toMatchObject({
        ok: false,
        error: { code: 'invalid_input', issues: [{ path: 'n' }] },
      });
      expect(registry.list().map((tool) => tool.name)).toContain('env.shown');
    } finally {
      delete process.env.HERMES_POLLUTION_TEST;
    }
  });

  it('asks the AI SDK user still: an inherited needsApproval, caller or filter is not the app’s', async () => {
    const registry = await registryOf(toolset({ name: 'mail', tools: [SendMail] }));
    const tools = await whilePolluted(
      { needsApproval: () => false, filter: { toolsets: ['none'] }, names: 'registry' },
      () => toAiSdkTools(registry),
    );
    expect(Object.keys(tools)).toEqual(['mail_send', 'results_read']);
    expect(tools.mail_send!.needsApproval).toBe(true);
  });

  it('keeps OpenAI strict mode on: an inherited strict or api is not the app’s', async () => {
    const registry = await registryOf(toolset({ name: 'm', tools: [Double] }));
    const openai = await whilePolluted({ strict: false, api: 'responses' }, () =>
      toOpenAITools(registry.definitions()),
    );
    expect(openai.tools.map((tool) => [tool.type, tool.function.name, tool.function.strict])).toContainEqual([
      'function',
      'math_double',
      true,
    ]);
  });
});

describe('declaration options a user misspelt', () => {
  const problemsOf = async (...modules: Parameters<typeof buildRegistry>): Promise<readonly string[]> => {
    const container = new Container();
    try {
      await container.load(...modules);
      container.get(ToolRegistry);
    } catch (error) {
      return (error as { problems?: readonly string[] }).problems ?? [String(error)];
    }
    throw new Error('expected the build to fail');
  };

  it('are refused in toolset and toolsModule, naming the key and the known ones', async () => {
    const grant = { grnated: PermissionSet.all() } as object;
    expect(await problemsOf(toolset({ name: 'db', tools: [ReadTable], ...grant }))).toEqual([
      'toolset "db": unknown option "grnated" (known: name, tools, granted, guards, interceptors, scope, declarations, feed)',
    ]);
    const misspelt = { aprovals: {}, results: { maxChar: 500 }, approvals: { aprove: () => true } } as object;
    expect(await problemsOf(toolsModule(misspelt), toolset({ name: 'db', tools: [ReadTable] }))).toEqual([
      'toolsModule: unknown option "aprovals" (known: interceptors, guards, approvals, questions, audit, results, content, timeoutMs, coerce, limits, logger, types)',
      'toolsModule approvals: unknown option "aprove" (known: approve, when, timeoutMs)',
      'toolsModule results: unknown option "maxChar" (known: maxChars, store)',
    ]);
  });

  it('are refused in @Tool and @Arg, and toAiSdkTools throws on one', async () => {
    @Tool({ name: 'misspelt', description: 'Has misspelt options.', destrutive: true } as Parameters<typeof Tool>[0])
    class Misspelt {
      execute(@Arg('n', { optinal: true } as Parameters<typeof Arg>[1]) n: number): number {
        return n;
      }
    }
    expect(await problemsOf(toolset({ name: 'm', tools: [Misspelt] }))).toEqual([
      expect.stringMatching(/^Misspelt\.execute: @Tool: unknown option "destrutive" \(known: name, description, /),
      expect.stringMatching(
        /^Misspelt\.execute @Arg\('n'\): @Arg: unknown option "optinal" \(known: description, optional, /,
      ),
    ]);
    const registry = await registryOf(toolset({ name: 'db', tools: [ReadTable] }));
    expect(() => toAiSdkTools(registry, { needsAproval: () => false } as object)).toThrow(
      'toAiSdkTools: unknown option "needsAproval"',
    );
    expect(() => toOpenAITools(registry.definitions(), { strikt: false } as object)).toThrow(
      'toOpenAITools: unknown option "strikt"',
    );
  });
});
