import { Container, injectable } from 'inversify';
import {
  Arg,
  Ctx,
  PermissionSet,
  Permissions,
  Requires,
  Tool,
  ToolRegistry,
  toolset,
  toolsModule,
  type AuditRecord,
  type AuditSink,
  type Logger,
  type ToolContext,
} from 'hermes-tools';
import { buildRegistry } from './support/buildRegistry.js';

@Tool({ name: 'echo', description: 'Echoes.' })
class Echo {
  execute(@Arg('text') text: string): string {
    return text;
  }
}

@Tool({ name: 'whoami.call', description: 'Answers the id of its own call.' })
class OwnCallId {
  execute(@Ctx() ctx: ToolContext): string {
    return ctx.callId;
  }
}

@Tool({ name: 'vault.open', description: 'Opens the vault.' })
@Permissions('vault:open')
class OpenVault {
  execute(): string {
    return 'open';
  }
}

@Tool({ name: 'gone', description: 'Never available.' })
@Requires({ env: ['HERMES_AUDIT_NEVER_SET'] })
class Gone {
  execute(): string {
    return 'x';
  }
}

@Tool({ name: 'drop', description: 'Drops things.', destructive: true })
class Drop {
  execute(@Arg('what') what: string): string {
    return `dropped ${what}`;
  }
}

@Tool({ name: 'boom', description: 'Throws.' })
class Boom {
  execute(): never {
    throw new Error('boom');
  }
}

@Tool({ name: 'stuck', description: 'Never answers.', timeoutMs: 5 })
class Stuck {
  execute(): Promise<never> {
    return new Promise(() => undefined);
  }
}

@Tool({ name: 'bad.output', description: 'Returns the wrong shape.', output: { type: 'object' } })
class BadOutput {
  execute(): number {
    return 1;
  }
}

@injectable()
class MemorySink implements AuditSink {
  readonly records: AuditRecord[] = [];
  record(record: AuditRecord): void {
    this.records.push(record);
  }
}

const approve = ({ input }: { input: unknown }) => {
  const what = (input as { what: string }).what;
  return what === 'logs'
    ? { approved: true, by: 'ann' }
    : { approved: false, by: 'bob', reason: `${what} is not ours to drop` };
};

function logger(): Logger & { errors: string[]; meta: unknown[] } {
  const errors: string[] = [];
  const meta: unknown[] = [];
  return {
    errors,
    meta,
    debug() {},
    info() {},
    warn() {},
    error: (m: string, data?: unknown) => {
      errors.push(m);
      meta.push(data);
    },
  };
}

@Tool({ name: 'cyclic', description: 'Returns what cannot be JSON.' })
class Cyclic {
  execute(@Arg('kind') kind: string): unknown {
    if (kind === 'bigint') return { n: 1n };
    const self: Record<string, unknown> = {};
    self.self = self;
    return self;
  }
}

describe('the audit trail', () => {
  it('receives exactly one record per call, for every outcome, over 1,000 concurrent mixed calls', async () => {
    const container = new Container();
    container.bind(MemorySink).toSelf().inSingletonScope();
    await container.load(
      toolsModule({ audit: MemorySink, approvals: { approve } }),
      toolset({
        name: 'a',
        tools: [Echo, OpenVault, Gone, Drop, Boom, Stuck, BadOutput],
        granted: PermissionSet.none(),
      }),
    );
    const registry = container.get(ToolRegistry);
    const calls: [string, unknown][] = [
      ['echo', { text: 'hi' }],
      ['nope', {}],
      ['gone', {}],
      ['vault.open', {}],
      ['echo', { text: 5 }],
      ['drop', { what: 'logs' }],
      ['drop', { what: 'users' }],
      ['boom', {}],
      ['stuck', {}],
      ['bad.output', {}],
      ['echo', { text: 'cancelled' }],
    ];
    const aborted = new AbortController();
    aborted.abort();
    const outcomes = await Promise.all(
      Array.from({ length: 1_000 }, (_, i) => {
        const [name, args] = calls[i % calls.length]!;
        const cancelled = (args as { text?: string }).text === 'cancelled';
        return registry.dispatch(name, args, {
          callId: `c${i}`,
          caller: { user: `u${i % 7}` },
          ...(cancelled && { signal: aborted.signal }),
        });
      }),
    );
    const records = container.get(MemorySink).records;
    expect(records).toHaveLength(1_000);
    expect(new Set(records.map((r) => r.callId)).size).toBe(1_000);
    const byId = new Map(records.map((r) => [r.callId, r]));
    outcomes.forEach((outcome, i) => {
      const record = byId.get(`c${i}`)!;
      expect(record.outcome).toBe(outcome.ok ? 'ok' : outcome.error.code);
      expect(record.caller).toEqual({ user: `u${i % 7}` });
    });
    expect(new Set(records.map((r) => r.outcome))).toEqual(
      new Set([
        'ok',
        'tool_not_found',
        'tool_unavailable',
        'permission_denied',
        'invalid_input',
        'approval_denied',
        'execution_failed',
        'timeout',
        'invalid_output',
        'aborted',
      ]),
    );
  });

  it('says what was checked and what was decided, and by whom', async () => {
    const records: AuditRecord[] = [];
    const { registry } = await buildRegistry(
      toolsModule({ audit: (r) => void records.push(r), approvals: { approve } }),
      toolset({ name: 'a', tools: [OpenVault, Drop, Gone], granted: PermissionSet.none() }),
    );
    await registry.dispatch('vault.open', {}, { caller: 'eve' });
    await registry.dispatch('drop', { what: 'logs' }, { caller: 'ann' });
    await registry.dispatch('drop', { what: 'users' }, { caller: 'ann' });
    await registry.dispatch('gone', {});
    expect(records[0]).toMatchObject({
      tool: 'vault.open',
      toolset: 'a',
      caller: 'eve',
      permissions: ['vault:open'],
      access: 'denied',
      reason: 'the "vault:open" permission was not granted',
      outcome: 'permission_denied',
    });
    expect(records[1]).toMatchObject({
      tool: 'drop',
      access: 'allowed',
      approval: { approved: true, by: 'ann' },
      outcome: 'ok',
    });
    expect(records[2]).toMatchObject({
      approval: { approved: false, by: 'bob', reason: 'users is not ours to drop' },
      outcome: 'approval_denied',
    });
    expect(Number.isNaN(Date.parse(records[0]!.time))).toBe(false);
    expect(records[3]).toMatchObject({ tool: 'gone', access: 'not_checked', outcome: 'tool_unavailable' });
    // Only what was decided: no reason where access was allowed, no approval where none was asked.
    expect('reason' in records[1]!).toBe(false);
    expect('approval' in records[0]!).toBe(false);
    expect(records.every((r) => typeof r.durationMs === 'number' && !('arguments' in r) && !('result' in r))).toBe(
      true,
    );
  });

  it('records the same for registry.call as for dispatch, with a duration within the call', async () => {
    const records: AuditRecord[] = [];
    const { registry } = await buildRegistry(
      toolsModule({ audit: (r) => void records.push(r) }),
      toolset({ name: 'a', tools: [Echo, Boom] }),
    );
    const before = performance.now();
    await expect(registry.call('echo', { text: 'hi' }, { callId: 'c1' })).resolves.toBe('hi');
    await expect(registry.call('boom', {}, { callId: 'c2' })).rejects.toMatchObject({ code: 'execution_failed' });
    const elapsed = performance.now() - before;
    expect(records.map((r) => [r.tool, r.callId, r.access, r.outcome])).toEqual([
      ['echo', 'c1', 'allowed', 'ok'],
      ['boom', 'c2', 'allowed', 'execution_failed'],
    ]);
    for (const r of records) {
      expect(r.durationMs).toBeGreaterThanOrEqual(0);
      expect(r.durationMs).toBeLessThanOrEqual(elapsed);
    }
  });

  it('gives an audited call without a callId one id, the same in its record and in its context', async () => {
    const records: AuditRecord[] = [];
    const { registry } = await buildRegistry(
      toolsModule({ audit: { sink: (r) => void records.push(r) } }),
      toolset({ name: 'a', tools: [OwnCallId] }),
    );
    const seen = [await registry.call('whoami.call', {}), await registry.call('whoami.call', {})];
    expect(records.map((r) => r.callId)).toEqual(seen);
    expect(seen[0]).not.toBe(seen[1]);
    expect(await registry.call('whoami.call', {}, { callId: 'given-id' })).toBe('given-id');
    expect(records[2]!.callId).toBe('given-id');
    // dispatch names the call in its outcome: the id the tool saw.
    const outcome = await registry.dispatch('whoami.call', {});
    expect(outcome).toMatchObject({ ok: true, value: outcome.callId });
    expect(records[3]!.callId).toBe(outcome.callId);
  });

  it('records a result only for a call that succeeded, and names why one is not JSON', async () => {
    const records: AuditRecord[] = [];
    const { registry } = await buildRegistry(
      toolsModule({ audit: { sink: (r) => void records.push(r), captureArguments: true } }),
      toolset({ name: 'a', tools: [Echo, Boom, Cyclic] }),
    );
    await registry.dispatch('echo', { text: 5 });
    await registry.dispatch('boom', {});
    await registry.call('cyclic', { kind: 'cycle' });
    await registry.call('cyclic', { kind: 'bigint' });
    expect(records[0]).toMatchObject({ outcome: 'invalid_input', arguments: '{"text":5}' });
    expect(records[1]).toMatchObject({ outcome: 'execution_failed', arguments: '{}' });
    expect('result' in records[0]!).toBe(false);
    expect('result' in records[1]!).toBe(false);
    expect(records[2]).toMatchObject({ outcome: 'ok', result: '(not JSON: it contains a cycle)' });
    expect(records[3]).toMatchObject({ outcome: 'ok', result: '(not JSON: it contains a BigInt)' });
  });

  it('carries redacted arguments and results only when asked to', async () => {
    process.env.HERMES_AUDIT_SECRET = 'audit-secret-value-42';
    try {
      const records: AuditRecord[] = [];
      const { registry } = await buildRegistry(
        toolsModule({ audit: { sink: (r) => void records.push(r), captureArguments: true } }),
        toolset({ name: 'a', tools: [Echo] }),
      );
      await registry.dispatch('echo', { text: `key ${process.env.HERMES_AUDIT_SECRET}` });
      expect(records[0]).toMatchObject({ arguments: '{"text":"key [redacted]"}', result: '"key [redacted]"' });
    } finally {
      delete process.env.HERMES_AUDIT_SECRET;
    }
  });

  it('keeps arguments and results of 16,000 characters of JSON whole, and cuts longer ones to 16,000', async () => {
    const records: AuditRecord[] = [];
    const { registry } = await buildRegistry(
      toolsModule({ audit: { sink: (r) => void records.push(r), captureArguments: true } }),
      toolset({ name: 'a', tools: [Echo] }),
    );
    const audited = async (length: number) => {
      await registry.dispatch('echo', { text: 'a'.repeat(length) });
      return records.at(-1)!;
    };
    const cut = (json: string) => `${json.slice(0, 16_000)}…`;
    // The arguments {"text":"…"} are 11 characters more than the text, the result "…" 2 more.
    expect((await audited(15_988)).arguments).toBe(JSON.stringify({ text: 'a'.repeat(15_988) }));
    expect((await audited(15_989)).arguments).toBe(JSON.stringify({ text: 'a'.repeat(15_989) }));
    expect((await audited(15_990)).arguments).toBe(cut(JSON.stringify({ text: 'a'.repeat(15_990) })));
    expect((await audited(15_998)).result).toBe(JSON.stringify('a'.repeat(15_998)));
    expect((await audited(15_999)).result).toBe(cut(JSON.stringify('a'.repeat(15_999))));
  });

  it('never fails a call when the sink throws or rejects, and logs it', async () => {
    const log = logger();
    let n = 0;
    const { registry } = await buildRegistry(
      toolsModule({
        logger: log,
        audit: () => {
          n++;
          if (n === 1) throw new Error('disk full');
          if (n === 2) return Promise.reject(new Error('network down'));
          return undefined;
        },
      }),
      toolset({ name: 'a', tools: [Echo] }),
    );
    expect(await registry.dispatch('echo', { text: 'a' })).toMatchObject({ ok: true });
    expect(await registry.dispatch('echo', { text: 'b' }, { callId: 'second' })).toMatchObject({ ok: true });
    expect(await registry.dispatch('echo', { text: 'c' })).toMatchObject({ ok: true });
    await new Promise((resolve) => setImmediate(resolve));
    // The third sink call returned normally: nothing to log.
    expect(log.errors).toEqual([
      'hermes-tools: the audit sink failed; the call was not affected',
      'hermes-tools: the audit sink failed; the call was not affected',
    ]);
    expect(log.meta[0]).toMatchObject({ tool: 'echo', error: 'disk full' });
    expect(log.meta[1]).toEqual({ tool: 'echo', callId: 'second', error: 'network down' });
  });

  it("records a forCaller view's calls under its caller", async () => {
    const records: AuditRecord[] = [];
    const { registry } = await buildRegistry(
      toolsModule({ audit: (r) => void records.push(r) }),
      toolset({ name: 'a', tools: [Echo] }),
    );
    const view = await registry.forCaller({ caller: { user: 'ann' } });
    await view.dispatch('echo', { text: 'a' }, { caller: 'someone else' });
    await view.dispatch('ech', {}, { caller: 'someone else' });
    expect(records.map((r) => [r.tool, r.caller, r.outcome])).toEqual([
      ['echo', { user: 'ann' }, 'ok'],
      ['ech', { user: 'ann' }, 'tool_not_found'],
    ]);
  });
});
